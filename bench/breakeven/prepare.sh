#!/bin/sh
# bench/breakeven/prepare.sh LOOP2CUDA GEN: step.c through loop2cuda with
# every size on the GPU (--min-launch-work=0), for run.sh.
set -e
here=$(cd "$(dirname "$0")" && pwd)
"$1" --min-launch-work=0 "$here/step.c" -o "$2" -- -std=gnu99 2>/dev/null
