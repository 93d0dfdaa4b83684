#!/bin/bash
# emulate-small.sh DIR OUT - PolyBench's SMALL outputs of loop2cuda's builds
# without a GPU: for each program that prepare-side.sh laid out in DIR, the
# arrays that loop2cuda's K-omp.cu dumps (-DPOLYBENCH_DUMP_ARRAYS), built by
# tests/emulate/nvcc-emulate and run with the threads first first and last
# first, are compared with gcc's build of the plain K.c at a relative 1e-4
# (compare.py). Prints `program first last` (ok / differs / failed / -) and
# a count. Issue 35 asks every SMALL output to match gcc's; the GPU table
# (side-by-side.sh) checks it on the device, this on any machine.
set -u
DIR=$(cd "$1" && pwd)
mkdir -p "$2" && OUT=$(cd "$2" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NVCC=$ROOT/tests/emulate/nvcc-emulate
JOBS=${L2C_JOBS:-$(nproc)}
TMO=${L2C_TIMEOUT:-120}
export LOOP2CUDA_POISON=1
U=$DIR/utilities
S="-DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS"
gcc -O2 $S -I"$U" -c "$U/polybench.c" -o "$OUT/pb.o" || exit 1
NAMES=()
for P in "$DIR"/*/; do
  K=$(basename "$P")
  [ "$K" = utilities ] || [ ! -f "$P/gen-small/$K-omp.cu" ] || NAMES+=("$K")
done
build() { # K
  local K=$1 P=$DIR/$1 O=$OUT/$1
  # 4.2.1's sizes where prepare-side.sh wrote them.
  local S="$S $(cat "$P/sizes.SMALL" 2>/dev/null)"
  mkdir -p "$O"
  { gcc -O2 $S -I"$U" -I"$P" "$P/$K.c" "$OUT/pb.o" -lm -o "$O/seq" &&
      "$NVCC" -std=c++17 -Xcompiler -fopenmp $S -I"$ROOT/runtime" -I"$U" -I"$P" \
        "$P/gen-small/$K-omp.cu" "$OUT/pb.o" -lm -lgomp -o "$O/l2c"
  } > "$O/build.txt" 2>&1
}
running=0
for K in "${NAMES[@]}"; do
  build "$K" &
  running=$((running + 1))
  if [ $running -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait
verdict() { # K ORDER
  local O=$OUT/$1
  [ -x "$O/l2c" ] || { echo -; return; }
  L2C_EMU_ORDER=$2 timeout "$TMO" "$O/l2c" > /dev/null 2> "$O/l2c-$2.err" || { echo failed; return; }
  python3 "$HERE/compare.py" "$O/seq.err" "$O/l2c-$2.err" 1e-4 > "$O/l2c-$2.cmp" && echo ok || echo differs
}
ok=0
printf '%-16s %8s %8s\n' program first last | tee "$OUT/table.txt"
for K in "${NAMES[@]}"; do
  O=$OUT/$K
  timeout "$TMO" "$O/seq" > /dev/null 2> "$O/seq.err"
  f=$(verdict "$K" forward) l=$(verdict "$K" reverse)
  [ "$f" = ok ] && [ "$l" = ok ] && ok=$((ok + 1))
  printf '%-16s %8s %8s\n' "$K" "$f" "$l" | tee -a "$OUT/table.txt"
done
echo "emulated SMALL outputs equal to gcc's (both orders): $ok of ${#NAMES[@]}" | tee -a "$OUT/table.txt"
