#!/usr/bin/env bash
# generate.sh LOOP2CUDA OUT_DIR - runs loop2cuda on the benchmarks' sources
# (tests/generate.sh calls it with GEN_DIR/bench):
#   OUT_DIR/<dir>/<stem>.cu              each bench/<dir>/*.cpp (not reduce/,
#                                        histogram/ nor scan/)
#   OUT_DIR/stencil/before/<stem>.cu     bench/stencil/*.cpp with
#                                        --disable-rule whole-arrays (each
#                                        loop's own extent, for run.sh)
#   OUT_DIR/stencil/whole/<stem>.cu      the same with whole copies in
#                                        (rules copy-in-outside and
#                                        launch-overwrites off)
#   OUT_DIR/bitonic/global/bitonic_bench.cu   with --disable-rule
#                                        bitonic-shared (run-gpu.sh)
#   OUT_DIR/tiling/untiled/matmul_bench.cu    with --disable-rule
#                                        tile-matmul and tile-matmul-dmma
#                                        (tiling/run.sh)
#   OUT_DIR/tiling/simt/matmul_bench.cu  with --disable-rule
#                                        tile-matmul-dmma (tiling/run.sh:
#                                        double on the CUDA cores)
#   OUT_DIR/tiling/scalar/maps_bench.cu  with --disable-rule vectorize-map
#   OUT_DIR/tiling/perpoint/maps_bench.cu  with --enable-rule grid-per-point
#                                        (both for tiling/maps.sh)
#   OUT_DIR/nests/perpoint/nests_bench.cu  with --enable-rule grid-per-point
#                                        (nests/run.sh)
#   OUT_DIR/reduce/stageN/sum_bench.cu   the reduction ladder, stage N = the
#                                        first N rule sets of STAGES below,
#                                        the later ones disabled
#   OUT_DIR/reduce/stageN/reductions.cu  tests/gpu-src/reductions.cpp at
#                                        stage N (bench/reduce/run.sh runs
#                                        them: every stage must be correct)
#   OUT_DIR/histogram/stageN/{hist_bench.cu, histograms.cu,
#                             histograms-large.cu}
#                                        the histogram ladder the same way
#                                        (bench/histogram/run.sh)
#   OUT_DIR/scan/stageN/{scan_bench.cu, scans.cu, scans-large.cu}
#                                        the scan ladder the same way
#                                        (bench/scan/run.sh)
set -euo pipefail
L2C=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$OUT"

