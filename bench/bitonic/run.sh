#!/usr/bin/env bash
# run.sh GEN_DIR OUT_DIR - the bitonic sort benchmark in the layout of the
# paper's Table 1: for N = 2^20 ... 2^24, the g++ -O2 build of
# bench/bitonic/bitonic_bench.cpp (the CPU loop nest) against the nvcc build
# of loop2cuda's output GEN_DIR/bench/bitonic/bitonic_bench.cu, copies to and
# from the device included (device initialisation is not: it happens once,
# at program start, before the timed region). Both runs must produce the
# same sorted checksum. Writes OUT_DIR/bitonic.csv and prints the table.
set -u
GEN=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
SIZES=${L2C_BITONIC_SIZES:-"20 21 22 23 24"}
mkdir -p "$OUT"
g++ -O2 -std=c++17 -o "$OUT/bitonic_cpu" "$ROOT/bench/bitonic/bitonic_bench.cpp" || exit 1
"$NVCC" -O3 -arch=${L2C_ARCH:-sm_90} -std=c++17 -I "$ROOT/runtime" -DL2C_NO_CUB \
  -o "$OUT/bitonic_gpu" "$GEN/bench/bitonic/bitonic_bench.cu" || exit 1

echo "size,gpu_s,cpu_s,speedup" >"$OUT/bitonic.csv"
printf '\nBitonic sort, GPU (generated) vs CPU (original loop nest), seconds\n'
printf '%10s %10s %10s %10s\n' Size "GPU, s" "CPU, s" Speed-up
status=0
for lg in $SIZES; do
  # Warm-up run of the GPU build (module load), then the timed ones.
  "$OUT/bitonic_gpu" "$lg" >/dev/null || status=1
  best_gpu=""
  for rep in 1 2 3; do
    line=$("$OUT/bitonic_gpu" "$lg") || status=1
    t=$(echo "$line" | awk '{print $2}')
    gsum=$(echo "$line" | awk '{print $3 " " $4}')
    if [ -z "$best_gpu" ] || awk "BEGIN{exit !($t < $best_gpu)}"; then best_gpu=$t; fi
  done
  cline=$("$OUT/bitonic_cpu" "$lg") || status=1
  cpu=$(echo "$cline" | awk '{print $2}')
  csum=$(echo "$cline" | awk '{print $3 " " $4}')
  n=$((1 << lg))
  speed=$(awk "BEGIN{printf \"%.1f\", $cpu / $best_gpu}")
  note=""
  if [ "$gsum" != "$csum" ]; then note="  MISMATCH: gpu '$gsum' cpu '$csum'"; status=1; fi
  printf '%10d %10.4f %10.3f %10s%s\n' "$n" "$best_gpu" "$cpu" "$speed" "$note"
  echo "$n,$best_gpu,$cpu,$speed" >>"$OUT/bitonic.csv"
done
echo "(GPU: best of 3 runs after a warm-up; CPU: one run; checksums compared)"
exit $status
