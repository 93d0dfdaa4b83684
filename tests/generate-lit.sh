#!/usr/bin/env bash
# generate-lit.sh LOOP2CUDA OUT_DIR - translates every input of the lit
# tests (tests/lit/*.c, *.cpp) with the default options, one output folder
# each, for the differential nvcc check (issue 34 item 7): every .cu it
# writes must compile (tests/gpu/nvcc-compile-check.sh OUT_DIR), and a
# marked loop that gives none has a warning. Prints one line per input:
# `wrote N`, or the exit status and the first error. The lit tests check
# what the generated text says; this checks that nvcc takes it.
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 LOOP2CUDA OUT_DIR" >&2
  exit 2
fi
L2C=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rm -rf "$OUT"
mkdir -p "$OUT"
for src in "$ROOT"/tests/lit/*.c "$ROOT"/tests/lit/*.cpp; do
  stem=$(basename "$src")
  std=-std=c++17
  [ "${src##*.}" = c ] && std=-std=gnu99
  d="$OUT/${stem%.*}"
  mkdir -p "$d"
  "$L2C" --rules="$ROOT/rules" "$src" -o "$d" -- "$std" -I "$ROOT/tests/lit" -I "$ROOT/tests/lit/Inputs" \
    >"$d/loop2cuda.log" 2>&1
  rc=$?
  # A [c-source] warning says nvcc will reject the output there (C that no
  # edit of the text makes C++): the user was told; not compiled.
  if grep -q '\[c-source\]' "$d/loop2cuda.log"; then
    find "$d" -name '*.cu' -delete
    echo "$stem: warned [c-source], not compiled"
    continue
  fi
  n=$(find "$d" -name '*.cu' | wc -l)
  if [ "$n" -gt 0 ]; then
    echo "$stem: wrote $n"
  else
    echo "$stem: exit $rc, no .cu: $(grep -m1 -E 'error|warning' "$d/loop2cuda.log" | cut -c1-160)"
  fi
done
