#!/usr/bin/env bash
# batch.sh GEN_DIR OUT_DIR - everything that needs a GPU, in one run: the GPU
# tier (samples, --verify harnesses, generated GPU tests, runtime smoke
# test), the bitonic sort benchmark (paper's Table 1) and the reduction
# ladder (every stage's tests, then the paper's Table 2 against CUB).
# GEN_DIR is what tests/generate.sh wrote on a machine with LLVM. Summaries
# (at most 8 files) go to OUT_DIR; build products stay in a scratch folder.
set -u
GEN=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${L2C_WORK:-/tmp/l2c-batch}
mkdir -p "$OUT" "$WORK"
status=0
# A hung program must not eat the whole call: 120 s per program at most.
export L2C_TIMEOUT=${L2C_TIMEOUT:-120}
nvidia-smi -L | tee "$OUT/device.txt"
L2C_SKIP_BENCH_BUILD=1 bash "$ROOT/tests/gpu/run-gpu-tier.sh" "$GEN" "$WORK/tier" 2>&1 |
  tee "$OUT/tier.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
cp "$WORK/tier/gpu-tier.log" "$OUT/" 2>/dev/null
bash "$ROOT/bench/bitonic/run.sh" "$GEN" "$WORK/bitonic" 2>&1 | tee "$OUT/bitonic.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
# L2C_SKIP_BENCH=1 runs the reduction tests of every stage without timing.
bash "$ROOT/bench/reduce/run.sh" "$GEN/bench" "$WORK/reduce" 2>&1 | tee "$OUT/reduce.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
cp "$WORK/reduce/reduce_bench.csv" "$OUT/" 2>/dev/null
echo "gpu batch: $([ $status -eq 0 ] && echo passed || echo FAILED)"
exit $status
