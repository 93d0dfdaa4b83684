#!/usr/bin/env bash
# user-macros.sh WORKDIR - a program built with a macro for every name of one
# to three capitals that the runtime (and the emulation's headers) use as
# code, as `-DN=1000 -DM=500` builds are, still builds: the runtime saves and
# undefines those names (runtime/loop2cuda_macros_save.h) and gives them
# back at its end. Builds with nvcc (--cubin: host front end and device
# code) when it is here, and with the emulation (g++), whose result runs.
# Fails when a name the runtime uses is missing from the save list.
set -eu
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RT=$(cd "$HERE/../../runtime" && pwd)
mkdir -p "$1"
W=$(cd "$1" && pwd)
# The names: capitals and digits, outside comments, strings and the
# preprocessor's own lines; the runtime's and the system's macros left out.
NAMES=$(cat "$RT"/*.cuh "$RT"/*.h "$HERE"/include/*.h "$HERE"/include/*/*.cuh |
  sed 's://.*$::; s/"[^"]*"//g' |
  grep -v '^\s*#\s*\(define\|ifndef\|ifdef\|endif\|if\|include\|pragma\|undef\)' |
  grep -oE '\b[A-Z][A-Z0-9]{0,2}\b' | sort -u)
for N in $NAMES; do
  grep -q "^#undef $N\$" "$RT/loop2cuda_macros_save.h" || {
    echo "FAIL: the runtime uses '$N', which runtime/loop2cuda_macros_save.h does not save"
    exit 1
  }
done
FLAGS=()
for N in $NAMES; do FLAGS+=("-D$N=user_macro_$N"); done
# The program's own use of its macros still sees them after the runtime.
cat > "$W/user_macros.cu" <<'CU'
#include "loop2cuda_runtime.cuh"
#include <cstdio>
#define STR2(x) #x
#define STR(x) STR2(x)
__global__ void k(int *a) { a[threadIdx.x] = threadIdx.x; }
int main() {
  std::printf("%s %s\n", STR(N), STR(M));
  return 0;
}
CU
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ -x "$NVCC" ]; then
  "$NVCC" -arch=sm_90 -std=c++17 -I "$RT" "${FLAGS[@]}" --cubin \
    -o "$W/user_macros.cubin" "$W/user_macros.cu"
  echo "nvcc: built with ${#FLAGS[@]} names defined as macros"
fi
"$HERE/nvcc-emulate" -std=c++17 -I "$RT" "${FLAGS[@]}" -o "$W/user_macros" \
  "$W/user_macros.cu"
OUT=$("$W/user_macros")
[ "$OUT" = "user_macro_N user_macro_M" ] || {
  echo "FAIL: the program's macros after the runtime: '$OUT'"
  exit 1
}
echo "ok: ${#FLAGS[@]} names defined as macros; the program still sees its own"
