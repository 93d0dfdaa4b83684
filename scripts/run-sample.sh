#!/usr/bin/env bash
# run-sample.sh [sample] - sets up loop2cuda, runs it on samples/<sample>.cpp
# or samples/<sample>.c (default: saxpy) and shows the generated CUDA file.
# With nvcc it compiles the result; with a GPU it also runs it next to the
# g++ (gcc -std=c99 for C) build of the original and compares their output.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${L2C_BUILD_DIR:-$ROOT/build}
SAMPLE=${1:-saxpy}
OUT=${L2C_OUT:-$ROOT/loop2cuda-out}
"$ROOT/scripts/setup.sh"

SRC="$ROOT/samples/$SAMPLE.cpp" STD=-std=c++17 CC=(g++ -O2 -std=c++17) LIBS=()
if [ ! -f "$SRC" ] && [ -f "$ROOT/samples/$SAMPLE.c" ]; then
  SRC="$ROOT/samples/$SAMPLE.c" STD=-std=c99 CC=(gcc -O2 -std=c99) LIBS=(-lm)
fi
[ -f "$SRC" ] || { echo "run-sample: no samples/$SAMPLE.cpp or .c" >&2; exit 2; }
# Host code that includes omp.h or calls omp_* needs OpenMP in both builds.
OMP=() NVOMP=()
if grep -q -E '#[[:space:]]*include[[:space:]]*<omp\.h>|omp_[A-Za-z_]+[[:space:]]*\(' "$SRC"; then
  OMP=(-fopenmp) NVOMP=(-Xcompiler -fopenmp -lgomp)
fi

echo "== loop2cuda ${SRC#"$ROOT/"} -o $OUT"
"$BUILD/bin/loop2cuda" "$SRC" -o "$OUT" -- "$STD"
echo "== $OUT/$SAMPLE.cu"
cat "$OUT/$SAMPLE.cu"

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$NVCC" ]; then
  echo "== nvcc not found: not compiling the result"
  exit 0
fi
echo "== nvcc -O3 -arch=sm_90 -std=c++17 -I runtime $OUT/$SAMPLE.cu"
"$NVCC" -O3 -arch=sm_90 -std=c++17 -I "$ROOT/runtime" "${NVOMP[@]}" -o "$OUT/$SAMPLE.gpu" "$OUT/$SAMPLE.cu"
if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "== no GPU here: compiled $OUT/$SAMPLE.gpu but not running it"
  exit 0
fi
"${CC[@]}" "${OMP[@]}" -o "$OUT/$SAMPLE.cpu" "$SRC" "${LIBS[@]}"
echo "== CPU (${CC[0]}):"; "$OUT/$SAMPLE.cpu" | tee "$OUT/$SAMPLE.cpu.txt"
echo "== GPU (nvcc):"; "$OUT/$SAMPLE.gpu" | tee "$OUT/$SAMPLE.gpu.txt"
if cmp -s "$OUT/$SAMPLE.cpu.txt" "$OUT/$SAMPLE.gpu.txt"; then
  echo "== same output"
else
  echo "== outputs differ"; exit 1
fi
