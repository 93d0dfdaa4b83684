#!/bin/bash
# prepare42.sh LOOP2CUDA PB42 PBOMP OUT: lays out, under OUT, the programs of
# two PolyBench OpenMP corpora that loop2cuda translated, for run-gpu.sh:
#   OUT/pb42-small  PolyBench/C 4.2.1 OpenMP (EEESlab/PolyBenchC-4.2.1-OpenMP
#                   layout, with a PolyBench 4.2 utilities/ added), small
#                   dataset with the arrays printed: the outputs must agree
#   OUT/pb42-std    the same at the 4.2 default (LARGE) dataset, timed;
#                   PB42_DATASET=MEDIUM_DATASET (or another) picks another
#   OUT/pbomp       qiongsiwu/PolybenchOMP's OmpGPU (target teams distribute)
#                   and OmpCPU (parallel for) programs, built with -DRUN_TEST:
#                   each compares its OpenMP function with its sequential
#                   one, and run-gpu.sh checks that line (selfcheck)
# The sources are not part of this project: point it at checkouts. Prints
# one line per program.
#   bench/polybench/prepare42.sh build/bin/loop2cuda /work/pb42 /work/pbomp gpu-carry
# then, on the GPU machine:
#   bench/polybench/run-gpu.sh gpu-carry/pb42-small out/pb42-small
#   bench/polybench/run-gpu.sh gpu-carry/pb42-std out/pb42-std
#   bench/polybench/run-gpu.sh gpu-carry/pbomp out/pbomp
set -u
L2C=$1 PB42=$2 PBOMP=$3 OUT=$4
HERE=$(cd "$(dirname "$0")" && pwd)

L2C_FLAGS=--min-launch-work=0 "$HERE/prepare.sh" "$L2C" "$PB42" \
  "$OUT/pb42-small" -DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS
"$HERE/prepare.sh" "$L2C" "$PB42" "$OUT/pb42-std" \
  "-D${PB42_DATASET:-LARGE_DATASET}" -DPOLYBENCH_TIME

# PolybenchOMP: OmpGPU/NAME/x.c and OmpCPU/NAME/x.c include
# "../../common/polybenchUtilFuncts.h"; each program gets its own folder
# (gpu-NAME, cpu-NAME) with the header beside it.
mkdir -p "$OUT/pbomp"
for C in $(find "$PBOMP/OmpGPU" "$PBOMP/OmpCPU" -name '*.c' | sort); do
  K=$(basename "$(dirname "$C")" | tr 'A-Z' 'a-z')
  V=$(basename "$(dirname "$(dirname "$C")")")
  N=$([ "$V" = OmpGPU ] && echo "gpu-$K" || echo "cpu-$K")
  P="$OUT/pbomp/$N"
  rm -rf "$P" && mkdir -p "$P"
  cp "$PBOMP/common/polybenchUtilFuncts.h" "$P/"
  sed 's|"\.\./\.\./common/polybenchUtilFuncts\.h"|"polybenchUtilFuncts.h"|' \
    "$C" > "$P/$N.c"
  echo -DRUN_TEST > "$P/flags"
  echo '^Non-Matching' > "$P/selfcheck"
  grep -q 'omp_get_' "$P/$N.c" && echo -lgomp > "$P/libs"
  timeout 120 "$L2C" ${L2C_FLAGS:-} "$P/$N.c" -o "$P/gen" -- -fopenmp \
    -DRUN_TEST > "$P/loop2cuda.txt" 2>&1
  RC=$?
  K=$(grep -c '__global__' "$P/gen/$N.cu" 2>/dev/null)
  echo "$N: loop2cuda rc=$RC, ${K:-0} kernels, $(grep -c 'warning: loop not' "$P/loop2cuda.txt") loops rejected, $(grep -c 'warning: loop kept on the CPU' "$P/loop2cuda.txt") kept on the CPU"
done
