#!/usr/bin/env bash
# run-gpu-tier.sh GEN_DIR OUT_DIR - the GPU tier of the loop2cuda tests.
#
# GEN_DIR holds what loop2cuda wrote on a machine with LLVM (see README.md):
#   GEN_DIR/samples/<stem>.cu   one per samples/<stem>.cpp
#   GEN_DIR/verify/*_verify.cu  --verify harnesses
#   GEN_DIR/bench/**.cu         benchmark sources (built, not run)
#   GEN_DIR/gpu-tests/*.cu      further generated tests
#   GEN_DIR/compare/<stem>.cu   one per tests/gpu-compare/<stem>.c or .cpp
# Each sample's original (g++ for samples/<stem>.cpp, gcc -std=c99 for
# samples/<stem>.c, with -lm) and generated (nvcc) programs run and their stdout must
# match exactly (likewise tests/gpu-compare/<stem>.*, whose generated file must
# also launch at least one kernel) (a program that includes omp.h or calls omp_* is built with
# OpenMP: -fopenmp, nvcc -Xcompiler -fopenmp -lgomp); every harness, gpu test and
# tests/gpu/runtime_smoke.cu must exit 0 and print no FAIL line.
#
# Prints `PASS name` / `FAIL name (why)` per test and finally
# `gpu tier: N passed, M failed`; exits 1 if any failed, 0 (after
# `gpu tier: skipped: no GPU`) on a machine without a GPU. Logs go to
# OUT_DIR/gpu-tier.log and OUT_DIR/<test>/.
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), CC,
# L2C_ARCH (default sm_90), L2C_JOBS (parallel builds, and parallel runs
# when emulated; default nproc),
# L2C_TIMEOUT (seconds per program run, default 600), L2C_ONLY, L2C_SKIP,
# L2C_SHARD (below).
set -u

