#!/usr/bin/env bash
# prepare-gpu.sh SEEDS... GEN_DIR - the legality fuzzer's seeds, ready for
# gpu-check.sh on a machine with a GPU and no Clang: GEN_DIR/seed_<s>/ holds
# the program (prog_<s>.c or .cpp), loop2cuda's prog_<s>.cu, expected.txt
# (the CPU checksum lines) and verdicts.json (each marked loop: accepted,
# what the oracle saw); GEN_DIR/runtime/ the headers the .cu files include.
# Put GEN_DIR under build/ (git-ignored) and carry it to the GPU machine.
# Environment: L2C, L2C_RULES (as legality.sh), L2C_UNITS (programs a file,
# default 8).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
if [ $# -lt 2 ]; then
  echo "usage: $0 SEEDS... GEN_DIR" >&2
  exit 2
fi
GEN=${!#}
SEEDS=("${@:1:$#-1}")
rm -rf "$GEN"
mkdir -p "$GEN"
cp -r "$ROOT/runtime" "$GEN/runtime"
# Findings are reported, not fatal here: the GPU run is what shows them.
"$HERE/legality.sh" "${SEEDS[@]}" --units "${L2C_UNITS:-8}" --quiet \
  --export "$GEN" || true
echo "prepared $(find "$GEN" -name '*.cu' | wc -l) files in $GEN"
