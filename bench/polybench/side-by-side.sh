#!/bin/bash
# side-by-side.sh DIR OUT: the PolyBench/C 4.2.1 table of issue 35, on a GPU
# machine, from what prepare-side.sh laid out in DIR. For each program:
#   seq   gcc -O3 of the plain K.c, one core
#   omp   gcc -O3 -fopenmp of K-omp.c, every core
#   l2c   nvcc -O3 of loop2cuda's K-omp.cu
#   ppcg  nvcc -O3 of PPCG's K_host.cu + K_kernel.cu (its README's build)
# at the LARGE dataset (PolyBench/C 4.2.1's sizes, which PPCG's code was
# made for: prepare-side.sh), timed by PolyBench's own timer (-DPOLYBENCH_TIME,
# which covers both tools' allocations, copies and kernels); the median of
# L2C_REPS runs (default 3; 1 for a build whose first run takes over 5 s,
# initialisation included),
# every run alone on the machine (L2C_SEQ_JOBS=N: the sequential runs, one
# core each, N at a time before the others, to fit a short GPU lease; the
# table's header then says so). At the SMALL dataset the arrays of l2c and
# ppcg (-DPOLYBENCH_DUMP_ARRAYS) are compared with seq's at a relative 1e-4
# (compare.py). Writes OUT/table.txt and OUT/table.csv; plot-side.py draws
# the plot from the CSV.
set -u
DIR=$(cd "$1" && pwd) OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
RUNTIME=$(cd "$HERE/../../runtime" && pwd)
ARCH=${L2C_ARCH:-sm_90}
REPS=${L2C_REPS:-3}
JOBS=${L2C_JOBS:-$(nproc)}
TMO=${L2C_TIMEOUT:-60}
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
U=$DIR/utilities
NAMES=()
for P in "$DIR"/*/; do
  K=$(basename "$P")
  [ "$K" = utilities ] || NAMES+=("$K")
done

# polybench.c once per flag set: as C for gcc and loop2cuda (whose .cu
# declares it extern "C"), as C++ for PPCG's host code.
printf '#include <cuda_runtime.h>\nstatic int warm = (cudaFree(0), 0);\n' > "$OUT/warm.cu"
for D in LARGE SMALL; do
  F="-D${D}_DATASET"
  [ $D = LARGE ] && F="$F -DPOLYBENCH_TIME" || F="$F -DPOLYBENCH_DUMP_ARRAYS"
  gcc -O2 $F -I"$U" -c "$U/polybench.c" -o "$OUT/pb-$D.o"
  nvcc -O2 $F -I"$U" -x cu -c "$U/polybench.c" -o "$OUT/pb-$D-cu.o"
done

build() { # K
  local K=$1 P=$DIR/$1 O=$OUT/$1
  # 4.2.1's sizes, which PPCG's code was made for (prepare-side.sh).
  local L="-DLARGE_DATASET -DPOLYBENCH_TIME $(cat "$P/sizes.LARGE" 2>/dev/null)"
  local S="-DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS $(cat "$P/sizes.SMALL" 2>/dev/null)"
  local NV="nvcc -O3 -arch=$ARCH -std=c++17 -Xcompiler -fopenmp"
  mkdir -p "$O"
  rm -f "$O"/*.median
  {
    gcc -O3 $L -I"$U" -I"$P" "$P/$K.c" "$OUT/pb-LARGE.o" -lm -o "$O/seq"
    gcc -O3 -fopenmp $L -I"$U" -I"$P" "$P/$K-omp.c" "$OUT/pb-LARGE.o" -lm -o "$O/omp"
    gcc -O2 $S -I"$U" -I"$P" "$P/$K.c" "$OUT/pb-SMALL.o" -lm -o "$O/seq-small"
    $NV $L -I"$RUNTIME" -I"$U" -I"$P" "$P/gen-large/$K-omp.cu" "$OUT/pb-LARGE.o" -lm -lgomp -o "$O/l2c"
    $NV $S -I"$RUNTIME" -I"$U" -I"$P" "$P/gen-small/$K-omp.cu" "$OUT/pb-SMALL.o" -lm -lgomp -o "$O/l2c-small"
    # PPCG's build: the sizes from ppcg-sizes/ (prepare-side.sh), not -D.
    if [ -d "$P/LARGE" ]; then
      nvcc -O3 -arch=$ARCH -I"$U" -I"$P/ppcg-sizes/LARGE" -I"$P" -I"$P/LARGE" -DLARGE_DATASET -DPOLYBENCH_TIME "$P/LARGE/${K}_host.cu" "$P/LARGE/${K}_kernel.cu" "$OUT/warm.cu" "$OUT/pb-LARGE-cu.o" -lm -o "$O/ppcg"
      nvcc -O3 -arch=$ARCH -I"$U" -I"$P/ppcg-sizes/SMALL" -I"$P" -I"$P/SMALL" -DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS "$P/SMALL/${K}_host.cu" "$P/SMALL/${K}_kernel.cu" "$OUT/warm.cu" "$OUT/pb-SMALL-cu.o" -lm -o "$O/ppcg-small"
    fi
  } > "$O/build.txt" 2>&1
}
running=0
for K in "${NAMES[@]}"; do
  build "$K" &
  running=$((running + 1))
  if [ $running -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait

median() { sort -g | awk '{v[NR] = $1} END {if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; else print "-"}'; }
timed() { # EXE: median seconds PolyBench prints, or "-"
  local E=$1 t r
  [ -x "$E" ] || { echo -; return; }
  [ -s "$E.median" ] && { cat "$E.median"; return; } # timed beforehand
  : > "$E.times"
  for r in $(seq "$REPS"); do
    local w0=$SECONDS
    t=$(timeout "$TMO" "$E" 2>/dev/null | tail -1)
    [[ "$t" =~ ^[0-9.eE+-]+$ ]] || break
    echo "$t" >> "$E.times"
    # One run where it takes long (cholesky's O(n^3) initialisation).
    { awk "BEGIN{exit !($t > 5)}" || [ $((SECONDS - w0)) -gt 5 ]; } && break
  done
  median < "$E.times"
}
small() { # K TOOL: ok / differs / -
  local O=$OUT/$1
  [ -x "$O/$2-small" ] && [ -s "$O/seq-small.err" ] || { echo -; return; }
  timeout "$TMO" "$O/$2-small" > /dev/null 2> "$O/$2-small.err" || { echo failed; return; }
  python3 "$HERE/compare.py" "$O/seq-small.err" "$O/$2-small.err" 1e-4 > "$O/$2-small.cmp" && echo ok || echo differs
}

SEQ_JOBS=${L2C_SEQ_JOBS:-1}
: > "$OUT/table.txt"
if [ "$SEQ_JOBS" -gt 1 ]; then
  echo "# sequential runs: $SEQ_JOBS at a time (one core each), before the others" | tee "$OUT/table.txt"
  running=0
  for K in "${NAMES[@]}"; do
    (m=$(timed "$OUT/$K/seq") && echo "$m" > "$OUT/$K/seq.median") &
    running=$((running + 1))
    if [ $running -ge "$SEQ_JOBS" ]; then wait -n; running=$((running - 1)); fi
  done
  wait
fi
printf '%-16s %10s %10s %10s %10s %8s %8s %8s %6s %6s\n' program seq_s omp_s l2c_s ppcg_s l2c_x ppcg_x omp/l2c small_l small_p | tee -a "$OUT/table.txt"
echo "program,seq_s,omp_s,l2c_s,ppcg_s,small_l2c,small_ppcg" > "$OUT/table.csv"
for K in "${NAMES[@]}"; do
  O=$OUT/$K
  [ -x "$O/seq-small" ] && timeout "$TMO" "$O/seq-small" > /dev/null 2> "$O/seq-small.err"
  sl=$(small "$K" l2c) sp=$(small "$K" ppcg)
  s=$(timed "$O/seq") o=$(timed "$O/omp") l=$(timed "$O/l2c") p=$(timed "$O/ppcg")
  ratio() { [ "$1" != - ] && [ "$2" != - ] && awk "BEGIN{printf \"%.2f\", $1 / $2}" || echo -; }
  printf '%-16s %10s %10s %10s %10s %8s %8s %8s %6s %6s\n' "$K" "$s" "$o" "$l" "$p" \
    "$(ratio "$s" "$l")" "$(ratio "$s" "$p")" "$(ratio "$o" "$l")" "$sl" "$sp" | tee -a "$OUT/table.txt"
  echo "$K,$s,$o,$l,$p,$sl,$sp" >> "$OUT/table.csv"
done
python3 - "$OUT/table.csv" <<'PY' | tee -a "$OUT/table.txt"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
both = [r for r in rows if '-' not in (r['seq_s'], r['l2c_s'], r['ppcg_s'])]
g = lambda k: math.exp(sum(math.log(float(r['seq_s']) / float(r[k])) for r in both) / len(both)) if both else 0
print(f"programs timed by both tools: {len(both)}; loop2cuda faster on "
      f"{sum(float(r['l2c_s']) < float(r['ppcg_s']) for r in both)}")
print(f"geometric-mean speed-up over seq: loop2cuda {g('l2c_s'):.2f}x, PPCG {g('ppcg_s'):.2f}x")
omp = [r for r in rows if '-' not in (r['omp_s'], r['l2c_s'])]
print(f"slower than the OpenMP build: {[r['program'] for r in omp if float(r['l2c_s']) > float(r['omp_s'])]}")
PY