if [ $# -ne 2 ]; then
  echo "usage: $0 GEN_DIR OUT_DIR" >&2
  exit 2
fi
GEN_DIR=$(cd "$1" 2>/dev/null && pwd) || { echo "gpu tier: no such directory: $1" >&2; exit 2; }
mkdir -p "$2" || exit 2
OUT_DIR=$(cd "$2" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
LOG="$OUT_DIR/gpu-tier.log"
: >"$LOG"

log() { echo "$*" >>"$LOG"; }
# Released device copies are filled with a pattern (runtime/loop2cuda_present.cuh):
# a program that reads one through a new copy shows it in its output.
export LOOP2CUDA_POISON=${LOOP2CUDA_POISON:-1}

# L2C_EMULATE=1: no GPU; the device is emulated on the host
# (tests/emulate/README.md): results are compared in two thread orders,
# nothing is timed, benchmarks are not built.
EMULATE=${L2C_EMULATE:-}
if [ -n "$EMULATE" ]; then
  NVCC=$ROOT/tests/emulate/nvcc-emulate
  L2C_SKIP_BENCH_BUILD=1
  log "emulated device (tests/emulate)"
elif ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >>"$LOG" 2>&1 ||
   ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "gpu tier: skipped: no GPU" | tee -a "$LOG"
  exit 0
fi

NVCC=${NVCC:-}
if [ -z "$NVCC" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=nvcc
  elif [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc
  else echo "gpu tier: nvcc not found (set NVCC)" | tee -a "$LOG"; exit 2
  fi
fi
CXX=${CXX:-g++}
CC=${CC:-gcc}
# The CPU builds of sources that use OpenMP need a compiler that links
# -fopenmp programs with `target` regions run on the host: the H100
# machine's /opt/gcc is built for offloading and fails on them ("could not
# run lto-wrapper") unless told -foffload=disable. The first compiler and
# flags of these that link a probe with a target region.
openmp_compiler() {
  local probe c f
  probe=$(mktemp -d)
  printf '#include <omp.h>\nint main(void) {\n  int n = 0;\n#pragma omp target map(tofrom: n)\n  n = omp_get_max_threads() < 0;\n  return n;\n}\n' >"$probe/p.c"
  for c in "$@"; do
    for f in "-fopenmp -foffload=disable" "-fopenmp"; do
      # shellcheck disable=SC2086
      if command -v "$c" >/dev/null 2>&1 &&
        "$c" -x c $f "$probe/p.c" -o "$probe/p" >/dev/null 2>&1 &&
        "$probe/p"; then
        rm -rf "$probe"; echo "$c $f"; return
      fi
    done
  done
  rm -rf "$probe"; echo "$1 -fopenmp"
}
read -r -a OMP_CC <<<"$(openmp_compiler "$CC" gcc /usr/bin/gcc cc)"
read -r -a OMP_CXX <<<"$(openmp_compiler "$CXX" g++ /usr/bin/g++ c++)"
ARCH=${L2C_ARCH:-sm_90}
JOBS=${L2C_JOBS:-$(nproc 2>/dev/null || echo 4)}
TIMEOUT=${L2C_TIMEOUT:-600}
NVCC_FLAGS=(-O3 "-arch=$ARCH" -std=c++17 -I "$ROOT/runtime")
log "root: $ROOT"
log "gen:  $GEN_DIR"
log "nvcc: $NVCC ${NVCC_FLAGS[*]}"
[ -n "$EMULATE" ] || nvidia-smi >>"$LOG" 2>&1

# Test table: kind, name, source.
KINDS=() NAMES=() SRCS=()
# L2C_ONLY=ERE: only the tests whose names match (app:|split:real2_lud).
# L2C_SKIP=FILE: not the tests named on its lines (those an earlier run
# passed, when a GPU lease ends mid-tier).
# L2C_SHARD=K/N: the K-th of N shares of the tests (every N-th, from the
# K-th), so that CI can run the emulated tier as N tests.
SHARD_K=1 SHARD_N=1 CANDIDATES=0
if [ -n "${L2C_SHARD:-}" ]; then
  [[ "$L2C_SHARD" =~ ^([0-9]+)/([0-9]+)$ ]] &&
    [ "${BASH_REMATCH[1]}" -ge 1 ] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
    { echo "gpu tier: L2C_SHARD must be K/N with 1 <= K <= N" >&2; exit 2; }
  SHARD_K=${BASH_REMATCH[1]} SHARD_N=${BASH_REMATCH[2]}
fi
add_test() {
  [ -z "${L2C_ONLY:-}" ] || [[ "$2" =~ $L2C_ONLY ]] || return 0
  [ -z "${L2C_SKIP:-}" ] || ! grep -qxF -- "$2" "$L2C_SKIP" || return 0
  CANDIDATES=$((CANDIDATES + 1))
  [ $(((CANDIDATES - 1) % SHARD_N)) -eq $((SHARD_K - 1)) ] || return 0
  KINDS+=("$1"); NAMES+=("$2"); SRCS+=("$3")
}

declare -A SEEN=()
if [ -d "$GEN_DIR/samples" ]; then
  for cu in "$GEN_DIR"/samples/*.cu; do
    [ -e "$cu" ] || continue
    stem=$(basename "$cu" .cu)
    SEEN[$stem]=1
    add_test sample "sample:$stem" "$cu"
  done
fi
for orig in "$ROOT"/samples/*.cpp "$ROOT"/samples/*.c; do
  [ -e "$orig" ] || continue
  stem=$(basename "${orig%.*}")
  [ -n "${SEEN[$stem]:-}" ] || add_test missing "sample:$stem" "$GEN_DIR/samples/$stem.cu"
done
# The samples as a user translates them (default options: loops that stay
# on the CPU for being small, run-time work guards), where they differ from
# the tier's translation.
for cu in "$GEN_DIR"/samples-default/*.cu; do
  [ -e "$cu" ] || continue
  stem=$(basename "$cu" .cu)
  cmp -s "$cu" "$GEN_DIR/samples/$stem.cu" || add_test sample "sample-default:$stem" "$cu"
done
# A C test that C++ cannot compile as written is split by default
# (<stem>.c and <stem>_gpu.cu in compare/): its split: entry runs it.
for cu in "$GEN_DIR"/compare/*.cu; do
  case $cu in *_gpu.cu) [ -e "${cu%_gpu.cu}.c" ] && continue ;; esac
  [ -e "$cu" ] && add_test sample "compare:$(basename "$cu" .cu)" "$cu"
done
for orig in "$ROOT"/tests/gpu-compare/*.cpp "$ROOT"/tests/gpu-compare/*.c; do
  [ -e "$orig" ] || continue
  stem=$(basename "${orig%.*}")
  [ -e "$GEN_DIR/compare/$stem.cu" ] || [ -e "$GEN_DIR/compare/${stem}_gpu.cu" ] ||
    add_test missing "compare:$stem" "$GEN_DIR/compare/$stem.cu"
done
for cu in "$GEN_DIR"/compare-split/*_gpu.cu; do
  [ -e "$cu" ] && add_test split "split:$(basename "$cu" _gpu.cu)" "$cu"
done
for app in "$ROOT"/tests/apps/*/; do
  [ -f "$app/Makefile" ] || continue
  name=$(basename "$app")
  if [ -d "$GEN_DIR/apps/$name" ]; then add_test app "app:$name" "$GEN_DIR/apps/$name"
  else add_test missing "app:$name" "$GEN_DIR/apps/$name"
  fi
done
for cu in "$GEN_DIR"/verify/*.cu; do
  [ -e "$cu" ] && add_test run "verify:$(basename "$cu" .cu)" "$cu"
done
for cu in "$GEN_DIR"/gpu-tests/*.cu; do
  [ -e "$cu" ] && add_test run "gpu-test:$(basename "$cu" .cu)" "$cu"
done
# L2C_SKIP_BENCH_BUILD=1: the benchmark scripts build these themselves
# (tests/gpu/batch.sh runs them right after the tier).
if [ -d "$GEN_DIR/bench" ] && [ -z "${L2C_SKIP_BENCH_BUILD:-}" ]; then
  while IFS= read -r cu; do
    rel=${cu#"$GEN_DIR/bench/"}
    add_test build "bench-build:${rel%.cu}" "$cu"
  done < <(find "$GEN_DIR/bench" -name '*.cu' | sort)
fi
add_test run "runtime_smoke" "$ROOT/tests/gpu/runtime_smoke.cu"

dir_of() { echo "$OUT_DIR/tests/$(echo "$1" | tr ':/' '__')"; }

# The original source of a comparison test, if it has one file.
original_of() {
  case $1 in
  compare:* | split:*) ls "$ROOT/tests/gpu-compare/${1#*:}".c* 2>/dev/null | head -1 ;;
  sample:* | sample-default:*) ls "$ROOT/samples/${1#*:}".c* 2>/dev/null | head -1 ;;
  esac
}
# Emulated, a test may ask for other arguments (`// gpu-emulate-args: small`:
# sizes that the host runs in seconds, given to both builds) or be left out
# (`// gpu-emulate: skip WHY`, data larger than the host's memory, say).
emulate_line() {
  local src
  src=$(original_of "$2")
  [ -n "$EMULATE" ] && [ -n "$src" ] && sed -n "s|^// $1: ||p" "$src" | head -1
}

# A source that includes omp.h or calls omp_* (host code the generated file
# keeps) needs OpenMP to build; nothing else gets it, so host loops that
# stayed on the CPU keep running sequentially.
uses_openmp() {
  grep -q -E '#[[:space:]]*include[[:space:]]*<omp\.h>|(^|[^A-Za-z0-9_])omp_[A-Za-z0-9_]+[[:space:]]*\(' "$1"
}

# Phase 1: build everything, JOBS at a time.
build_one() {
  local kind=$1 name=$2 src=$3 d
  d=$(dir_of "$name")
  mkdir -p "$d"
  case $kind in
  missing) echo "no generated file $src" >"$d/build.log"; echo 1 >"$d/build.rc"; return ;;
  sample)
    local stem orig cc libs=() from=samples
    stem=$(basename "$src" .cu)
    [ "${name%%:*}" = compare ] && from=tests/gpu-compare
    if [ -f "$ROOT/$from/$stem.cpp" ]; then
      local ostd
      ostd=$(sed -n 's|^// loop2cuda-std: ||p' "$ROOT/$from/$stem.cpp" | head -1)
      orig="$ROOT/$from/$stem.cpp" cc=("$CXX" -O2 "-std=${ostd:-c++17}")
    elif [ -f "$ROOT/$from/$stem.c" ]; then
      # C's math functions live in libm (C++ links it anyway).
      local cstd
      cstd=$(sed -n 's|^// loop2cuda-std: ||p' "$ROOT/$from/$stem.c" | head -1)
      orig="$ROOT/$from/$stem.c" cc=("$CC" -O2 "-std=${cstd:-c99}") libs=(-lm)
    else
      echo "no original $from/$stem.cpp or .c" >"$d/build.log"; echo 1 >"$d/build.rc"; return
    fi
    if uses_openmp "$orig"; then
      if [ "${cc[0]}" = "$CXX" ]; then
        cc=("${OMP_CXX[@]}" "${cc[@]:1}")
      else
        cc=("${OMP_CC[@]}" "${cc[@]:1}")
      fi
    fi
    { echo "+ ${cc[*]} ${orig#"$ROOT/"}"
      "${cc[@]}" -o "$d/cpu" "$orig" "${libs[@]}" || { echo 1 >"$d/build.rc"; return; }
    } >"$d/build.log" 2>&1 ;;
  split)
    # A split C file: the host part by gcc, the GPU part by nvcc, linked by
    # nvcc; the original by gcc (tests/gpu-compare/<stem>.c).
    # OpenMP as for compare:, only where the original calls it: the
    # pragmas of loops left on the CPU then run as written.
    local stem host orig cstd cc omp=()
    stem=$(basename "$src" _gpu.cu)
    host=$(dirname "$src")/$stem.c orig=$ROOT/tests/gpu-compare/$stem.c
    # A test in another C standard names it: `// loop2cuda-std: gnu89`.
    cstd=$(sed -n 's|^// loop2cuda-std: ||p' "$orig" | head -1)
    cc=("$CC" -O2 "-std=${cstd:-c99}")
    if uses_openmp "$orig"; then
      cc=("${OMP_CC[@]}" -O2 "-std=${cstd:-c99}") omp=(-Xcompiler -fopenmp -lgomp)
    fi
    {
      "${cc[@]}" -o "$d/cpu" "$orig" -lm &&
        "${cc[@]}" -c -o "$d/host.o" "$host" &&
        "$NVCC" "${NVCC_FLAGS[@]}" "${omp[@]:0:2}" -c -o "$d/gpu.o" "$src" &&
        "$NVCC" "${NVCC_FLAGS[@]}" "${omp[@]}" -o "$d/gpu" "$d/host.o" "$d/gpu.o" -lm
      echo $? >"$d/build.rc"
    } >"$d/build.log" 2>&1
    return ;;
  app)
    # The app's own Makefile, once as written and once with the generated
    # files in place: their GPU parts (<stem>_gpu.o) join the link, which
    # nvcc does (tests/apps/README.md).
    local gpu_objs=() f
    rm -rf "$d/cpu-src" "$d/gpu-src"
    cp -r "$ROOT/tests/apps/${name#app:}" "$d/cpu-src"
    cp -r "$src" "$d/gpu-src"
    for f in "$d"/gpu-src/*_gpu.cu; do
      [ -e "$f" ] && gpu_objs+=("$(basename "${f%.cu}").o")
    done
    {
      echo "+ make (CPU)"
      make -C "$d/cpu-src" prog CC="$CC" CXX="$CXX" &&
        cp "$d/cpu-src/prog" "$d/cpu" &&
        echo "+ make (GPU): GPU_OBJS=${gpu_objs[*]}" &&
        make -C "$d/gpu-src" prog CC="$CC" CXX="$CXX" NVCC="$NVCC" \
          GPU_OBJS="${gpu_objs[*]}" \
          NVFLAGS="${NVCC_FLAGS[*]} -Xcompiler -fopenmp" \
          LINK="$NVCC ${NVCC_FLAGS[*]} -Xcompiler -fopenmp" LIBS=-lgomp &&
        cp "$d/gpu-src/prog" "$d/gpu"
      echo $? >"$d/build.rc"
    } >"$d/build.log" 2>&1
    return ;;
  *) : >"$d/build.log" ;;
  esac
  # A test in another standard names it: `// loop2cuda-std: c++20`.
  local nvflags=("${NVCC_FLAGS[@]}") std
  std=$(sed -n 's|^// loop2cuda-std: ||p' "$src" | head -1)
  [ -n "$std" ] && nvflags=("${nvflags[@]/#-std=c++17/-std=$std}")
  echo "+ $NVCC ${nvflags[*]} $src" >>"$d/build.log"
  local out="$d/gpu"
  [ "$kind" = build ] && out="$d/gpu.o"
  local extra=()
  if uses_openmp "$src"; then
    extra=(-Xcompiler -fopenmp)
    [ "$kind" = build ] || extra+=(-lgomp)
  fi
  [ "$kind" = build ] && extra+=(-c)
  echo "+ extra flags: ${extra[*]}" >>"$d/build.log"
  "$NVCC" "${nvflags[@]}" "${extra[@]}" -o "$out" "$src" >>"$d/build.log" 2>&1
  echo $? >"$d/build.rc"
}

# A comparison test may name what LOOP2CUDA_PROFILE=1 must report: each
# `// gpu-profile: ERE` line of its source must match a line of the summary,
# no `// gpu-profile-not: ERE` line may (transfer counts, say). Prints why
# not and fails.
profile_check() {
  local name=$1 d=$2 src re
  [ "${name%%:*}" = compare ] || return 0
  src=$(ls "$ROOT/tests/gpu-compare/${name#compare:}".c* 2>/dev/null | head -1)
  [ -n "$src" ] || return 0
  # A check written any other way (inside a /* */ comment) would be skipped.
  if grep -q 'gpu-profile' "$src" && ! grep -q '^// gpu-profile' "$src"; then
    echo "gpu-profile lines must start with '// '"; return 1
  fi
  grep -q '^// gpu-profile' "$src" || return 0
  (cd "$d" && LOOP2CUDA_PROFILE=1 timeout "$TIMEOUT" ./gpu "${args[@]}" >/dev/null 2>profile.err) ||
    { echo "the profiled run failed"; return 1; }
  while IFS= read -r re; do
    grep -qE -- "$re" "$d/profile.err" || { echo "profile has no line matching '$re'"; return 1; }
  done < <(sed -n 's|^// gpu-profile: ||p' "$src")
  while IFS= read -r re; do
    ! grep -qE -- "$re" "$d/profile.err" || { echo "profile has a line matching '$re'"; return 1; }
  done < <(sed -n 's|^// gpu-profile-not: ||p' "$src")
  return 0
}

# Emulated: the program again with blocks and threads run last first; a
# kernel whose threads depend on each other's order then differs.
reverse_order_agrees() {
  local d=$1
  [ -n "$EMULATE" ] || return 0
  (cd "$d" && L2C_EMU_ORDER=reverse timeout "$TIMEOUT" ./gpu "${args[@]}" >gpu-reverse.out 2>gpu-reverse.err) &&
    diff -u "$d/cpu.out" "$d/gpu-reverse.out" >"$d/diff" 2>&1
}

# Runs FUNC i for every test i, N at a time, and waits for all.
each_test() {
  local n=$1 func=$2 running=0 i
  for i in "${!NAMES[@]}"; do
    "$func" "$i" &
    running=$((running + 1))
    if [ "$running" -ge "$n" ]; then
      wait -n 2>/dev/null || true
      running=$((running - 1))
    fi
  done
  wait
}
build_test() { build_one "${KINDS[$1]}" "${NAMES[$1]}" "${SRCS[$1]}"; }

BUILD_START=$SECONDS
each_test "$JOBS" build_test

# Phase 2: run. On a GPU one at a time (the programs share it and are
# timed); emulated, JOBS at a time. judge writes a test's verdict and its
# log to its folder; they are printed in the tests' order after.
judge() {
  local kind=${KINDS[$1]} name=${NAMES[$1]} src=${SRCS[$1]} d rc crc grc rrc why
  d=$(dir_of "$name")
  : >"$d/judge.log"
  note() { echo "---- $name: $1" >>"$d/judge.log"; cat "$2" >>"$d/judge.log" 2>/dev/null; }
  verdict() { echo "$*" >"$d/verdict"; }
  rc=$(cat "$d/build.rc" 2>/dev/null || echo 1)
  if [ "$kind" = missing ]; then verdict FAIL "not generated"; return; fi
  if [ "$rc" != 0 ]; then verdict FAIL "build failed, see $d/build.log"; return; fi
  case $kind in
  build) verdict PASS ;;
  sample | app | split)
    why=$(emulate_line gpu-emulate "$name")
    if [ -n "$why" ]; then verdict SKIP "$why"; return; fi
    read -r -a args <<<"$(emulate_line gpu-emulate-args "$name")"
    (cd "$d" && timeout "$TIMEOUT" ./cpu "${args[@]}" >cpu.out 2>cpu.err); crc=$?
    (cd "$d" && timeout "$TIMEOUT" ./gpu "${args[@]}" >gpu.out 2>gpu.err); grc=$?
    note "gpu stderr" "$d/gpu.err"
    if [ "$crc" != 0 ]; then verdict FAIL "original exited with $crc"
    elif [ "${name%%:*}" != sample ] && ! grep -rq 'L2C_LAUNCH' "$src"; then
      verdict FAIL "no kernel in the generated file"
    elif [ "$grc" != 0 ]; then verdict FAIL "generated program exited with $grc: $(head -c 200 "$d/gpu.err" | tr '\n' ' ')"
    elif ! diff -u "$d/cpu.out" "$d/gpu.out" >"$d/diff" 2>&1; then
      note diff "$d/diff"
      verdict FAIL "output differs, see $d/diff"
    elif ! reverse_order_agrees "$d"; then
      note "diff (threads last first)" "$d/diff"
      verdict FAIL "output differs with the threads run last first, see $d/diff"
    elif ! why=$(profile_check "$name" "$d"); then
      note profile "$d/profile.err"
      verdict FAIL "$why"
    else verdict PASS
    fi ;;
  run)
    (cd "$d" && timeout "$TIMEOUT" ./gpu >run.out 2>run.err); rrc=$?
    note stdout "$d/run.out"
    note stderr "$d/run.err"
    if [ "$rrc" != 0 ]; then verdict FAIL "exited with $rrc: $(grep -h -m3 'FAIL\|error' "$d/run.out" "$d/run.err" | tr '\n' ' ' | head -c 300)"
    elif grep -q '^FAIL' "$d/run.out"; then verdict FAIL "$(grep -m3 '^FAIL' "$d/run.out" | tr '\n' ' ')"
    else verdict PASS
    fi ;;
  esac
}

