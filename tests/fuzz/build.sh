#!/usr/bin/env bash
# build.sh OUT_DIR - builds the libFuzzer targets for the rule parser and the
# term reader with clang-19 (-fsanitize=fuzzer,address,undefined) into
# OUT_DIR, from the sources of rewriter/term and rewriter/engine. Needs
# clang-19 and libclang-rt-19-dev (scripts/setup.sh installs them).
set -euo pipefail
OUT=${1:?usage: build.sh OUT_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CXX=${CXX_FUZZ:-clang++-19}
mkdir -p "$OUT"
FLAGS=(-std=c++17 -g -O1 -fno-rtti -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined $(llvm-config-19 --cppflags)
       -I "$ROOT/rewriter")
LIBS=(-L"$(llvm-config-19 --libdir)" -lLLVM-19
      -Wl,-rpath,"$(llvm-config-19 --libdir)")
TERM_SRC=("$ROOT"/rewriter/term/*.cpp)
# The engine and the domain facts the rules call; one of them
# (AccumulatorFacts.cpp) asks isl through rewriter/deps.
ENGINE_SRC=("$ROOT"/rewriter/engine/*.cpp "$ROOT"/rewriter/facts/*.cpp
            "$ROOT"/rewriter/deps/Dependence.cpp)
read -r -a ISL <<<"$(pkg-config --cflags --libs isl)"
"$CXX" "${FLAGS[@]}" -o "$OUT/term_reader_fuzzer" \
  "$ROOT/tests/fuzz/term_reader_fuzzer.cpp" "${TERM_SRC[@]}" "${LIBS[@]}"
"$CXX" "${FLAGS[@]}" -o "$OUT/rule_parser_fuzzer" \
  "$ROOT/tests/fuzz/rule_parser_fuzzer.cpp" "${TERM_SRC[@]}" \
  "${ENGINE_SRC[@]}" "${LIBS[@]}" "${ISL[@]}"
echo "fuzzers in $OUT"
