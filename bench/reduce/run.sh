#!/usr/bin/env bash
# run.sh GEN_BENCH_DIR OUT_DIR - builds and runs the reduction benchmark
# (the layout of Doroshenko & Zhereb's Table 2) and the reduction tests at
# every stage of the ladder, on a machine with a GPU.
#   GEN_BENCH_DIR  what bench/generate.sh wrote (GEN/bench): reduce/stageN/
#                  {sum_bench.cu, reductions.cu, STAGE}
#   OUT_DIR        build products, logs, reduce_bench.csv, reduce_bench.txt
# Steps: (1) each stage's sum_bench.cu compiles with -Dsum_loop=
# sum_loop_stageN -Dl2c_device=l2c_device_stageN and links with
# reduce_bench.cu into one program; (2) each stage's reductions.cu (every
# operator x type x size, self-checking) builds and runs: `PASS|FAIL
# reductions-stageN`; (3) reduce_bench runs at 2^20, 2^24 and 2^28 int32
# (override with L2C_REDUCE_SIZES="20 24 28") and prints the table.
# Exits 1 if anything fails to build, any test fails or a result is wrong.
# Environment: NVCC, L2C_ARCH (default sm_90), L2C_JOBS (default nproc).
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 GEN_BENCH_DIR OUT_DIR" >&2
  exit 2
fi
GEN=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" || exit 2
OUT=$(cd "$2" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${L2C_ARCH:-sm_90}
JOBS=${L2C_JOBS:-$(nproc 2>/dev/null || echo 4)}
SIZES=${L2C_REDUCE_SIZES:-"20 24 28"}
FLAGS=(-O3 "-arch=$ARCH" -std=c++17 -I "$ROOT/runtime")
STAGES=$(ls -d "$GEN"/reduce/stage* 2>/dev/null | sed 's/.*stage//' | sort -n)
if [ -z "$STAGES" ]; then
  echo "FAIL reduce-bench (no $GEN/reduce/stageN: run bench/generate.sh)"
  exit 1
fi
status=0

# (1) + (2): builds, in parallel.
build() { # name, log, command...
  local name=$1 log=$2
  shift 2
  if "$@" >"$log" 2>&1; then echo 0 >"$log.rc"; else echo 1 >"$log.rc"; fi
}
running=0
throttle() {
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then wait -n 2>/dev/null || true; running=$((running - 1)); fi
}
for n in $STAGES; do
  d="$GEN/reduce/stage$n"
  build "sum$n" "$OUT/sum_stage$n.log" "$NVCC" "${FLAGS[@]}" -c \
    "-Dsum_loop=sum_loop_stage$n" "-Dl2c_device=l2c_device_stage$n" \
    -o "$OUT/sum_stage$n.o" "$d/sum_bench.cu" &
  throttle
  if [ -f "$d/reductions.cu" ]; then
    build "red$n" "$OUT/reductions_stage$n.log" "$NVCC" "${FLAGS[@]}" \
      -o "$OUT/reductions_stage$n" "$d/reductions.cu" &
    throttle
  fi
done
build driver "$OUT/reduce_bench_driver.log" "$NVCC" "${FLAGS[@]}" -c \
  -o "$OUT/reduce_bench_driver.o" "$ROOT/bench/reduce/reduce_bench.cu" &
wait

objs=()
for n in $STAGES; do
  if [ "$(cat "$OUT/sum_stage$n.log.rc")" != 0 ]; then
    echo "FAIL reduce-bench-build-stage$n (see $OUT/sum_stage$n.log)"; status=1
  fi
  objs+=("$OUT/sum_stage$n.o")
done

# (2) the reduction tests at every stage.
for n in $STAGES; do
  d="$GEN/reduce/stage$n"
  [ -f "$d/reductions.cu" ] || continue
  name="reductions-stage$n ($(cat "$d/STAGE" 2>/dev/null))"
  if [ "$(cat "$OUT/reductions_stage$n.log.rc")" != 0 ]; then
    echo "FAIL $name (build, see $OUT/reductions_stage$n.log)"; status=1; continue
  fi
  if timeout "${L2C_TIMEOUT:-300}" "$OUT/reductions_stage$n" >"$OUT/reductions_stage$n.out" 2>&1 &&
     ! grep -q '^FAIL' "$OUT/reductions_stage$n.out"; then
    echo "PASS $name"
  else
    echo "FAIL $name: $(grep -m5 '^FAIL\|error' "$OUT/reductions_stage$n.out" | tr '\n' ' ')"
    status=1
  fi
done

# (3) the benchmark (L2C_SKIP_BENCH=1: the tests only).
if [ -n "${L2C_SKIP_BENCH:-}" ]; then
  echo "reduce-bench: skipped (L2C_SKIP_BENCH)"
  exit $status
fi
if [ "$(cat "$OUT/reduce_bench_driver.log.rc")" != 0 ]; then
  echo "FAIL reduce-bench (driver build, see $OUT/reduce_bench_driver.log)"; exit 1
fi
if [ "$status" != 0 ] && [ ! -f "${objs[0]}" ]; then exit 1; fi
if ! "$NVCC" "${FLAGS[@]}" -o "$OUT/reduce_bench" "$OUT/reduce_bench_driver.o" \
     "${objs[@]}" >"$OUT/reduce_bench_link.log" 2>&1; then
  echo "FAIL reduce-bench (link, see $OUT/reduce_bench_link.log)"; exit 1
fi
# shellcheck disable=SC2086
timeout "${L2C_BENCH_TIMEOUT:-400}" "$OUT/reduce_bench" "$OUT/reduce_bench.csv" $SIZES | tee "$OUT/reduce_bench.txt"
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ]; then echo "FAIL reduce-bench (exit $rc)"; status=1; else echo "PASS reduce-bench"; fi
exit $status
