#!/bin/bash
# run-gpu.sh DIR OUT: builds and runs PolyBench programs that loop2cuda
# translated, on a machine with nvcc and a GPU, and compares each program
# with its gcc build. DIR holds utilities/ (polybench.c, polybench.h) and one
# folder per program with the original NAME.c, its headers, `flags` (the -D
# options of both builds) and gen/NAME.cu; prepare.sh lays it out.
#   flags with POLYBENCH_DUMP_ARRAYS: the printed arrays must agree
#     (compare.py); the table shows whole-program seconds.
#   flags with POLYBENCH_TIME: the table shows the seconds each program
#     prints for its kernel function, and the geometric-mean speed-up.
#   a file `selfcheck` in the program's folder (PolyBench/GPU style programs,
#     built with -DRUN_TEST, which compare their OpenMP function with their
#     own sequential one): the stdout lines that match the pattern in it must
#     be the same in both runs; the table shows the seconds of the
#     "OMP Runtime:" or "GPU Runtime:" line each run prints.
# A file `libs` in a program's folder is added to both link lines (-lgomp
# for a program that calls omp_get_thread_num: neither build uses -fopenmp).
# DIR/utilities/polybench.c is linked in when there is one.
# Builds run L2C_JOBS (default 8) at a time, and so do the CPU runs (one
# core each) unless L2C_CPU_JOBS says otherwise: CPU runs that share the
# machine's memory bandwidth run slower, so L2C_CPU_JOBS=1 gives the
# steadier reference. The GPU runs one at a time. Writes outputs under OUT.
# L2C_REPS (default 1): runs of each build; a timed program's seconds are
# the median of its runs (one run of a short program on a machine just
# started can be off by 2x). L2C_PROFILE=1: one more run of each GPU build
# with LOOP2CUDA_PROFILE=1, its summary kept in OUT/NAME/gpu.profile, and the
# table gains the kernels' and the transfers' GPU milliseconds.
set -u
DIR=$1
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
RUNTIME=$(cd "$HERE/../../runtime" && pwd)
ARCH=${L2C_ARCH:-sm_90}
JOBS=${L2C_JOBS:-8}
CPU_JOBS=${L2C_CPU_JOBS:-$JOBS}
REPS=${L2C_REPS:-1}
PROFILE=${L2C_PROFILE:-0}
mkdir -p "$OUT"
NAMES=()
for P in "$DIR"/*/; do
  N=$(basename "$P")
  [ "$N" = utilities ] || [ ! -f "$P/gen/$N.cu" ] || NAMES+=("$N")
done
# polybench.c reads the flags too (POLYBENCH_TIME turns its timer on); every
# program of DIR has the same.
UTIL=()
if [ -f "$DIR/utilities/polybench.c" ]; then
  gcc -O2 $(cat "$DIR/${NAMES[0]}/flags") -c "$DIR/utilities/polybench.c" \
    -I"$DIR/utilities" -o "$OUT/polybench.o" || exit 1
  UTIL=("$OUT/polybench.o")
fi

build() { # NAME
  local P="$DIR/$1" O="$OUT/$1" FLAGS LIBS
  FLAGS=$(cat "$P/flags" 2>/dev/null)
  LIBS=$(cat "$P/libs" 2>/dev/null)
  mkdir -p "$O"
  gcc -O2 $FLAGS -I"$DIR/utilities" -I"$P" "$P/$1.c" "${UTIL[@]}" -lm $LIBS -o "$O/cpu" 2> "$O/cpu-build.txt" || return
  nvcc -O2 -arch=$ARCH $FLAGS -I"$RUNTIME" -I"$DIR/utilities" -I"$P" "$P/gen/$1.cu" "${UTIL[@]}" -lm $LIBS -o "$O/gpu" 2> "$O/gpu-build.txt"
}
# selfcheck: the lines of a run's stdout that match the pattern in P/selfcheck
# (the program's own comparison with its sequential function).
checked() { # NAME cpu|gpu
  grep -E "$(cat "$DIR/$1/selfcheck")" "$OUT/$1/$2.out"
}
# The seconds of the program's "OMP Runtime: 1.25s" (or "GPU Runtime:") line.
ompSeconds() { # NAME cpu|gpu
  sed -n -E 's/^(OMP|GPU) Runtime: ([0-9.]+)s$/\2/p' "$OUT/$1/$2.out" | tail -1
}
run() { # NAME cpu|gpu: REPS runs; the last one's output stays, each
  # run's printed seconds go to NAME/cpu.times (or gpu.times)
  local O="$OUT/$1" t0 t1 r
  [ -x "$O/$2" ] || return
  : > "$O/$2.times"
  for r in $(seq "$REPS"); do
    t0=$(date +%s.%N)
    timeout 300 "$O/$2" > "$O/$2.out" 2> "$O/$2.err"
    echo $? > "$O/$2.rc"
    t1=$(date +%s.%N)
    [ "$r" = 1 ] && awk "BEGIN{print $t1 - $t0}" > "$O/$2.wall"
    [ "$(cat "$O/$2.rc")" = 0 ] || break
    grep -Eo '^[0-9.]+$' "$O/$2.out" | tail -1 >> "$O/$2.times"
  done
  if [ "$2" = gpu ] && [ "$PROFILE" = 1 ]; then
    LOOP2CUDA_PROFILE=1 timeout 300 "$O/gpu" > /dev/null 2> "$O/gpu.profile.err"
    sed -n '/^loop2cuda profile/,$p' "$O/gpu.profile.err" > "$O/gpu.profile"
  fi
}
median() { # FILE: the median of its lines
  sort -g "$1" | awk '{v[NR] = $1} END {if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
# The profile's GPU totals: "kernels_ms transfers_ms", or "- -".
gpuTotals() { # NAME
  local t
  t=$(sed -n 's/.*GPU total: kernels \([0-9.]*\) ms + transfers \([0-9.]*\) ms.*/\1 \2/p' "$OUT/$1/gpu.profile" 2>/dev/null)
  echo "${t:-- -}"
}
for N in "${NAMES[@]}"; do
  build "$N" &
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
done
wait
for N in "${NAMES[@]}"; do run "$N" gpu; done
for N in "${NAMES[@]}"; do
  run "$N" cpu &
  while [ "$(jobs -rp | wc -l)" -ge "$CPU_JOBS" ]; do wait -n; done