for dir in "$ROOT"/bench/*/; do
  name=$(basename "$dir")
  [ "$name" = reduce ] || [ "$name" = histogram ] || [ "$name" = scan ] && continue
  compgen -G "$dir*.cpp" >/dev/null || continue
  mkdir -p "$OUT/$name"
  for s in "$dir"*.cpp; do
    "$L2C" -o "$OUT/$name" "$s" -- -std=c++17 -fopenmp
  done
done

# The bitonic sort without bitonic-shared: every step a global launch.
mkdir -p "$OUT/bitonic/global"
"$L2C" --disable-rule bitonic-shared -o "$OUT/bitonic/global" \
  "$ROOT/bench/bitonic/bitonic_bench.cpp" -- -std=c++17

# The matrix product without tile-matmul nor tile-matmul-dmma: one output
# per thread; and without tile-matmul-dmma only: double on the CUDA cores.
mkdir -p "$OUT/tiling/untiled" "$OUT/tiling/simt"
"$L2C" --disable-rule tile-matmul --disable-rule tile-matmul-dmma \
  -o "$OUT/tiling/untiled" "$ROOT/bench/tiling/matmul_bench.cpp" -- -std=c++17 -fopenmp
"$L2C" --disable-rule tile-matmul-dmma -o "$OUT/tiling/simt" \
  "$ROOT/bench/tiling/matmul_bench.cpp" -- -std=c++17 -fopenmp

# The maps as loop2cuda writes them in tiling/ (the loop above), without
# vectorize-map in tiling/scalar/, and with grid-per-point (off by default:
# docs/rules/grid-per-point.md) in tiling/perpoint/. The 2-D nests with
# grid-per-point in nests/perpoint/.
mkdir -p "$OUT/tiling/scalar" "$OUT/tiling/perpoint" "$OUT/nests/perpoint"
"$L2C" --disable-rule vectorize-map -o "$OUT/tiling/scalar" \
  "$ROOT/bench/tiling/maps_bench.cpp" -- -std=c++17 -fopenmp
"$L2C" --enable-rule grid-per-point -o "$OUT/tiling/perpoint" \
  "$ROOT/bench/tiling/maps_bench.cpp" -- -std=c++17 -fopenmp
"$L2C" --enable-rule grid-per-point -o "$OUT/nests/perpoint" \
  "$ROOT/bench/nests/nests_bench.cpp" -- -std=c++17 -fopenmp

mkdir -p "$OUT/stencil/before" "$OUT/stencil/whole"
for s in "$ROOT"/bench/stencil/*.cpp; do
  "$L2C" --disable-rule whole-arrays -o "$OUT/stencil/before" "$s" -- -std=c++17 -fopenmp
  "$L2C" --disable-rule copy-in-outside --disable-rule launch-overwrites \
    -o "$OUT/stencil/whole" "$s" -- -std=c++17 -fopenmp
done

# The ladder, in pipeline order (rules/pipeline.txt).
STAGES=(extract-reduction reduce-shared-memory reduce-fewer-branches
        reduce-sequential-addressing reduce-first-add-on-load
        reduce-unroll-last-warp reduce-warp-shuffle reduce-grid-stride
        reduce-single-pass)
for ((n = 1; n <= ${#STAGES[@]}; n++)); do
  args=()
  for ((j = n; j < ${#STAGES[@]}; j++)); do
    args+=(--disable-rule "${STAGES[$j]}")
  done
  dir="$OUT/reduce/stage$n"
  mkdir -p "$dir"
  "$L2C" "${args[@]}" -o "$dir" "$ROOT/bench/reduce/sum_bench.cpp" -- -std=c++17
  "$L2C" "${args[@]}" --min-launch-work=0 -o "$dir" "$ROOT/tests/gpu-src/reductions.cpp" -- -std=c++17
  echo "${STAGES[$((n - 1))]}" >"$dir/STAGE"
done

# The histogram ladder (docs/histograms.md), the same way:
# OUT_DIR/histogram/stageN/{hist_bench.cu, histograms*.cu, STAGE}.
# histogram-warp-aggregate (off in the pipeline, slower than stage 2:
# docs/rules/histogram-warp-aggregate.md) is no stage of the ladder and
# stays off.
HSTAGES=(histogram-atomics histogram-shared-memory histogram-sub-histograms
         histogram-vector-keys)
for ((n = 1; n <= ${#HSTAGES[@]}; n++)); do
  # Stage n: the first n sets on (also those pipeline.txt marks off),
  # the later ones off.
  args=(--disable-rule histogram-warp-aggregate)
  for ((j = 0; j < n; j++)); do
    args+=(--enable-rule "${HSTAGES[$j]}")
  done
  for ((j = n; j < ${#HSTAGES[@]}; j++)); do
    args+=(--disable-rule "${HSTAGES[$j]}")
  done
  dir="$OUT/histogram/stage$n"
  mkdir -p "$dir"
  "$L2C" "${args[@]}" -o "$dir" "$ROOT/bench/histogram/hist_bench.cpp" -- -std=c++17 -fopenmp
  for t in histograms histograms-large; do
    "$L2C" "${args[@]}" --min-launch-work=0 -o "$dir" "$ROOT/tests/gpu-compare/$t.cpp" -- -std=c++17 -fopenmp
  done
  echo "${HSTAGES[$((n - 1))]}" >"$dir/STAGE"
done

# The scan ladder (docs/scans.md), the same way:
# OUT_DIR/scan/stageN/{scan_bench.cu, scans*.cu, STAGE}.
SSTAGES=(extract-scan scan-blelloch scan-warp-shuffle scan-single-pass
         scan-coalesce)
for ((n = 1; n <= ${#SSTAGES[@]}; n++)); do
  # Stage n: the first n sets on (also those pipeline.txt marks off),
  # the later ones off.
  args=()
  for ((j = 0; j < n; j++)); do
    args+=(--enable-rule "${SSTAGES[$j]}")
  done
  for ((j = n; j < ${#SSTAGES[@]}; j++)); do
    args+=(--disable-rule "${SSTAGES[$j]}")
  done
  dir="$OUT/scan/stage$n"
  mkdir -p "$dir"
  "$L2C" "${args[@]}" -o "$dir" "$ROOT/bench/scan/scan_bench.cpp" -- -std=c++17 -fopenmp
  for t in scans scans-large scans-reruns; do
    "$L2C" "${args[@]}" --min-launch-work=0 -o "$dir" "$ROOT/tests/gpu-compare/$t.cpp" -- -std=c++17 -fopenmp
  done
  echo "${SSTAGES[$((n - 1))]}" >"$dir/STAGE"
done
