#!/usr/bin/env bash
# run-sample.sh [sample] - sets up loop2cuda, runs it on samples/<sample>.cpp
# (default: saxpy) and shows the generated CUDA file. With nvcc it compiles
# the result; with a GPU it also runs it next to the g++ build of the
# original and compares their output.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${L2C_BUILD_DIR:-$ROOT/build}
SAMPLE=${1:-saxpy}
OUT=${L2C_OUT:-$ROOT/loop2cuda-out}
"$ROOT/scripts/setup.sh"

echo "== loop2cuda samples/$SAMPLE.cpp -o $OUT"
"$BUILD/bin/loop2cuda" "$ROOT/samples/$SAMPLE.cpp" -o "$OUT" -- -std=c++17
echo "== $OUT/$SAMPLE.cu"
cat "$OUT/$SAMPLE.cu"

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$NVCC" ]; then
  echo "== nvcc not found: not compiling the result"
  exit 0
fi
echo "== nvcc -O3 -arch=sm_90 -std=c++17 -I runtime $OUT/$SAMPLE.cu"
"$NVCC" -O3 -arch=sm_90 -std=c++17 -I "$ROOT/runtime" -o "$OUT/$SAMPLE.gpu" "$OUT/$SAMPLE.cu"
if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "== no GPU here: compiled $OUT/$SAMPLE.gpu but not running it"
  exit 0
fi
g++ -O2 -std=c++17 -o "$OUT/$SAMPLE.cpu" "$ROOT/samples/$SAMPLE.cpp"
echo "== CPU (g++):"; "$OUT/$SAMPLE.cpu" | tee "$OUT/$SAMPLE.cpu.txt"
echo "== GPU (nvcc):"; "$OUT/$SAMPLE.gpu" | tee "$OUT/$SAMPLE.gpu.txt"
if cmp -s "$OUT/$SAMPLE.cpu.txt" "$OUT/$SAMPLE.gpu.txt"; then
  echo "== same output"
else
  echo "== outputs differ"; exit 1
fi
