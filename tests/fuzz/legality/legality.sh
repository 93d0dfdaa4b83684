#!/usr/bin/env bash
# legality.sh SEEDS... [fuzz.py options] - runs the legality fuzzer over
# SEEDS (numbers and ranges: 1-1000 5000-5999), two at a time: generate,
# translate with loop2cuda --sarif, run the CPU oracle, classify each marked
# loop, print findings and a summary (docs/testing.md, "Legality fuzzer").
# Environment: L2C (default build/bin/loop2cuda), L2C_RULES (default rules/).
# Exits 1 on a bug, an assumed-alias conflict or a tool crash.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
L2C=${L2C:-$ROOT/build/bin/loop2cuda}
RULES=${L2C_RULES:-$ROOT/rules}
if [ $# -eq 0 ]; then
  echo "usage: $0 SEEDS... [fuzz.py options]" >&2
  exit 2
fi
for t in python3 gcc g++; do
  if ! command -v "$t" >/dev/null; then
    echo "legality.sh: $t not found" >&2
    exit 2
  fi
done
if [ ! -x "$L2C" ]; then
  echo "legality.sh: no loop2cuda at $L2C (set L2C)" >&2
  exit 2
fi
exec python3 "$HERE/fuzz.py" --tool "$L2C" --rules "$RULES" -j 2 "$@"
