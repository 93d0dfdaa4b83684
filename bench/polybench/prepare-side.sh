#!/bin/bash
# prepare-side.sh LOOP2CUDA PB42 PPCG OUT: lays out, under OUT, what
# side-by-side.sh builds on the GPU machine: for each PolyBench/C 4.2.1
# program K of PB42 (EEESlab/PolyBenchC-4.2.1-OpenMP's layout: K.c, K-omp.c
# and K.h in one folder per program, utilities/ beside them), the sources,
# PPCG's output from PPCG (../shared/yardsticks/ppcg-polybench/K/{SMALL,
# LARGE}), and loop2cuda's translation of K-omp.c at both datasets. The
# sources are not part of this project: point it at a checkout. Prints one
# line per program.
# Sizes: PPCG's output was made at PolyBench/C 4.2.1's own SMALL and LARGE
# sizes, which it writes into its code (array strides); some headers of
# EEESlab's corpus define other sizes. Every build therefore gets 4.2.1's
# sizes as -D flags (sizes-4.2.1.txt, kept in each program's folder as
# `sizes`), so that the four builds of a program compute the same problem.
#   bench/polybench/prepare-side.sh build/bin/loop2cuda /work/pb42 \
#     ../shared/yardsticks/ppcg-polybench gpu-carry/side
set -u
L2C=$1 PB=$2 PPCG=$3 OUT=$4
SIZES=$(cd "$(dirname "$0")" && pwd)/sizes-4.2.1.txt
rm -rf "$OUT" && mkdir -p "$OUT/utilities"
cp "$PB"/utilities/polybench.[ch] "$OUT/utilities/"
for C in $(find "$PB" -name '*-omp.c' | sort); do
  D=$(dirname "$C") K=$(basename "$C" -omp.c)
  P="$OUT/$K"
  mkdir -p "$P"
  cp "$C" "$D/$K.c" "$D"/*.h "$P/"
  # sizes K DATASET: the -D flags of 4.2.1's sizes of K at DATASET.
  sed -n "s/^$K SMALL: \(.*\) LARGE: .*/\1/p" "$SIZES" > "$P/sizes.SMALL"
  sed -n "s/^$K SMALL: .* LARGE: \(.*\)/\1/p" "$SIZES" > "$P/sizes.LARGE"
  [ -s "$P/sizes.LARGE" ] || echo "$K: no sizes in $SIZES; the header's own" >&2
  # PPCG's code includes cuda.h, whose names a -DM=... would replace: its
  # builds get the sizes from a header in front of K.h instead.
  for D in SMALL LARGE; do
    mkdir -p "$P/ppcg-sizes/$D"
    { echo "/* PolyBench/C 4.2.1's $D sizes (bench/polybench/sizes-4.2.1.txt) */"
      tr ' ' '\n' < "$P/sizes.$D" | sed -n 's/^-D\([A-Z_0-9]*\)=\(.*\)/#define \1 \2/p'
      echo "#include \"../../$K.h\""
    } > "$P/ppcg-sizes/$D/$K.h"
  done
  [ -d "$PPCG/$K" ] && cp -r "$PPCG/$K/SMALL" "$PPCG/$K/LARGE" "$P/" 2>/dev/null
  # The small dataset checks kernels: none stays on the CPU for its size.
  timeout 120 "$L2C" --min-launch-work=0 "$C" -o "$P/gen-small" -- \
    -I"$PB/utilities" -I"$D" -fopenmp -DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS $(cat "$P/sizes.SMALL") \
    > "$P/loop2cuda-small.txt" 2>&1
  timeout 120 "$L2C" "$C" -o "$P/gen-large" -- \
    -I"$PB/utilities" -I"$D" -fopenmp -DLARGE_DATASET -DPOLYBENCH_TIME $(cat "$P/sizes.LARGE") \
    > "$P/loop2cuda-large.txt" 2>&1
  echo "$K: $(grep -c '__global__' "$P/gen-large/$K-omp.cu" 2>/dev/null) kernels," \
       "$(grep -c 'warning: loop not' "$P/loop2cuda-large.txt") loops rejected," \
       "PPCG $([ -d "$P/LARGE" ] && echo yes || echo none)"
done
