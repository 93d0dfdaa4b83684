#!/usr/bin/env bash
# run.sh GEN_BENCH_DIR OUT_DIR - builds and runs the histogram benchmark on
# a machine with a GPU, nvcc and the generated files only.
#   GEN_BENCH_DIR  what bench/generate.sh wrote (GEN/bench):
#                  histogram/stageN/{hist_bench.cu, histograms.cu,
#                  histograms-large.cu, STAGE}
#   OUT_DIR        build products, logs, hist_bench.txt, hist_bench.csv and
#                  hist_bench.png (where matplotlib is installed)
# Each stage's hist_bench.cu compiles with -Dhist_loop=hist_loop_stageN
# -Dl2c_device=l2c_device_stageN and links with hist_bench.cu (CUB and the
# CPU loop); each stage's histograms.cu and histograms-large.cu (from
# tests/gpu-compare, the latter over 2^31 + 4097 keys) run and must print
# what their g++ builds print. Then the table: 2^24 and
# 2^28 keys (L2C_HIST_LOG2S, default "24 28"), uniform and all-equal;
# L2C_HIST_TRIALS trials per time (default 5); L2C_HIST_WORK=k: at least
# 2^k keys per timed batch (default 32). Exits 1 on any failure.
# Environment: NVCC, L2C_ARCH (default sm_90), L2C_PHASE (build: build
# only; run: run what an earlier build left in OUT_DIR; default: both).
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
PHASE=${L2C_PHASE:-all}
FLAGS=(-O3 "-arch=$ARCH" -std=c++17 -I "$ROOT/runtime")
STAGES=$(ls -d "$GEN"/histogram/stage* 2>/dev/null | sed 's/.*stage//' | sort -n)
if [ -z "$STAGES" ]; then
  echo "FAIL hist-bench (no $GEN/histogram/stageN: run bench/generate.sh)"
  exit 1
fi
count=$(echo "$STAGES" | wc -w)
status=0
# The compare tests (tests/gpu-compare) generated at every stage.
TESTS=(histograms histograms-large)

if [ "$PHASE" != run ]; then
  pids=()
  objs=()
  for n in $STAGES; do
    d="$GEN/histogram/stage$n"
    "$NVCC" "${FLAGS[@]}" -c "-Dhist_loop=hist_loop_stage$n" \
      "-Dl2c_device=l2c_device_stage$n" -o "$OUT/hist_stage$n.o" \
      "$d/hist_bench.cu" >"$OUT/hist_stage$n.log" 2>&1 &
    pids+=($!)
    objs+=("$OUT/hist_stage$n.o")
    for t in "${TESTS[@]}"; do
      [ -f "$d/$t.cu" ] || continue
      "$NVCC" "${FLAGS[@]}" -o "$OUT/${t}_stage$n" "$d/$t.cu" \
        >"$OUT/${t}_stage$n.log" 2>&1 &
      pids+=($!)
    done
  done
  for t in "${TESTS[@]}"; do
    g++ -std=c++17 -O2 -o "$OUT/${t}_cpu" \
      "$ROOT/tests/gpu-compare/$t.cpp" >"$OUT/${t}_cpu.log" 2>&1 &
    pids+=($!)
  done
  "$NVCC" "${FLAGS[@]}" "-DL2C_STAGES=$count" -c -o "$OUT/hist_driver.o" \
    "$ROOT/bench/histogram/hist_bench.cu" >"$OUT/hist_driver.log" 2>&1 &
  pids+=($!)
  for p in "${pids[@]}"; do wait "$p" || status=1; done
  [ $status = 0 ] || { echo "FAIL hist-bench-build (see $OUT/*.log)"; exit 1; }
  # The driver declares four stages; the missing ones are never called.
  for ((n = count + 1; n <= 4; n++)); do
    echo "void hist_loop_stage$n(const unsigned char *, long long, unsigned *, int, double *) {}" \
      >"$OUT/stub$n.cpp"
    objs+=("$OUT/stub$n.cpp")
  done
  if ! "$NVCC" "${FLAGS[@]}" -o "$OUT/hist_bench" "$OUT/hist_driver.o" \
       "${objs[@]}" >"$OUT/hist_bench.log" 2>&1; then
    echo "FAIL hist-bench-link (see $OUT/hist_bench.log)"
    exit 1
  fi
fi
[ "$PHASE" = build ] && exit 0

# Each compare test at each stage must print what its g++ build prints
# (L2C_COMPARE_TESTS: which tests; default all).
for t in ${L2C_COMPARE_TESTS:-${TESTS[@]}}; do
  [ -x "$OUT/${t}_cpu" ] || continue
  cpu_out=""
  for n in $STAGES; do
    [ -x "$OUT/${t}_stage$n" ] || continue
    [ -n "$cpu_out" ] || { cpu_out="$OUT/${t}_cpu.out"; "$OUT/${t}_cpu" >"$cpu_out"; }
    name="$t-stage$n ($(cat "$GEN/histogram/stage$n/STAGE"))"
    if timeout 300 "$OUT/${t}_stage$n" >"$OUT/${t}_stage$n.out" 2>&1 &&
       cmp -s "$cpu_out" "$OUT/${t}_stage$n.out"; then
      echo "PASS $name"
    else
      echo "FAIL $name (diff $cpu_out $OUT/${t}_stage$n.out)"
      status=1
    fi
  done
done

names=$(for n in $STAGES; do cat "$GEN/histogram/stage$n/STAGE"; done | paste -sd,)
# shellcheck disable=SC2086
"$OUT/hist_bench" ${L2C_HIST_LOG2S:-24 28} "--trials=${L2C_HIST_TRIALS:-5}" ${L2C_HIST_WORK:+"--work=$L2C_HIST_WORK"} \
  "--names=$names" "--csv=$OUT/hist_bench.csv" | tee "$OUT/hist_bench.txt"
if [ "${PIPESTATUS[0]}" != 0 ]; then
  echo "FAIL hist-bench (a result is wrong)"
  status=1
fi
python3 "$ROOT/bench/plot_ladder.py" "$OUT/hist_bench.csv" \
  "$OUT/hist_bench.png" \
  "histogram ladder vs cub::DeviceHistogram::HistogramEven (bench/histogram)" ||
  echo "plot: failed"
exit $status
