#!/usr/bin/env bash
# run.sh LOOP2CUDA WORKDIR - the host-simulation tier: programs whose marked
# loops all take a host path of the runtime (a run-time guard that sends
# them to the host: too little work, arrays that overlap, a probe that
# finds a conflict, a block the record does not know) run here, on a
# machine without a GPU. Each tests/hostsim/programs/*.c and *.cpp is translated,
# built by nvcc against fake_cudart.cpp (device memory is host memory,
# copies are memcpy, a kernel launch stops the program with 86) and its
# output compared with the sequential gcc/g++ build of the source (the
# overlapping calls of a test are races under OpenMP; the sequential
# program is what the host paths must reproduce). What it checks is
# the runtime's data movement around those host runs: the present table,
# holds, copies that leave out a box. Kernels themselves are the GPU
# tier's. A source may give loop2cuda flags on a line
# `// loop2cuda-flags: ...`. Exits 77 (skipped) without nvcc.
set -u
L2C=$1
WORK=$2
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NVCC=${NVCC:-}
if [ -z "$NVCC" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=nvcc
  elif [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc
  else echo "skipped: nvcc not found"; exit 77
  fi
fi
rm -rf "$WORK"
# Released device copies are filled with a pattern (runtime/loop2cuda_present.cuh):
# a program that reads one through a new copy shows it in its output.
export LOOP2CUDA_POISON=${LOOP2CUDA_POISON:-1}
mkdir -p "$WORK"
# nvcc hands a .cpp file to the host compiler with its own include path
# (where cuda_runtime_api.h lies differs between installations).
"$NVCC" -O1 -std=c++17 -c -o "$WORK/fake_cudart.o" \
  "$ROOT/tests/hostsim/fake_cudart.cpp" || { echo "FAIL: fake_cudart.cpp"; exit 1; }
fails=0
for src in "$ROOT"/tests/hostsim/programs/*.c "$ROOT"/tests/hostsim/programs/*.cpp; do
  [ -e "$src" ] || continue
  name=$(basename "$src")
  stem=${name%.*}
  d=$WORK/$stem
  mkdir -p "$d"
  if [ "${src##*.}" = c ]; then ref=(gcc -O2 -std=c99) std=-std=c99
  else ref=(g++ -O2 -std=c++17) std=-std=c++17
  fi
  flags=$(sed -n 's|^// loop2cuda-flags: ||p' "$src" | head -1)
  # shellcheck disable=SC2086
  if ! "$L2C" $flags -o "$d/gen" "$src" -- "$std" >"$d/translate.log" 2>&1; then
    echo "FAIL $name: loop2cuda failed (see $d/translate.log)"; fails=$((fails + 1)); continue
  fi
  cu=$(ls "$d"/gen/*.cu | head -1)
  if ! "${ref[@]}" -o "$d/cpu" "$src" -lm >"$d/build.log" 2>&1 ||
     ! "$NVCC" -O2 -std=c++17 -arch=sm_90 -I"$ROOT/runtime" -cudart=none \
       -Xcompiler -fopenmp -o "$d/sim" "$cu" "$WORK/fake_cudart.o" -lgomp \
       >>"$d/build.log" 2>&1; then
    echo "FAIL $name: build failed (see $d/build.log)"; fails=$((fails + 1)); continue
  fi
  (cd "$d" && timeout 120 ./cpu >cpu.out 2>cpu.err)
  (cd "$d" && LOOP2CUDA_PROFILE=1 timeout 120 ./sim >sim.out 2>sim.err)
  rc=$?
  if [ $rc = 86 ]; then
    echo "FAIL $name: it launched a kernel (the host paths alone must run it)"
    fails=$((fails + 1))
  elif [ $rc != 0 ]; then
    echo "FAIL $name: exit $rc (see $d/sim.err)"; fails=$((fails + 1))
  elif ! diff "$d/cpu.out" "$d/sim.out" >"$d/diff"; then
    echo "FAIL $name: output differs from the CPU build's"; cat "$d/diff"
    fails=$((fails + 1))
  else
    # Each `// hostsim-profile: ERE` line must match a profile line: the
    # host paths the test is about ran.
    miss=0
    while IFS= read -r re; do
      grep -qE -- "$re" "$d/sim.err" || { echo "FAIL $name: profile has no line matching '$re'"; miss=1; }
    done < <(sed -n 's|^// hostsim-profile: ||p' "$src")
    if [ $miss = 0 ]; then echo "PASS $name"; else fails=$((fails + 1)); fi
  fi
done
echo "hostsim: $fails failed"
[ $fails = 0 ]
