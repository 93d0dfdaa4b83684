#!/usr/bin/env bash
# gpu-force-host.sh GEN_DIR OUT_DIR SEED... - for seeds of prepare-gpu.sh
# whose programs differ on the GPU: builds each seed's .cu as generated and
# with every probed loop forced to the host (`if (false && l2c::probeOrHost(`),
# runs both with LOOP2CUDA_PROFILE=1 and prints, per program, whether each
# matches the CPU checksum. Generated wrong and forced right: the probe
# missed a conflict. Both wrong: something else (copies, another loop).
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 GEN_DIR OUT_DIR SEED..." >&2
  exit 2
fi
GEN=$1 OUT=$2
shift 2
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null 2>&1 || NVCC=/usr/local/cuda/bin/nvcc
mkdir -p "$OUT"
for s in "$@"; do
  d="$GEN/seed_$s"
  cu=$(ls "$d"/*.cu 2>/dev/null | head -1)
  [ -n "$cu" ] || { echo "seed $s: no .cu in $d"; continue; }
  sed 's/if (l2c::probeOrHost(/if (false \&\& l2c::probeOrHost(/' "$cu" >"$OUT/seed_${s}_host.cu"
  cp "$cu" "$OUT/seed_${s}.cu"
  for v in "seed_$s" "seed_${s}_host"; do
    "$NVCC" -O2 -arch="${L2C_ARCH:-sm_90}" -std=c++17 -I "$GEN/runtime" \
      -o "$OUT/$v" "$OUT/$v.cu" >"$OUT/$v.build" 2>&1 || { echo "$v: build failed"; continue; }
    LOOP2CUDA_PROFILE=1 timeout "${L2C_TIMEOUT:-30}" "$OUT/$v" >"$OUT/$v.out" 2>"$OUT/$v.err"
    while read -r _ k sum; do
      got=$(awk -v k="$k" '$1 == "prog" && $2 == k {print $3}' "$OUT/$v.out")
      [ "$got" = "$sum" ] && r=same || r=DIFFERS
      echo "$v prog $k: $r"
    done <"$d/expected.txt"
  done
done
