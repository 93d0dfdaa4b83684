#!/usr/bin/env bash
# run.sh GEN_BENCH_DIR OUT_DIR - builds and runs the scan benchmark on a
# machine with a GPU, nvcc and the generated files only (no Clang).
#   GEN_BENCH_DIR  what bench/generate.sh wrote (GEN/bench):
#                  scan/stageN/{scan_bench.cu, scans.cu, scans-large.cu,
#                  STAGE}
#   OUT_DIR        build products, logs, scan_bench.txt, scan_bench.csv and
#                  scan_bench.png (where matplotlib is installed)
# Each stage's scan_bench.cu compiles with -Dscan_<kind>=scan_<kind>_stageN
# (and scan_once_<kind>)
# and -Dl2c_device=l2c_device_stageN and links with scan_bench.cu (CUB and
# the CPU loop); each stage's scans.cu and scans-large.cu (from
# tests/gpu-compare, the latter over 2^31 + 4097 elements) run and must
# print what their g++ builds print. Then the table: inclusive and
# exclusive int32 and float sums at 2^20, 2^24 and 2^28 (L2C_SCAN_LOG2S,
# default "20 24 28"; L2C_SCAN_TRIALS trials per time, default 5;
# L2C_SCAN_WORK=k: at least 2^k elements per timed batch, default 32; what the
# times mean: scan_bench.cu). Exits 1 on any failure.
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
KINDS=(scan_incl_i32 scan_excl_i32 scan_incl_f32 scan_excl_f32
       scan_once_incl_i32 scan_once_excl_i32 scan_once_incl_f32
       scan_once_excl_f32)
STAGES=$(ls -d "$GEN"/scan/stage* 2>/dev/null | sed 's/.*stage//' | sort -n)
if [ -z "$STAGES" ]; then
  echo "FAIL scan-bench (no $GEN/scan/stageN: run bench/generate.sh)"
  exit 1
fi
count=$(echo "$STAGES" | wc -w)
status=0
# The compare tests (tests/gpu-compare) generated at every stage.
TESTS=(scans scans-large scans-reruns)

if [ "$PHASE" != run ]; then
  pids=()
  objs=()
  for n in $STAGES; do
    d="$GEN/scan/stage$n"
    defs=("-Dl2c_device=l2c_device_stage$n")
    for k in "${KINDS[@]}"; do defs+=("-D$k=${k}_stage$n"); done
    "$NVCC" "${FLAGS[@]}" -c "${defs[@]}" -o "$OUT/scan_stage$n.o" \
      "$d/scan_bench.cu" >"$OUT/scan_stage$n.log" 2>&1 &
    pids+=($!)
    objs+=("$OUT/scan_stage$n.o")
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
  "$NVCC" "${FLAGS[@]}" "-DL2C_STAGES=$count" -c -o "$OUT/scan_driver.o" \
    "$ROOT/bench/scan/scan_bench.cu" >"$OUT/scan_driver.log" 2>&1 &
  pids+=($!)
  for p in "${pids[@]}"; do wait "$p" || status=1; done
  [ $status = 0 ] || { echo "FAIL scan-bench-build (see $OUT/*.log)"; exit 1; }
  # The driver declares five stages; the missing ones are never called.
  for ((n = count + 1; n <= 5; n++)); do
    {
      for t in i32:int f32:float; do
        for k in incl excl; do
          echo "void scan_${k}_${t%%:*}_stage$n(const ${t#*:} *, ${t#*:} *, long long, int, double *) {}"
          echo "void scan_once_${k}_${t%%:*}_stage$n(const ${t#*:} *, ${t#*:} *, long long) {}"
        done
      done
    } >"$OUT/stub$n.cpp"
    objs+=("$OUT/stub$n.cpp")
  done
  if ! "$NVCC" "${FLAGS[@]}" -o "$OUT/scan_bench" "$OUT/scan_driver.o" \
       "${objs[@]}" >"$OUT/scan_bench.log" 2>&1; then
    echo "FAIL scan-bench-link (see $OUT/scan_bench.log)"
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
    name="$t-stage$n ($(cat "$GEN/scan/stage$n/STAGE"))"
    if timeout 300 "$OUT/${t}_stage$n" >"$OUT/${t}_stage$n.out" 2>&1 &&
       cmp -s "$cpu_out" "$OUT/${t}_stage$n.out"; then
      echo "PASS $name"
    else
      echo "FAIL $name (diff $cpu_out $OUT/${t}_stage$n.out)"
      status=1
    fi
  done
done

names=$(for n in $STAGES; do cat "$GEN/scan/stage$n/STAGE"; done | paste -sd,)
# shellcheck disable=SC2086
"$OUT/scan_bench" ${L2C_SCAN_LOG2S:-20 24 28} \
  "--trials=${L2C_SCAN_TRIALS:-5}" ${L2C_SCAN_WORK:+"--work=$L2C_SCAN_WORK"} "--names=$names" "--csv=$OUT/scan_bench.csv" |
  tee "$OUT/scan_bench.txt"
if [ "${PIPESTATUS[0]}" != 0 ]; then
  echo "FAIL scan-bench (a result is wrong)"
  status=1
fi
python3 "$ROOT/bench/plot_ladder.py" "$OUT/scan_bench.csv" \
  "$OUT/scan_bench.png" "scan ladder vs cub::DeviceScan (bench/scan)" ||
  echo "plot: failed"
exit $status
