#!/bin/sh
# bench/breakeven/run.sh GEN OUT: times step.c's heat step per step on one
# core, on every core (OpenMP) and on the GPU (GEN/step.cu, made by
# prepare.sh with --min-launch-work=0), and prints the table with the
# GPU's speed-up over the OpenMP build. On the GPU machine.
set -e
here=$(cd "$(dirname "$0")" && pwd)
gen=$1 out=$2
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
gcc -O2 -std=gnu99 "$here/step.c" -o "$out/seq"
gcc -O2 -std=gnu99 -fopenmp "$here/step.c" -o "$out/omp"
nvcc -O2 -arch=${L2C_ARCH:-sm_90} -std=c++17 -I "$here/../../runtime" \
  "$gen/step.cu" -o "$out/gpu"
"$out/seq" > "$out/seq.txt"
"$out/omp" > "$out/omp.txt"
"$out/gpu" > "$out/gpu.txt"
echo "# heat step (two loops a step), microseconds per step; $(nproc) host cores"
printf '%9s %10s %10s %10s %9s %8s\n' cells seq_us omp_us gpu_us omp/gpu same
paste "$out/seq.txt" "$out/omp.txt" "$out/gpu.txt" | awk '{
  printf "%9d %10.2f %10.2f %10.2f %9.2f %8s\n", $1, $2, $5, $8, $5 / $8,
         ($3 == $6 && $3 == $9) ? "yes" : "no" }'
