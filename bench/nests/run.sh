#!/usr/bin/env bash
# run.sh GEN_DIR OUT_DIR - loop nests on 2-D grids: the nvcc build of
# loop2cuda's output GEN_DIR/bench/nests/nests_bench.cu against the g++ -O2
# build of bench/nests/nests_bench.cpp (one CPU core), with the
# device-to-device copy bandwidth measured in the same run. The GPU runs
# once more with the CPU's repetitions, and both must print the same
# checksum. The 2-D map and jacobi also run from
# GEN_DIR/bench/nests/capped/nests_bench.cu (--disable-rule grid-per-point:
# the capped grid whose threads loop over rows), rows "map-capped" and
# "jacobi-capped". Prints the table and writes OUT_DIR/nests.csv.
set -u
GEN=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$OUT"
g++ -O2 -std=c++17 -o "$OUT/nests_cpu" "$ROOT/bench/nests/nests_bench.cpp" || exit 1
"$NVCC" -O3 -arch=${L2C_ARCH:-sm_90} -std=c++17 -I "$ROOT/runtime" \
  -o "$OUT/nests_gpu" "$GEN/bench/nests/nests_bench.cu" || exit 1
"$NVCC" -O3 -arch=${L2C_ARCH:-sm_90} -std=c++17 -I "$ROOT/runtime" \
  -o "$OUT/nests_capped" "$GEN/bench/nests/capped/nests_bench.cu" || exit 1
copy=$("$OUT/nests_gpu" copy | awk '{print $3}')
echo "nest,gpu_s,gpu_rate,unit,pct_of_copy,cpu_s,cpu_rate,speedup" >"$OUT/nests.csv"
printf '\nLoop nests on the GPU (generated) vs one CPU core; D2D copy: %s GB/s\n' "$copy"
printf '%-14s %12s %14s %10s %12s %14s %9s\n' nest "GPU s/run" "GPU rate" "% of copy" "CPU s/run" "CPU rate" speed-up
status=0
# name, GPU repetitions, CPU repetitions (the check run uses the latter).
for spec in "map 50 2 gpu" "map 50 2 capped" "jacobi 100 4 gpu" \
  "jacobi 100 4 capped" "matmul 10 1 gpu"; do
  set -- $spec
  g=$("$OUT/nests_$4" "$1" "$2") || status=1
  gc=$("$OUT/nests_$4" "$1" "$3") || status=1
  c=$("$OUT/nests_cpu" "$1" "$3") || status=1
  gs=$(echo "$g" | awk '{print $2}'); gr=$(echo "$g" | awk '{print $3}')
  unit=$(echo "$g" | awk '{print $4}')
  cs=$(echo "$c" | awk '{print $2}'); cr=$(echo "$c" | awk '{print $3}')
  pct="-"
  [ "$unit" = "GB/s" ] && pct=$(awk "BEGIN{printf \"%.0f%%\", 100 * $gr / $copy}")
  sp=$(awk "BEGIN{printf \"%.1f\", $cs / $gs}")
  note=""
  if [ "$(echo "$gc" | awk '{print $5}')" != "$(echo "$c" | awk '{print $5}')" ]; then
    note="  MISMATCH: gpu '$gc' cpu '$c'"; status=1
  fi
  name=$1
  [ "$4" = capped ] && name="$1-capped"
  printf '%-14s %12s %9s %-4s %10s %12s %9s %-4s %9s%s\n' "$name" "$gs" "$gr" "${unit%/s}" "$pct" "$cs" "$cr" "${unit%/s}" "$sp" "$note"
  echo "$name,$gs,$gr,$unit,$pct,$cs,$cr,$sp" >>"$OUT/nests.csv"
done
exit $status
