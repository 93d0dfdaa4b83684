#!/usr/bin/env bash
# run.sh GEN_DIR OUT_DIR - the stencils in a time loop (docs/data-regions.md):
# the 1-D one (2^20 floats, 50 steps) and the 2-D one (2048^2 doubles, 100
# steps), with the sweeps inline (stencil_inline.cpp) and in a called
# function (stencil_call.cpp). Builds GEN_DIR/bench/stencil/*.cu (what
# loop2cuda writes now) and, when there, GEN_DIR/bench/stencil/before/*.cu
# (the same with --disable-rule whole-arrays: each loop's own extent, as
# before issue 9) and GEN_DIR/bench/stencil/whole/*.cu (whole copies in:
# rules copy-in-outside and launch-overwrites off), runs each with LOOP2CUDA_PROFILE=1 and prints, per
# program: whole-program time (the program's own clock around the time
# loop), kernel time and transfer time (the profile's GPU totals), the
# number of transfers, and whether the checksum equals the g++ build's.
# Writes OUT_DIR/stencil.csv. L2C_STENCIL_FLAGS: more nvcc flags (say
# -DL2C_STAGE_MIN_BYTES=...), for all variants.
set -u
GEN=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$OUT"
status=0
echo "variant,form,mode,wall_ms,kernel_ms,transfer_ms,share,lock_ms,transfers,checksum_ok" >"$OUT/stencil.csv"
printf '%-7s %-7s %-3s %12s %12s %14s %7s %9s %10s %s\n' variant form mode "program ms" "kernel ms" "transfer ms" share "lock ms" transfers checksum
for form in inline call; do
  g++ -O2 -std=c++17 -o "$OUT/cpu_$form" "$ROOT/bench/stencil/stencil_$form.cpp" 2>/dev/null || exit 1
  for variant in after whole before; do
    src="$GEN/bench/stencil/stencil_$form.cu"
    [ "$variant" = after ] || src="$GEN/bench/stencil/$variant/stencil_$form.cu"
    [ -e "$src" ] || continue
    bin="$OUT/gpu_${form}_$variant"
    "$NVCC" -O3 -arch=${L2C_ARCH:-sm_90} -std=c++17 ${L2C_STENCIL_FLAGS:-} -I "$ROOT/runtime" \
      -o "$bin" "$src" || { status=1; continue; }
    for mode in 1d 2d; do
      cpu=$("$OUT/cpu_$form" "$mode" | awk '{print $3}')
      LOOP2CUDA_PROFILE=1 "$bin" "$mode" >"$OUT/$form-$variant-$mode.out" \
        2>"$OUT/$form-$variant-$mode.profile" || status=1
      wall=$(awk '{print $2}' "$OUT/$form-$variant-$mode.out")
      sum=$(awk '{print $3}' "$OUT/$form-$variant-$mode.out")
      kern=$(sed -n 's/.*GPU total: kernels \([0-9.]*\) ms.*/\1/p' "$OUT/$form-$variant-$mode.profile")
      copy=$(sed -n 's/.*+ transfers \([0-9.]*\) ms.*/\1/p' "$OUT/$form-$variant-$mode.profile")
      share=$(sed -n 's/.*(\([0-9.]*x\) the kernel time).*/\1/p' "$OUT/$form-$variant-$mode.profile")
      lock=$(sed -n 's/.*host page-locking before transfers: \([0-9.]*\) ms.*/\1/p' "$OUT/$form-$variant-$mode.profile")
      count=$(awk '{for (i = 1; i + 2 <= NF; i++) if ($i == "to" && ($(i+1) == "device" || $(i+1) == "host")) n += $(i+2)} END {print n + 0}' \
        "$OUT/$form-$variant-$mode.profile")
      ok=yes
      [ "$sum" = "$cpu" ] || { ok="NO (cpu $cpu)"; status=1; }
      printf '%-7s %-7s %-3s %12s %12s %14s %7s %9s %10s %s\n' "$variant" "$form" "$mode" "$wall" "$kern" "$copy" "$share" "${lock:-0}" "$count" "$ok"
      echo "$variant,$form,$mode,$wall,$kern,$copy,$share,${lock:-0},$count,$ok" >>"$OUT/stencil.csv"
    done
  done
done
exit $status
