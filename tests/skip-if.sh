#!/usr/bin/env bash
# skip-if.sh nvcc|gpu COMMAND... - runs COMMAND, or says why it is skipped
# and exits 77 (ctest's skip code) when nvcc or a GPU is missing.
what=$1
shift
case $what in
  nvcc)
    if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
      echo "skipped: nvcc not found"
      exit 77
    fi ;;
  gpu)
    if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
      echo "skipped: no GPU on this machine (run tests/gpu/run-gpu-tier.sh on one)"
      exit 77
    fi ;;
esac
exec "$@"
