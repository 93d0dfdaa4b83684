#!/usr/bin/env bash
# ci-short.sh BUILD_DIR - the ctest fuzz_legality_short: a fixed set of
# seeds through the legality fuzzer's CPU oracle (about 20 s on 2 cores,
# after a self-test of the oracle),
# then each reproducer of found/ through the tool, whose marked loops must
# all stay on the CPU. Fails on a bug, an assumed-alias conflict, a crash or
# a found/ loop that became a kernel; skips (77) without python3, gcc, g++
# or the tool.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
L2C=$1/bin/loop2cuda
for t in python3 gcc g++; do
  if ! command -v "$t" >/dev/null 2>&1; then
    echo "skipped: $t not found"
    exit 77
  fi
done
if [ ! -x "$L2C" ]; then
  echo "skipped: no loop2cuda at $L2C"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The oracle first: four loops whose answer is known.
gcc -std=gnu99 -I "$HERE" -o "$tmp/selftest" "$HERE/oracle-selftest.c" &&
  "$tmp/selftest" | cut -d' ' -f1-3 >"$tmp/selftest.out"
printf '%s\n' "ORACLE 0 clean" "ORACLE 1 conflict" "ORACLE 2 conflict" \
  "ORACLE 3 clean" | diff - "$tmp/selftest.out" ||
  { echo "oracle self-test failed"; exit 1; }
# Changing the seeds changes what the test covers: keep them fixed, add
# reproducers to found/ instead.
SEEDS=1-100
status=0
python3 "$HERE/fuzz.py" --tool "$L2C" --rules "$ROOT/rules" -j 2 --units 8 \
  --quiet "$SEEDS" || status=1
for f in "$HERE"/found/*.c "$HERE"/found/*.cpp; do
  [ -e "$f" ] || continue
  std=-std=c++17
  [ "${f##*.}" = c ] && std=-std=gnu99
  marked=$(grep -c -E '^#pragma (omp parallel for|loop2cuda parallel)' "$f")
  kept=$("$L2C" --rules="$ROOT/rules" --min-launch-work=0 -o "$tmp" "$f" \
    -- "$std" 2>&1 | grep -c 'warning: loop not parallelized')
  if [ "$kept" -ne "$marked" ]; then
    echo "FOUND $(basename "$f"): $kept of $marked marked loops stay" \
      "on the CPU"
    status=1
  else
    echo "found/$(basename "$f"): ok"
  fi
done
exit $status
