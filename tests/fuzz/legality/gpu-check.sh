#!/usr/bin/env bash
# gpu-check.sh GEN_DIR OUT_DIR - the GPU half of the legality fuzzer, for a
# machine with nvcc and a GPU but no Clang. GEN_DIR comes from
# prepare-gpu.sh: each seed_<s>/prog_<s>.cu is built (nvcc -O2, OpenMP
# flags as tests/gpu/run-gpu-tier.sh gives them) and run, and each of its
# `prog <k> <checksum>` lines must equal expected.txt's (the CPU build's).
# Prints `PASS seed_<s>/prog_<k>` or `FAIL seed_<s>/prog_<k> (why)` per
# program, with the loops the tool accepted in that file for a failure, then
# `gpu check: N passed, M failed`; exits 1 if any failed. Logs and
# binaries go to OUT_DIR/seed_<s>/.
# Environment: NVCC (default nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# L2C_ARCH (sm_90), L2C_JOBS (parallel builds, default nproc), L2C_TIMEOUT
# (seconds a run, default 60).
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 GEN_DIR OUT_DIR" >&2
  exit 2
fi
GEN=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && OUT=$(cd "$2" && pwd) || exit 2
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { echo "gpu check: nvcc not found (set NVCC)"; exit 2; }
INC=$GEN/runtime
if [ ! -d "$INC" ]; then
  INC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../runtime" && pwd)
fi
ARCH=${L2C_ARCH:-sm_90}
JOBS=${L2C_JOBS:-$(nproc 2>/dev/null || echo 4)}
TIMEOUT=${L2C_TIMEOUT:-60}
# Released device copies are filled with a pattern (runtime/loop2cuda_present.cuh):
# a program that reads one through a new copy shows it in its output.
export LOOP2CUDA_POISON=${LOOP2CUDA_POISON:-1}

build() {
  local dir=$1 s d cu extra=()
  s=$(basename "$dir")
  d=$OUT/$s
  mkdir -p "$d"
  cu=$(ls "$dir"/*.cu 2>/dev/null | head -1)
  if [ -z "$cu" ]; then
    echo "no .cu in $dir" >"$d/build.log"
    echo 1 >"$d/build.rc"
    return
  fi
  # A file that calls omp_* or includes omp.h keeps needing OpenMP on the
  # host (tests/gpu/run-gpu-tier.sh); the fuzzer's programs do not, so
  # their loops that stay on the CPU run sequentially, as the oracle did.
  local omp='#[[:space:]]*include[[:space:]]*<omp\.h>'
  omp+='|(^|[^A-Za-z0-9_])omp_[A-Za-z0-9_]+[[:space:]]*\('
  if grep -q -E "$omp" "$cu"; then
    extra=(-Xcompiler -fopenmp -lgomp)
  fi
  "$NVCC" -O2 "-arch=$ARCH" -std=c++17 -I "$INC" "${extra[@]}" \
    -o "$d/gpu" "$cu" >"$d/build.log" 2>&1
  echo $? >"$d/build.rc"
}

DIRS=()
for dir in "$GEN"/seed_*/; do
  [ -d "$dir" ] && DIRS+=("${dir%/}")
done
running=0
for dir in "${DIRS[@]}"; do
  build "$dir" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait -n 2>/dev/null || true
    running=$((running - 1))
  fi
done
wait

PASSED=0 FAILED=0
for dir in "${DIRS[@]}"; do
  s=$(basename "$dir")
  d=$OUT/$s
  # The loops that became kernels, for a failure's message.
  accepted=$(grep -o '"line": [0-9]*, "accepted": true, "conflict": [a-z]*' \
    "$dir/verdicts.json" 2>/dev/null |
    sed 's/"line": \([0-9]*\).*"conflict": \(.*\)/line \1 (conflict: \2)/' |
    paste -sd ' ' -)
  if [ "$(cat "$d/build.rc" 2>/dev/null || echo 1)" != 0 ]; then
    while read -r _ k _; do
      echo "FAIL $s/prog_$k (build failed, see $d/build.log)"
      FAILED=$((FAILED + 1))
    done <"$dir/expected.txt"
    continue
  fi
  (cd "$d" && timeout "$TIMEOUT" ./gpu >gpu.out 2>gpu.err)
  rc=$?
  while read -r _ k want; do
    got=$(awk -v k="$k" '$1 == "prog" && $2 == k { print $3 }' "$d/gpu.out")
    if [ "$got" = "$want" ]; then
      echo "PASS $s/prog_$k"
      PASSED=$((PASSED + 1))
    else
      why="checksum ${got:-missing}, CPU $want"
      if [ "$rc" != 0 ]; then
        why="exit $rc, $why: $(head -c 200 "$d/gpu.err" | tr '\n' ' ')"
      fi
      echo "FAIL $s/prog_$k ($why; kernels of the file: $accepted)"
      FAILED=$((FAILED + 1))
    fi
  done <"$dir/expected.txt"
done
echo "gpu check: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
