#!/bin/bash
# Times each app of tests/apps: its original build (gcc/g++ with OpenMP) on
# one core and on every core, against the build with loop2cuda's output in
# place (as the GPU tier builds it, tests/apps/README.md). Wall time of the
# whole program, median of RUNS runs, one run at a time; the outputs of the
# three must be equal. Run on the GPU machine, after tests/generate.sh:
#   bench/apps/run.sh GEN_DIR OUT_DIR
# Prints a table and writes OUT_DIR/apps.csv.
set -uo pipefail
GEN=$1
OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RUNS=${RUNS:-3}
NVCC=${NVCC:-nvcc}
ARCH=${ARCH:-sm_90}
CORES=$(nproc)
mkdir -p "$OUT"
# Sizes for timing (each app's own defaults are for the tests).
declare -A ARGS=(
  [csr_spmv]="4000000" [image_blur]="6000 4000" [heat_grid]="4000 3000 40"
  [blocked_lu]="1536 64" [particle_filter]="4000000" [bfs_frontier]="4000000"
  [dp_wavefront]="8192" [knr_net]=""
)
NVFLAGS="-O3 -arch=$ARCH -std=c++17 -I $ROOT/runtime -Xcompiler -fopenmp"

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { # prints seconds of one run of "$@", its stdout to run.out
  local t0 t1
  t0=$(date +%s.%N)
  timeout 120 "$@" >run.out 2>run.err || echo "FAILED" >>run.out
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f\n", b - a}'
}

echo "app,args,cpu1_s,cpu${CORES}_s,gpu_s,speedup_vs_1,speedup_vs_${CORES},same_output" >"$OUT/apps.csv"
printf '%-16s %-14s %9s %9s %9s %8s %8s %s\n' app args "cpu 1" "cpu $CORES" gpu "x 1" "x $CORES" output
for dir in "$ROOT"/tests/apps/*/; do
  name=$(basename "$dir")
  [ -d "$GEN/apps/$name" ] || continue
  # APPS="a b": only those.
  [ -z "${APPS:-}" ] || [[ " $APPS " == *" $name "* ]] || continue
  w=$OUT/$name
  rm -rf "$w" && mkdir -p "$w"
  cp -r "$dir" "$w/cpu" && cp -r "$GEN/apps/$name" "$w/gpu"
  gpu_objs=()
  for f in "$w"/gpu/*_gpu.cu; do [ -e "$f" ] && gpu_objs+=("$(basename "${f%.cu}").o"); done
  if ! make -s -C "$w/cpu" prog >"$w/build.log" 2>&1 ||
     ! make -s -C "$w/gpu" prog NVCC="$NVCC" GPU_OBJS="${gpu_objs[*]}" NVFLAGS="$NVFLAGS" \
       LINK="$NVCC -O3 -arch=$ARCH -Xcompiler -fopenmp" LIBS=-lgomp >>"$w/build.log" 2>&1; then
    echo "$name: build failed ($w/build.log)"; continue
  fi
  read -r -a args <<<"${ARGS[$name]:-}"
  cd "$w" || continue
  # One untimed GPU run first: the CUDA context and module load.
  ./gpu/prog "${args[@]}" >/dev/null 2>&1
  t1=$(for r in $(seq "$RUNS"); do OMP_NUM_THREADS=1 wall ./cpu/prog "${args[@]}"; done | median); cp run.out cpu1.out
  tn=$(for r in $(seq "$RUNS"); do OMP_NUM_THREADS=$CORES wall ./cpu/prog "${args[@]}"; done | median); cp run.out cpun.out
  tg=$(for r in $(seq "$RUNS"); do wall ./gpu/prog "${args[@]}"; done | median); cp run.out gpu.out
  same=no
  cmp -s cpu1.out gpu.out && cmp -s cpun.out gpu.out && same=yes
  s1=$(awk -v a="$t1" -v b="$tg" 'BEGIN {printf "%.2f", a / b}') sn=$(awk -v a="$tn" -v b="$tg" 'BEGIN {printf "%.2f", a / b}')
  printf '%-16s %-14s %9.3f %9.3f %9.3f %8s %8s %s\n' "$name" "${ARGS[$name]:-}" "$t1" "$tn" "$tg" "$s1" "$sn" "$same"
  echo "$name,${ARGS[$name]:-},$t1,$tn,$tg,$s1,$sn,$same" >>"$OUT/apps.csv"
  cd - >/dev/null || exit 1
done
