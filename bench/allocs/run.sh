#!/bin/sh
# What the record of heap blocks (runtime/loop2cuda_allocs.h) costs each
# malloc/free pair: the benchmark built plain and with the record, run one
# after the other on this machine. CPU only; prints two tables.
#   bench/allocs/run.sh [build dir]
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
CXX=${CXX:-g++}
$CXX -O2 -std=c++17 -pthread "$here/alloc_cost.cpp" -o "$out/plain"
$CXX -O2 -std=c++17 -pthread -DWITH_RECORD -I "$here/../../runtime" \
  "$here/alloc_cost.cpp" -o "$out/record"
"$out/plain"
"$out/record"
