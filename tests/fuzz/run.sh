#!/usr/bin/env bash
# run.sh BUILD_DIR [SECONDS] - builds the fuzz targets (build.sh) into
# BUILD_DIR/fuzz and runs each for SECONDS (default 20), seeded from the
# shipped rule files, pipeline.txt and the .ruletest terms. A crash, a
# sanitizer report or a timeout leaves the input in BUILD_DIR/fuzz/artifacts
# and fails. Without clang-19's libFuzzer it skips (exit 0, with a message).
set -uo pipefail
BUILD=${1:?usage: run.sh BUILD_DIR [SECONDS]}
SECONDS_EACH=${2:-20}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT="$BUILD/fuzz"
if ! command -v clang++-19 >/dev/null ||
   ! ls /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "SKIP: clang++-19 with libFuzzer (libclang-rt-19-dev) is not installed"
  exit 0
fi
mkdir -p "$OUT/artifacts"
bash "$ROOT/tests/fuzz/build.sh" "$OUT" >/dev/null || exit 1
status=0
run() { # name corpus-dir seeds...
  local name=$1 corpus=$2
  shift 2
  rm -rf "$corpus" && mkdir -p "$corpus" && cp "$@" "$corpus/"
  "$OUT/$name" -max_total_time="$SECONDS_EACH" -max_len=8192 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$OUT/artifacts/$name-" \
    -print_final_stats=1 "$corpus" >"$OUT/$name.log" 2>&1
  local rc=$?
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$name.log")
  if [ $rc -ne 0 ]; then
    echo "FAIL $name (exit $rc after ${runs:-?} inputs): $OUT/$name.log"
    tail -20 "$OUT/$name.log"
    status=1
  else
    echo "PASS $name: ${runs:-?} inputs in ${SECONDS_EACH} s"
  fi
}
run rule_parser_fuzzer "$OUT/corpus-rules" "$ROOT"/rules/*.rules "$ROOT"/rules/pipeline.txt
run term_reader_fuzzer "$OUT/corpus-terms" "$ROOT"/tests/lit/rules/*.ruletest
exit $status
