#!/usr/bin/env bash
# nvcc-compile-check.sh GEN_DIR - compiles every .cu under GEN_DIR,
# tests/gpu/runtime_smoke.cu and the benchmarks that call the runtime
# (bench/transfers, bench/reduce), with `nvcc -arch=sm_90 -std=c++17 -I runtime --cubin`
# (and -Xcompiler -fopenmp for a file that includes omp.h or calls omp_*).
# --cubin is nvcc's device pass and ptxas: its front end checks the whole
# file (host code included, and what may run on the device); nvcc's host
# pass (cudafe++, g++) is left out: g++ compiles the tests' host sides in
# the emulated tier, and the GPU tier builds everything. L2C_NVCC_FULL=1
# compiles to objects (-c) instead: about three times the time. A file
# whose text another file has already is compiled once.
# Needs nvcc but no GPU. Prints `PASS file` / `FAIL file` (with nvcc's
# messages) per file and `nvcc compile check: N passed, M failed`; exits 1 if
# any failed. Without nvcc it prints `skipped: nvcc not found` and exits 0.
# Environment: NVCC, L2C_ARCH (default sm_90), L2C_JOBS (default nproc),
# L2C_NVCC_FULL, L2C_NVCC_ALL (below).
set -u

if [ $# -ne 1 ]; then
  echo "usage: $0 GEN_DIR" >&2
  exit 2
fi
GEN_DIR=$1
[ -d "$GEN_DIR" ] || { echo "nvcc compile check: no such directory: $GEN_DIR" >&2; exit 2; }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

NVCC=${NVCC:-}
if [ -z "$NVCC" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=nvcc
  elif [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc
  else echo "skipped: nvcc not found"; exit 0
  fi
fi
ARCH=${L2C_ARCH:-sm_90}
JOBS=${L2C_JOBS:-$(nproc 2>/dev/null || echo 2)}
MODE=(--cubin)
[ "${L2C_NVCC_FULL:-0}" = 1 ] && MODE=(-c)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/l2c-nvcc-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# The ladders' middle stages (bench/reduce/stage2..8, bench/scan/stage2..4,
# bench/histogram/stage2..3) are built and run by the GPU batch; here they
# would cost CI minutes for little: the first and last stage of each stand
# for them unless L2C_NVCC_ALL_STAGES=1.
# Likewise the GPU halves of the split C tests (compare-split/*_gpu.cu):
# their kernels are those of compare/*.cu, which nvcc checks, and g++
# builds their host side in the emulated tier; L2C_NVCC_ALL=1 checks them.
FILES=()
declare -A SEEN=()
while IFS= read -r f; do
  if [ "${L2C_NVCC_ALL_STAGES:-${L2C_NVCC_ALL:-0}}" != 1 ] &&
     [[ "$f" =~ /bench/(reduce/stage[2-8]|scan/stage[2-4]|histogram/stage[23])/ ]]; then
    continue
  fi
  if [ "${L2C_NVCC_ALL:-0}" != 1 ] && [[ "$f" =~ /compare-split/ ]]; then
    continue
  fi
  sum=$(md5sum <"$f" | cut -c1-32)
  [ -n "${SEEN[$sum]:-}" ] && continue
  SEEN[$sum]=1
  FILES+=("$f")
done < <(find "$GEN_DIR" -name '*.cu' | sort)
FILES+=("$ROOT/tests/gpu/runtime_smoke.cu")
# Hand-written benchmarks that call the runtime: a change of its API must
# not wait for the GPU batch to break them.
FILES+=("$ROOT/bench/transfers/transfer_bandwidth.cu" "$ROOT/bench/reduce/reduce_bench.cu")

# A file that includes omp.h or calls omp_* (kept from the input's host
# code) is compiled with OpenMP on, as its README build line says.
uses_openmp() {
  grep -q -E '#[[:space:]]*include[[:space:]]*<omp\.h>|(^|[^A-Za-z0-9_])omp_[A-Za-z0-9_]+[[:space:]]*\(' "$1"
}

compile() {
  local i=$1 src=$2 omp=() std
  uses_openmp "$src" && omp=(-Xcompiler -fopenmp)
  # A test in another standard names it: `// loop2cuda-std: c++20`.
  std=$(sed -n 's|^// loop2cuda-std: ||p' "$src" | head -1)
  # A C test's standard (gnu89) is its host part's: the .cu is C++.
  case $std in c++* | gnu++*) ;; *) std= ;; esac
  "$NVCC" "-arch=$ARCH" "-std=${std:-c++17}" -I "$ROOT/runtime" "${omp[@]}" "${MODE[@]}" -o "$WORK/$i.o" "$src" \
    >"$WORK/$i.log" 2>&1
  echo $? >"$WORK/$i.rc"
}

running=0
for i in "${!FILES[@]}"; do
  compile "$i" "${FILES[$i]}" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait -n 2>/dev/null || true
    running=$((running - 1))
  fi
done
wait

PASSED=0 FAILED=0
for i in "${!FILES[@]}"; do
  if [ "$(cat "$WORK/$i.rc" 2>/dev/null || echo 1)" = 0 ]; then
    echo "PASS ${FILES[$i]}"
    PASSED=$((PASSED + 1))
  else
    echo "FAIL ${FILES[$i]}"
    sed 's/^/  /' "$WORK/$i.log"
    FAILED=$((FAILED + 1))
  fi
done
echo "nvcc compile check: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