done
wait

pass=0 fail=0 logsum=0 timed=0
if [ "$PROFILE" = 1 ]; then
  printf '%-16s %-8s %10s %10s %8s %10s %12s\n' program result cpu_s gpu_s speedup kernel_ms transfer_ms
else
  printf '%-16s %-8s %10s %10s %8s\n' program result cpu_s gpu_s speedup
fi
for N in "${NAMES[@]}"; do
  O="$OUT/$N"
  FLAGS=$(cat "$DIR/$N/flags" 2>/dev/null)
  if [ ! -x "$O/cpu" ]; then res=cpu-build
  elif [ ! -x "$O/gpu" ]; then res=nvcc
  elif [ "$(cat "$O/cpu.rc")" != 0 ]; then res="cpu-rc=$(cat "$O/cpu.rc")"
  elif [ "$(cat "$O/gpu.rc")" != 0 ]; then res="gpu-rc=$(cat "$O/gpu.rc")"
  elif [ -f "$DIR/$N/selfcheck" ]; then
    if [ -n "$(checked "$N" gpu)" ] && [ "$(checked "$N" cpu)" = "$(checked "$N" gpu)" ]; then res=self-same
    else res=DIFFERS; { checked "$N" cpu; checked "$N" gpu; } > "$O/diff.txt"
    fi
  elif [[ "$FLAGS" == *POLYBENCH_TIME* ]]; then res=timed
  elif python3 "$HERE/compare.py" "$O/cpu.err" "$O/gpu.err" > "$O/diff.txt"; then res=same
  else res=DIFFERS
  fi
  case $res in same|timed|self-same) pass=$((pass+1)) ;; *) fail=$((fail+1)); printf '%-16s %s\n' "$N" "$res"; continue ;; esac
  if [ "$res" = self-same ]; then
    cpu=$(ompSeconds "$N" cpu); gpu=$(ompSeconds "$N" gpu)
    if [ -z "$cpu" ] || [ -z "$gpu" ]; then
      printf '%-16s %s\n' "$N" "no time printed (see $O/*.out)"; continue
    fi
  elif [ "$res" = timed ]; then
    cpu=$(median "$O/cpu.times")
    gpu=$(median "$O/gpu.times")
    if [ -z "$cpu" ] || [ -z "$gpu" ]; then
      printf '%-16s %s\n' "$N" "no time printed (see $O/*.out)"; continue
    fi
  else
    cpu=$(cat "$O/cpu.wall"); gpu=$(cat "$O/gpu.wall")
  fi
  sp=$(awk "BEGIN{print $cpu / $gpu}")
  logsum=$(awk "BEGIN{print $logsum + log($sp)}"); timed=$((timed+1))
  if [ "$PROFILE" = 1 ]; then
    # shellcheck disable=SC2046
    printf '%-16s %-8s %10.4f %10.4f %8.2f %10s %12s\n' "$N" "$res" "$cpu" "$gpu" "$sp" $(gpuTotals "$N")
  else
    printf '%-16s %-8s %10.4f %10.4f %8.2f\n' "$N" "$res" "$cpu" "$gpu" "$sp"
  fi
done
[ $timed -gt 0 ] && printf 'geometric-mean speed-up over %d programs: %.2f\n' $timed "$(awk "BEGIN{print exp($logsum / $timed)}")"
echo "polybench: $pass ok, $fail not"
