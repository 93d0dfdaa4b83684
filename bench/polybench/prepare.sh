#!/bin/bash
# prepare.sh LOOP2CUDA POLYBENCH_OPENMP_DIR OUT FLAGS...: runs loop2cuda over
# every program of a PolyBench OpenMP tree (PolyBench-ACC's OpenMP/ layout, or
# PolyBench/C 4.2's: utilities/ and one folder per program) with the given -D flags, and lays
# out OUT for run-gpu.sh. The sources are not part of this project: point it
# at a checkout. Prints one line per program. L2C_FLAGS: options of
# loop2cuda itself (the small-dataset check uses --min-launch-work=0, so
# that its small sizes still test kernels).
set -u
L2C=$1 ROOT=$2 OUT=$3
shift 3
mkdir -p "$OUT/utilities"
cp "$ROOT"/utilities/polybench.[ch] "$OUT/utilities/"
for C in $(find "$ROOT" -name '*.c' ! -path '*/utilities/*' | sort); do
  D=$(dirname "$C") N=$(basename "$C" .c)
  P="$OUT/$N"
  rm -rf "$P" && mkdir -p "$P"
  cp "$C" "$D"/*.h "$P/"
  echo "$@" > "$P/flags"
  # Neither build uses -fopenmp: a call of the OpenMP runtime needs its library.
  grep -q 'omp_get_' "$C" && echo -lgomp > "$P/libs"
  # shellcheck disable=SC2086
  timeout 120 "$L2C" ${L2C_FLAGS:-} "$C" -o "$P/gen" -- -I"$ROOT/utilities" -I"$D" -fopenmp "$@" > "$P/loop2cuda.txt" 2>&1
  RC=$?
  K=$(grep -c '__global__' "$P/gen/$N.cu" 2>/dev/null)
  echo "$N: loop2cuda rc=$RC, ${K:-0} kernels, $(grep -c 'warning: loop not' "$P/loop2cuda.txt") loops rejected, $(grep -c 'warning: loop kept on the CPU' "$P/loop2cuda.txt") kept on the CPU"
done