log "builds: $((SECONDS - BUILD_START)) s"
RUN_START=$SECONDS
PASSED=0 FAILED=0 SKIPPED=0
append_log() { log "---- $1"; cat "$2" >>"$LOG" 2>/dev/null; }
report() {
  local name=${NAMES[$1]} d what why
  d=$(dir_of "$name")
  append_log "$name: build" "$d/build.log"
  cat "$d/judge.log" >>"$LOG" 2>/dev/null
  read -r what why <"$d/verdict" 2>/dev/null || { what=FAIL why="no verdict"; }
  case $what in
  PASS) echo "PASS $name" | tee -a "$LOG"; PASSED=$((PASSED + 1)) ;;
  SKIP) echo "SKIP $name ($why)" | tee -a "$LOG"; SKIPPED=$((SKIPPED + 1)) ;;
  *) echo "FAIL $name ($why)" | tee -a "$LOG"; FAILED=$((FAILED + 1)) ;;
  esac
}

# On a GPU each verdict is printed when it comes (a run cut short by a
# lease keeps what passed, for L2C_SKIP).
for i in "${!NAMES[@]}"; do rm -f "$(dir_of "${NAMES[$i]}")/verdict"; done
if [ -z "$EMULATE" ]; then
  for i in "${!NAMES[@]}"; do judge "$i"; report "$i"; done
else
  each_test "$JOBS" judge
  for i in "${!NAMES[@]}"; do report "$i"; done
fi
log "runs: $((SECONDS - RUN_START)) s"

echo "gpu tier${EMULATE:+ (emulated)}: $PASSED passed, $FAILED failed${EMULATE:+, $SKIPPED left out}" | tee -a "$LOG"
[ "$FAILED" -eq 0 ]
