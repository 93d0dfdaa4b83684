#!/usr/bin/env bash
# setup.sh - installs what loop2cuda needs on Debian 12 and builds it.
#
# Installs Debian's LLVM/Clang 19, GoogleTest and CMake (when missing), then
# configures and builds into build/ (override with L2C_BUILD_DIR).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${L2C_BUILD_DIR:-$ROOT/build}

PACKAGES=(cmake make g++ python3 libclang-19-dev llvm-19-dev clang-19
          llvm-19-tools libgtest-dev clang-tidy-19 clangd-19 clang-format-19
          libomp-19-dev libisl-dev pkg-config python3-jsonschema
          libclang-rt-19-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" -j"${L2C_JOBS:-2}"
echo "setup: loop2cuda is $BUILD/bin/loop2cuda"
