#!/bin/bash
# run-gpu.sh DIR OUT: builds and runs PolyBench programs that loop2cuda
# translated, on a machine with nvcc and a GPU, and compares each program's
# output with its gcc build. DIR holds utilities/ (polybench.c, polybench.h)
# and one folder per program with the original NAME.c, its headers, flags
# (the -D options both builds use) and gen/NAME.cu (scripts/polybench.sh
# prepares it). Prints one line per program and a summary; writes the
# outputs and timings under OUT.
set -u
DIR=$1
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
RUNTIME=$(cd "$HERE/../../runtime" && pwd)
ARCH=${L2C_ARCH:-sm_90}
mkdir -p "$OUT"
gcc -O2 -c "$DIR/utilities/polybench.c" -I"$DIR/utilities" -o "$OUT/polybench.o" || exit 1
pass=0 fail=0
printf '%-16s %-8s %10s %10s %8s\n' program result cpu_s gpu_s speedup
for P in "$DIR"/*/; do
  N=$(basename "$P")
  [ "$N" = utilities ] && continue
  [ -f "$P/gen/$N.cu" ] || continue
  FLAGS=$(cat "$P/flags" 2>/dev/null)
  O="$OUT/$N"
  mkdir -p "$O"
  if ! gcc -O2 $FLAGS -I"$DIR/utilities" -I"$P" "$P/$N.c" "$OUT/polybench.o" -lm -o "$O/cpu" 2> "$O/cpu-build.txt"; then
    printf '%-16s %-8s\n' "$N" cpu-build; fail=$((fail+1)); continue
  fi
  if ! nvcc -O2 -arch=$ARCH $FLAGS -I"$RUNTIME" -I"$DIR/utilities" -I"$P" "$P/gen/$N.cu" "$OUT/polybench.o" -lm -o "$O/gpu" 2> "$O/gpu-build.txt"; then
    printf '%-16s %-8s\n' "$N" nvcc; fail=$((fail+1)); continue
  fi
  t0=$(date +%s.%N); timeout 300 "$O/cpu" > "$O/cpu.out" 2> "$O/cpu.err"; t1=$(date +%s.%N)
  timeout 300 "$O/gpu" > "$O/gpu.out" 2> "$O/gpu.err"; rc=$?; t2=$(date +%s.%N)
  cpu=$(awk "BEGIN{print $t1 - $t0}"); gpu=$(awk "BEGIN{print $t2 - $t1}")
  if [ $rc -ne 0 ]; then
    printf '%-16s %-8s\n' "$N" "rc=$rc"; fail=$((fail+1)); continue
  fi
  if [[ "$FLAGS" == *POLYBENCH_TIME* ]]; then
    # The programs print the seconds of their kernel function.
    cpu=$(tail -1 "$O/cpu.out"); gpu=$(tail -1 "$O/gpu.out")
    printf '%-16s %-8s %10.4f %10.4f %8.2f\n' "$N" timed "$cpu" "$gpu" "$(awk "BEGIN{print $cpu / $gpu}")"
    pass=$((pass+1)); continue
  fi
  if python3 "$HERE/compare.py" "$O/cpu.err" "$O/gpu.err" > "$O/diff.txt"; then
    res=same; pass=$((pass+1))
  else
    res=DIFFERS; fail=$((fail+1))
  fi
  printf '%-16s %-8s %10.3f %10.3f %8.2f\n' "$N" "$res" "$cpu" "$gpu" "$(awk "BEGIN{print $cpu / $gpu}")"
done
echo "polybench: $pass same, $fail not"
