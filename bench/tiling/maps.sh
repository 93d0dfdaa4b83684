#!/usr/bin/env bash
# maps.sh GEN_DIR OUT_DIR - the memory-bound maps of issue 10 (items 3 and
# 5; docs/rules/vectorize-map.md, docs/rules/map-nest.md), run by
# bench/tiling/run.sh from files generated elsewhere (tests/generate.sh):
#   1. tests/gpu-compare/vector_maps.cpp: the nvcc build of
#      GEN_DIR/compare/vector_maps.cu must print what the g++ build prints
#      and be clean under compute-sanitizer racecheck and memcheck;
#   2. bench/tiling/maps_bench.cpp in three builds: without grid-per-point
#      (GEN_DIR/bench/tiling/capped/maps_bench.cu: the capped grid, threads
#      loop over rows), as loop2cuda writes it now
#      (GEN_DIR/bench/tiling/maps_bench.cu), and with --enable-rule
#      vectorize-map (GEN_DIR/bench/tiling/vector/maps_bench.cu): saxpy over
#      2^28 floats, jacobi-2d, a 9-point stencil and fdtd-2d over 4096^2
#      doubles; each row beside cudaMemcpy device-to-device moving the same
#      bytes in the same run, and the speed-up over the capped build. The
#      checksums must equal the g++ build's.
# Writes OUT_DIR/tiling-maps.csv and OUT_DIR/tiling-maps.png (where
# matplotlib is installed). Environment: NVCC, L2C_ARCH (default sm_90),
# L2C_MAPS_REPS (default 20), SANITIZER.
set -u
GEN=${1:?usage: maps.sh GEN_DIR OUT_DIR}
OUT=${2:?usage: maps.sh GEN_DIR OUT_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${L2C_ARCH:-sm_90}
REPS=${L2C_MAPS_REPS:-20}
SAN=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
T="$GEN/bench/tiling"
mkdir -p "$OUT"
status=0

# maps_bench.cpp's static arrays pass 2 GiB: -mcmodel=medium.
build() { # build OUT_NAME SOURCE
  "$NVCC" -O3 -arch=$ARCH -std=c++17 -Xcompiler -mcmodel=medium -I "$ROOT/runtime" -o "$OUT/$1" "$2" \
    >"$OUT/$1.build.txt" 2>&1 || { cat "$OUT/$1.build.txt"; echo "BUILD FAILED: $1"; exit 1; }
}

grep -q "// vectorize-map: " "$T/vector/maps_bench.cu" ||
  { echo "ERROR: $T/vector/maps_bench.cu holds no vectorize-map kernel"; exit 1; }
grep -q "gridPerPoint" "$T/maps_bench.cu" ||
  { echo "ERROR: $T/maps_bench.cu launches no nest a thread per point"; exit 1; }
if grep -q "gridPerPoint" "$T/capped/maps_bench.cu"; then
  echo "ERROR: $T/capped/maps_bench.cu launches a thread per point"; exit 1
fi
CMP="$GEN/compare/vector_maps.cu"
build maps_default "$T/maps_bench.cu" &
build maps_vector "$T/vector/maps_bench.cu" &
build maps_capped "$T/capped/maps_bench.cu" &
[ -f "$CMP" ] && build vector_maps_gpu "$CMP" &
g++ -O2 -std=c++17 -mcmodel=medium -o "$OUT/maps_cpu" "$ROOT/bench/tiling/maps_bench.cpp" || exit 1
wait
for f in maps_default maps_vector maps_capped; do
  [ -x "$OUT/$f" ] || { echo "BUILD FAILED: $f"; exit 1; }
done

if [ -f "$CMP" ]; then
  echo "== tests/gpu-compare/vector_maps.cpp: CPU against GPU"
  g++ -O2 -std=c++17 -o "$OUT/vector_maps_cpu" "$ROOT/tests/gpu-compare/vector_maps.cpp" || exit 1
  "$OUT/vector_maps_cpu" >"$OUT/vector_maps_cpu.txt"
  "$OUT/vector_maps_gpu" >"$OUT/vector_maps_gpu.txt" || status=1
  if grep -q "// vectorize-map: " "$CMP" && cmp -s "$OUT/vector_maps_cpu.txt" "$OUT/vector_maps_gpu.txt"; then
    echo "ok: same output ($(wc -l <"$OUT/vector_maps_cpu.txt") lines), $(grep -c '// vectorize-map: ' "$CMP") vectorised kernels"
  else
    echo "FAIL: outputs differ or no vectorize-map kernel"
    diff "$OUT/vector_maps_cpu.txt" "$OUT/vector_maps_gpu.txt"; status=1
  fi
  for tool in racecheck memcheck; do
    log=$("$SAN" --tool $tool --error-exitcode 3 "$OUT/vector_maps_gpu" 2>&1)
    rc=$?
    if [ $rc -ne 0 ]; then
      echo "FAIL: $tool (rc $rc)"; echo "$log" | tail -20; status=1
    else
      echo "ok: $tool clean"
    fi
  done
else
  echo "WARNING: $CMP missing (run tests/generate.sh): no correctness test"
fi

printf '\nMemory-bound maps, %s runs after a warm-up, kernel time; bytes = each array read and written once a sweep\n' "$REPS"
printf '%-9s %-8s %10s %9s %9s %11s %10s  %s\n' kernel variant "ms/run" "GB/s" "copy GB/s" "% of copy" "vs capped" checksum
echo "kernel,variant,ms_per_run,gbs,copy_gbs,percent_of_copy,speedup_vs_capped,checksum_ok" >"$OUT/tiling-maps.csv"
for what in saxpy jacobi stencil9 fdtd; do
  cpu=$("$OUT/maps_cpu" $what "$REPS" | awk '{print $4}')
  declare -A S R C K
  for v in capped default vector; do
    line=$("$OUT/maps_$v" $what "$REPS") || { echo "FAIL: $v $what exited non-zero"; status=1; line="$what 0 0 ? 0"; }
    S[$v]=$(echo "$line" | awk '{print $2}')
    R[$v]=$(echo "$line" | awk '{print $3}')
    K[$v]=$(echo "$line" | awk '{print $4}')
    C[$v]=$(echo "$line" | awk '{print $5}')
  done
  for v in capped default vector; do
    ms=$(awk "BEGIN{printf \"%.3f\", ${S[$v]} * 1000}")
    pct=$(awk "BEGIN{c=${C[$v]}; printf \"%.1f\", (c > 0) ? 100 * ${R[$v]} / c : 0}")
    sp=$(awk "BEGIN{s=${S[$v]}; printf \"%.2fx\", (s > 0) ? ${S[capped]} / s : 0}")
    ok=yes
    [ "${K[$v]}" = "$cpu" ] || { ok="NO (cpu $cpu)"; status=1; }
    printf '%-9s %-8s %10s %9s %9s %10s%% %10s  %s\n' $what $v "$ms" "${R[$v]}" "${C[$v]}" "$pct" "$sp" "$ok"
    echo "$what,$v,$ms,${R[$v]},${C[$v]},$pct,${sp%x},$ok" >>"$OUT/tiling-maps.csv"
  done
  unset S R C K
done
echo "(default: loop2cuda as it is; capped: --disable-rule grid-per-point; vector: --enable-rule vectorize-map, which leaves the 2-D stencils as default has them)"
echo "csv: $OUT/tiling-maps.csv"
if python3 -c "import matplotlib" 2>/dev/null; then
  python3 "$ROOT/bench/tiling/plot.py" maps "$OUT/tiling-maps.csv" "$OUT/tiling-maps.png" &&
    echo "plot: $OUT/tiling-maps.png"
else
  echo "plot: skipped (no matplotlib; Debian python3-matplotlib)"
fi
exit $status
