#!/usr/bin/env bash
# test.sh - sets up (scripts/setup.sh) and runs the whole test suite:
# unit tests (GoogleTest), rule tests (lit + FileCheck), the nvcc compile
# check of every generated sample, the host-simulation tier (nvcc, no GPU),
# and the GPU tier, which skips with a message where there is no GPU.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${L2C_BUILD_DIR:-$ROOT/build}
"$ROOT/scripts/setup.sh"
cd "$BUILD"
"$ROOT/tests/skip-if.sh" nvcc true >/dev/null ||
  echo "test: nvcc not found: the nvcc compile check will be skipped"
"$ROOT/tests/skip-if.sh" gpu true >/dev/null ||
  echo "test: no GPU here: the GPU tier will be skipped (run tests/gpu/run-gpu-tier.sh on a GPU machine; tests/gpu/README.md)"
ctest --output-on-failure -j"${L2C_JOBS:-2}"
