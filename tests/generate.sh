#!/usr/bin/env bash
# generate.sh LOOP2CUDA GEN_DIR - runs loop2cuda on everything the GPU tier
# builds (tests/gpu/README.md has the layout):
#   GEN_DIR/samples/<stem>.cu        each samples/<stem>.cpp (-std=c++17)
#                                      and samples/<stem>.c (-std=c99)
#   GEN_DIR/verify/<kernel>_verify.cu --verify harnesses of the samples
#                                      (tests/gpu-src/*.cpp check themselves)
#   GEN_DIR/gpu-tests/<stem>.cu      each tests/gpu-src/*.cpp, and each
#                                      tests/gpu-src-deterministic/*.cpp built
#                                      with --deterministic (self-checking
#                                      programs: they print PASS/FAIL lines)
#   GEN_DIR/compare/<stem>.cu        each tests/gpu-compare/<stem>.c or .cpp
#                                      (its output must equal its CPU build's)
#   GEN_DIR/compare-split/<stem>.c and <stem>_gpu.cu
#                                      each tests/gpu-compare/<stem>.c split
#                                      (--c-output=split): its host part and
#                                      its GPU part
#   GEN_DIR/apps/<name>/             each tests/apps/<name>/ with loop2cuda's
#                                      output in place of its marked sources
#   GEN_DIR/bench/...                the benchmarks' generated sources
set -euo pipefail
L2C=$1
GEN=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rm -rf "$GEN"
mkdir -p "$GEN/samples" "$GEN/verify" "$GEN/gpu-tests" "$GEN/compare" "$GEN/bench" "$GEN/apps" "$GEN/compare-split"
# The tests run small sizes to check kernels: no loop stays on the CPU for
# being small (--min-launch-work, rewriter/frontend/host/LaunchWork.cpp).
T=--min-launch-work=0
for s in "$ROOT"/tests/gpu-compare/*.cpp "$ROOT"/tests/gpu-compare/*.c; do
  [ -e "$s" ] || continue
  std=-std=c++17
  [ "${s##*.}" = c ] && std=-std=c99
  # A test in another standard names it: `// loop2cuda-std: c++20`.
  sv=$(sed -n 's|^// loop2cuda-std: ||p' "$s" | head -1)
  [ -n "$sv" ] && std=-std=$sv
  # A test of a rule set that is off by default names it on a line
  # `// loop2cuda-flags: --enable-rule NAME`.
  flags=$(sed -n 's|^// loop2cuda-flags: ||p' "$s" | head -1)
  # shellcheck disable=SC2086
  "$L2C" $T $flags -o "$GEN/compare" "$s" -- "$std"
done
# The C ones once more as split files: the host part stays C.
for s in "$ROOT"/tests/gpu-compare/*.c; do
  [ -e "$s" ] || continue
  flags=$(sed -n 's|^// loop2cuda-flags: ||p' "$s" | head -1)
  sv=$(sed -n 's|^// loop2cuda-std: ||p' "$s" | head -1)
  # shellcheck disable=SC2086
  "$L2C" $T $flags --c-output=split -o "$GEN/compare-split" "$s" -- "-std=${sv:-c99}" 2>/dev/null
done
mkdir -p "$GEN/samples-default"
for s in "$ROOT"/samples/*.cpp "$ROOT"/samples/*.c; do
  [ -e "$s" ] || continue
  std=-std=c++17
  [ "${s##*.}" = c ] && std=-std=c99
  "$L2C" $T -o "$GEN/samples" "$s" -- "$std"
  # As a user gets them (run-time work guards and all), for the nvcc check.
  "$L2C" -o "$GEN/samples-default" "$s" -- "$std" 2>/dev/null
  "$L2C" $T --verify -o "$GEN/verify.tmp" "$s" -- "$std"
done
if compgen -G "$ROOT/tests/gpu-src/*.cpp" >/dev/null; then
  for s in "$ROOT"/tests/gpu-src/*.cpp; do
    "$L2C" $T -o "$GEN/gpu-tests" "$s" -- -std=c++17
  done
fi
# Programs that check what --deterministic promises: the same bits on
# every run.
if compgen -G "$ROOT/tests/gpu-src-deterministic/*.cpp" >/dev/null; then
  for s in "$ROOT"/tests/gpu-src-deterministic/*.cpp; do
    "$L2C" $T --deterministic -o "$GEN/gpu-tests" "$s" -- -std=c++17
  done
fi
if compgen -G "$GEN/verify.tmp/*_verify.cu" >/dev/null; then
  mv "$GEN"/verify.tmp/*_verify.cu "$GEN/verify/"
fi
rm -rf "$GEN/verify.tmp"
# Applications of several files with a Makefile (tests/apps/README.md):
# each marked source is translated with the app's flags, and its output
# takes its place in a copy of the app: <stem>.cu for <stem>.c or .cpp, or
# a split C file's <stem>.c and <stem>_gpu.cu.
for app in "$ROOT"/tests/apps/*/; do
  [ -f "$app/Makefile" ] || continue
  name=$(basename "$app")
  dst="$GEN/apps/$name"
  cp -r "$app" "$dst"
  read -r -a aflags <"$app/loop2cuda-flags" || true
  for s in "$app"*.c "$app"*.cpp; do
    [ -e "$s" ] && grep -q -E '^[[:space:]]*#[[:space:]]*pragma[[:space:]]+(omp|acc|loop2cuda)' "$s" || continue
    stem=$(basename "${s%.*}")
    "$L2C" $T -o "$GEN/apps/$name.out" "$s" -- "${aflags[@]}" -I "$app"
    if [ -e "$GEN/apps/$name.out/${stem}_gpu.cu" ]; then
      cp "$GEN/apps/$name.out/$stem.c" "$GEN/apps/$name.out/${stem}_gpu.cu" "$dst/"
    else
      rm -f "$dst/$(basename "$s")"
      cp "$GEN/apps/$name.out/$stem.cu" "$dst/"
    fi
  done
  rm -rf "$GEN/apps/$name.out"
done
if [ -x "$ROOT/bench/generate.sh" ]; then
  "$ROOT/bench/generate.sh" "$L2C" "$GEN/bench"
fi
echo "generated into $GEN: $(find "$GEN" -name '*.cu' | wc -l) files"
