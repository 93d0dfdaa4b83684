#!/usr/bin/env bash
# run.sh GEN_DIR OUT_DIR - matrix-product tiling (issue 10, item 4,
# docs/rules/tile-matmul.md) on the GPU, from files generated elsewhere
# (tests/generate.sh or bench/generate.sh LOOP2CUDA GEN_DIR/bench; this
# machine needs nvcc and cuBLAS, not clang):
#   1. the GPU comparison test tests/gpu-compare/matmul_tiles.cpp: the nvcc
#      build of GEN_DIR/compare/matmul_tiles.cu must print what the g++
#      build prints, and be clean under compute-sanitizer racecheck and
#      memcheck;
#      The same for tests/gpu-compare/matmul_dmma.cpp (double products on
#      the FP64 tensor cores, rule set tile-matmul-dmma), whose sanitizer
#      runs take its small sizes (argument "small");
#   2. the table at 4096 x 4096, float and double: the generated gemm
#      without tile-matmul and tile-matmul-dmma
#      (GEN_DIR/bench/tiling/untiled), as loop2cuda writes it (float:
#      tile-matmul; double: tile-matmul-dmma), double without
#      tile-matmul-dmma (GEN_DIR/bench/tiling/simt: tile-matmul on the CUDA
#      cores), and cuBLAS SGEMM/DGEMM (bench/tiling/cublas_gemm.cu, linked
#      with -lcublas), each REPS products after a warm-up; all must print
#      the same checksum (the sums are exact). Writes OUT_DIR/tiling-matmul.csv,
#      OUT_DIR/tiling-matmul.png (where matplotlib is installed) and the
#      kernels' register use (OUT_DIR/tiled-resources.txt).
# Environment: NVCC, L2C_ARCH (default sm_90), L2C_MATMUL_REPS (default 5),
# SANITIZER. Exits non-zero on a build failure, a mismatch or a sanitizer
# error.
set -u
GEN=${1:?usage: run.sh GEN_DIR OUT_DIR}
OUT=${2:?usage: run.sh GEN_DIR OUT_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${L2C_ARCH:-sm_90}
REPS=${L2C_MATMUL_REPS:-5}
SAN=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
T="$GEN/bench/tiling"
mkdir -p "$OUT"
status=0

build() { # build OUT_NAME SOURCE [FLAGS...]
  local name=$1 src=$2
  shift 2
  "$NVCC" -O3 -arch=$ARCH -std=c++17 -I "$ROOT/runtime" "$@" \
    -o "$OUT/$name" "$src" >"$OUT/$name.build.txt" 2>&1 ||
    { cat "$OUT/$name.build.txt"; echo "BUILD FAILED: $name"; exit 1; }
}

grep -q "// tile-matmul: " "$T/matmul_bench.cu" ||
  { echo "ERROR: $T/matmul_bench.cu holds no tile-matmul kernel"; exit 1; }
if grep -q "// tile-matmul: " "$T/untiled/matmul_bench.cu"; then
  echo "ERROR: $T/untiled/matmul_bench.cu is tiled"; exit 1
fi
build tiled "$T/matmul_bench.cu" -Xptxas -v &
build untiled "$T/untiled/matmul_bench.cu" &
build simt "$T/simt/matmul_bench.cu" -Xptxas -v &
build cublas "$ROOT/bench/tiling/cublas_gemm.cu" -lcublas &
wait
for f in tiled untiled simt cublas; do
  [ -x "$OUT/$f" ] || { echo "BUILD FAILED: $f"; exit 1; }
done
grep -E "registers|spill" "$OUT/tiled.build.txt" "$OUT/simt.build.txt" >"$OUT/tiled-resources.txt"
echo "== ptxas: registers and spills of the tiled build"
cat "$OUT/tiled-resources.txt"

# compare_test STEM MARK WHAT [ARGS...]: the nvcc build of the generated
# GEN_DIR/compare/STEM.cu against the g++ build of tests/gpu-compare/
# STEM.cpp (same output, and kernels carrying the comment "// MARK: ",
# counted as WHAT), then clean under racecheck and memcheck, run with ARGS.
compare_test() {
  local stem=$1 mark=$2 what=$3
  shift 3
  local src="$GEN/compare/$stem.cu"
  if [ ! -f "$src" ]; then
    echo "WARNING: $src missing (run tests/generate.sh): no $mark correctness test"
    return
  fi
  echo "== tests/gpu-compare/$stem.cpp: CPU against GPU"
  g++ -O2 -std=c++17 -o "$OUT/${stem}_cpu" "$ROOT/tests/gpu-compare/$stem.cpp" || exit 1
  build "${stem}_gpu" "$src"
  "$OUT/${stem}_cpu" >"$OUT/${stem}_cpu.txt"
  "$OUT/${stem}_gpu" >"$OUT/${stem}_gpu.txt" || status=1
  if grep -q "// $mark: " "$src" && cmp -s "$OUT/${stem}_cpu.txt" "$OUT/${stem}_gpu.txt"; then
    echo "ok: same output ($(wc -l <"$OUT/${stem}_cpu.txt") lines), $(grep -c "// $mark: " "$src") $what"
  else
    echo "FAIL: outputs differ or no $mark kernel"
    diff "$OUT/${stem}_cpu.txt" "$OUT/${stem}_gpu.txt"; status=1
  fi
  local tool log rc
  for tool in racecheck memcheck; do
    log=$("$SAN" --tool $tool --error-exitcode 3 "$OUT/${stem}_gpu" "$@" 2>&1)
    rc=$?
    if [ $rc -ne 0 ]; then
      echo "FAIL: $tool (rc $rc)"; echo "$log" | tail -20; status=1
    else
      echo "ok: $tool clean"
    fi
  done
}
compare_test matmul_tiles tile-matmul "tile-matmul kernels"
# The tensor-core test's sanitizer runs take its small sizes.
compare_test matmul_dmma tile-matmul-dmma "tensor-core kernels" small

printf '\nC := 2*A*B + C at %sx%s, %s products after a warm-up, kernel time\n' 4096 4096 "$REPS"
printf '%-7s %-9s %10s %10s %11s %12s  %s\n' type variant "ms/run" "GFLOP/s" "vs cuBLAS" "vs untiled" checksum
echo "type,variant,ms_per_run,gflops,ratio_to_cublas,speedup_vs_untiled,checksum" >"$OUT/tiling-matmul.csv"
for what in sgemm dgemm; do
  declare -A S G C
  vs="cublas untiled tiled"
  [ $what = dgemm ] && vs="cublas untiled simt tiled"
  for v in $vs; do
    line=$("$OUT/$v" $what "$REPS") || { echo "FAIL: $v $what exited non-zero"; status=1; line="$what 0 0 ?"; }
    S[$v]=$(echo "$line" | awk '{print $2}')
    G[$v]=$(echo "$line" | awk '{print $3}')
    C[$v]=$(echo "$line" | awk '{print $4}')
  done
  type=float
  [ $what = dgemm ] && type=double
  for v in $vs; do
    ms=$(awk "BEGIN{printf \"%.2f\", ${S[$v]} * 1000}")
    ratio=$(awk "BEGIN{s=${S[$v]}; c=${S[cublas]}; printf \"%.2fx\", (s > 0 && c > 0) ? s / c : 0}")
    sp=$(awk "BEGIN{s=${S[$v]}; printf \"%.1fx\", (s > 0) ? ${S[untiled]} / s : 0}")
    note=""
    if [ "${C[$v]}" != "${C[cublas]}" ]; then
      note="  MISMATCH (cuBLAS ${C[cublas]})"; status=1
    fi
    name=$v
    [ $v = cublas ] && { [ $what = sgemm ] && name=cuBLAS-S || name=cuBLAS-D; }
    [ $what = dgemm ] && [ $v = tiled ] && name=dmma
    printf '%-7s %-9s %10s %10s %11s %12s  %s%s\n' $type $name "$ms" "${G[$v]}" "$ratio" "$sp" "${C[$v]}" "$note"
    echo "$type,$name,$ms,${G[$v]},${ratio%x},${sp%x},${C[$v]}" >>"$OUT/tiling-matmul.csv"
  done
  unset S G C
done
echo "(vs cuBLAS: time over cuBLAS's time, target <= 2.00x; vs untiled: the untiled time over this one;"
echo " double simt: --disable-rule tile-matmul-dmma, tile-matmul on the CUDA cores; double dmma: tile-matmul-dmma)"
echo "csv: $OUT/tiling-matmul.csv"
# A bar chart of the GFLOP/s, where matplotlib is installed
# (Debian python3-matplotlib).
if python3 -c "import matplotlib" 2>/dev/null; then
  python3 "$ROOT/bench/tiling/plot.py" matmul "$OUT/tiling-matmul.csv" "$OUT/tiling-matmul.png" &&
    echo "plot: $OUT/tiling-matmul.png"
else
  echo "plot: skipped (no matplotlib; Debian python3-matplotlib)"
fi

# The memory-bound maps: saxpy (vectorize-map) and the 2-D stencils.
echo
bash "$ROOT/bench/tiling/maps.sh" "$GEN" "$OUT" || status=1
exit $status
