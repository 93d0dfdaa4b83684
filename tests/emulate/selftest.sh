#!/usr/bin/env bash
# selftest.sh WORKDIR - builds selftest.cu with nvcc-emulate and runs it:
# the emulated device computes what a GPU computes and shows what it must
# (an order dependence in one of its two orders, a hang as a stop).
set -eu
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
"$HERE/nvcc-emulate" -std=c++17 -I "$HERE/../../runtime" -o "$1/selftest" \
  "$HERE/selftest.cu"
"$1/selftest"
