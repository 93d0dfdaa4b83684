#!/usr/bin/env bash
# run-gpu.sh GEN_DIR [OUT_DIR] - everything of issue 10 (items 1 and 2) that
# needs the GPU, from files generated elsewhere (tests/generate.sh or
# bench/generate.sh; this machine needs nvcc, not clang):
#   1. racecheck and memcheck of the generated sort with bitonic-shared at
#      2^13 (tile sort and two merge stages) and 2^11 (tile sort only);
#   2. the table for N = 2^20 ... 2^26: the generated program with
#      bitonic-shared, the same without it (--disable-rule bitonic-shared),
#      the first locking the array at its first copy, without staging
#      (-DL2C_STAGE_DEFAULT_THREADS=1 -DL2C_PIN_AFTER=1) and with cudaMemcpy
#      alone (-DL2C_NO_PIN -DL2C_NO_STAGE), and thrust::sort, all timed from
#      the copy in to the first read of the result, best of 3 after a
#      warm-up; every output must be sorted and have thrust's checksum;
#   3. bench/transfers/run.sh (bandwidths and the saxpy end to end).
# Exits non-zero, with MISMATCH or UNSORTED in the output, on a wrong sort.
set -u
GEN=${1:?usage: run-gpu.sh GEN_DIR [OUT_DIR]}
OUT=${2:-/tmp/l2c-bitonic-gpu}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${L2C_ARCH:-sm_90}
SAN=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$OUT"
B="$GEN/bench/bitonic"
build() { # build OUT_NAME SOURCE [FLAGS...]
  local name=$1 src=$2
  shift 2
  "$NVCC" -O3 -arch=$ARCH -std=c++17 -I "$ROOT/runtime" -DL2C_NO_CUB "$@" \
    -o "$OUT/$name" "$src" || { echo "BUILD FAILED: $name"; exit 1; }
}
build shared "$B/bitonic_bench.cu" &
build shared_nopin "$B/bitonic_bench.cu" -DL2C_NO_PIN -DL2C_NO_STAGE &
build shared_locked "$B/bitonic_bench.cu" -DL2C_STAGE_DEFAULT_THREADS=1 -DL2C_PIN_AFTER=1 &
build global "$B/global/bitonic_bench.cu" &
build thrust "$ROOT/bench/bitonic/thrust_sort.cu" &
wait
for f in shared shared_locked shared_nopin global thrust; do
  [ -x "$OUT/$f" ] || { echo "BUILD FAILED: $f"; exit 1; }
done
grep -q "_sort_tiles" "$B/bitonic_bench.cu" ||
  { echo "ERROR: $B/bitonic_bench.cu has no bitonic-shared kernels"; exit 1; }

status=0
echo "== compute-sanitizer (racecheck, memcheck) of the bitonic-shared sort"
for lg in 11 13; do
  for tool in racecheck memcheck; do
    log=$("$SAN" --tool $tool --error-exitcode 3 "$OUT/shared" $lg 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || ! echo "$log" | grep -q " sorted "; then
      echo "FAIL: $tool at 2^$lg (rc $rc)"; echo "$log" | tail -20; status=1
    else
      echo "ok: $tool at 2^$lg: $(echo "$log" | grep -c 'ERROR SUMMARY: 0') clean summary"
    fi
  done
done

best() { # best PROGRAM LG -> "seconds checksum-field" of the best of 3
  "$OUT/$1" "$2" >/dev/null || return 1
  local b="" sum="" line t
  for rep in 1 2 3; do
    line=$("$OUT/$1" "$2") || return 1
    t=$(echo "$line" | awk '{print $2}')
    sum=$(echo "$line" | awk '{print $3 " " $4}')
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
  done
  echo "$b $sum"
}

printf '\nBitonic sort of N int32, copies in and out included, ms (best of 3)\n'
printf '%10s %10s %10s %10s %12s %10s %9s %9s\n' N generated "locked" "driver" "no shared" thrust "gen/thr" "global/thr"
echo "n,generated_ms,locked_ms,driver_ms,global_ms,thrust_ms,ratio" >"$OUT/bitonic.csv"
for lg in ${L2C_BITONIC_SIZES:-20 21 22 23 24 25 26}; do
  declare -A T S
  for p in shared shared_locked shared_nopin global thrust; do
    r=$(best $p $lg) || { echo "FAIL: $p at 2^$lg exited non-zero"; status=1; r="0 FAILED ?"; }
    T[$p]=$(echo "$r" | awk '{print $1 * 1000}')
    S[$p]=$(echo "$r" | awk '{print $2 " " $3}')
  done
  note=""
  for p in shared shared_locked shared_nopin global; do
    if [ "${S[$p]}" != "${S[thrust]}" ]; then
      note="$note MISMATCH($p: '${S[$p]}' thrust: '${S[thrust]}')"; status=1
    fi
  done
  ratio=$(awk "BEGIN{printf \"%.2f\", ${T[shared]} / ${T[thrust]}}")
  gratio=$(awk "BEGIN{printf \"%.2f\", ${T[global]} / ${T[thrust]}}")
  printf '%10d %10.2f %10.2f %10.2f %12.2f %10.2f %9s %9s%s\n' $((1 << lg)) \
    "${T[shared]}" "${T[shared_locked]}" "${T[shared_nopin]}" "${T[global]}" "${T[thrust]}" "$ratio" "$gratio" "$note"
  echo "$((1 << lg)),${T[shared]},${T[shared_locked]},${T[shared_nopin]},${T[global]},${T[thrust]},$ratio" >>"$OUT/bitonic.csv"
done
echo "(generated: bitonic-shared on, the runtime's defaults (copies from 16 MiB staged by several threads,"
echo " locking from an array's 8th transfer); locked: locking at the first transfer, no staging;"
echo " driver: -DL2C_NO_PIN -DL2C_NO_STAGE (cudaMemcpy alone);"
echo " no shared: --disable-rule bitonic-shared; target: gen/thr <= 1.00 at 2^24)"

echo
L2C_TRANSFER_MAX_LOG=${L2C_TRANSFER_MAX_LOG:-10} "$ROOT/bench/transfers/run.sh" "$GEN" "$OUT/transfers" || status=1
[ $status -eq 0 ] && echo "ALL OK" || echo "FAILURES above"
exit $status
