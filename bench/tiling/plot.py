#!/usr/bin/env python3
"""plot.py matmul|maps CSV PNG - the bar charts of bench/tiling/run.sh.

matmul: GFLOP/s of each type and variant (tiling-matmul.csv); maps: the
percentage of the device-to-device copy bandwidth of each kernel and
variant (tiling-maps.csv). Needs matplotlib (Debian python3-matplotlib).
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)


def main(kind, src, dst):
    rows = list(csv.DictReader(open(src)))
    if kind == "matmul":
        labels = [r["type"] + "\n" + r["variant"] for r in rows]
        values = [float(r["gflops"]) for r in rows]
        ylabel, title = "GFLOP/s", "C := 2AB + C at 4096x4096"
    else:
        labels = [r["kernel"] + "\n" + r["variant"] for r in rows]
        values = [float(r["percent_of_copy"]) for r in rows]
        ylabel = "% of device-to-device copy bandwidth"
        title = "memory-bound maps: saxpy 2^28 float, stencils 4096^2 double"
    plt.figure(figsize=(max(6, len(rows) * 0.9), 4))
    plt.bar(labels, values)
    if kind == "maps":
        plt.axhline(100, color="grey", linewidth=0.8)
    plt.ylabel(ylabel)
    plt.title(title, fontsize=9)
    plt.tight_layout()
    plt.savefig(dst)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("matmul", "maps"):
        sys.exit("usage: plot.py matmul|maps CSV PNG")
    main(*sys.argv[1:])
