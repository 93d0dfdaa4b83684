#!/usr/bin/env python3
"""plot-side.py CSV PNG - the PolyBench side-by-side table
(side-by-side.sh's table.csv) as bars: each tool's speed-up over the
sequential gcc -O3 build, per program, on a log scale. Prints a message
and exits 0 where matplotlib is missing."""
import csv
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("plot: skipped (no matplotlib; Debian python3-matplotlib)")
    sys.exit(0)

rows = list(csv.DictReader(open(sys.argv[1])))
tools = [("omp_s", "OpenMP, all cores"), ("l2c_s", "loop2cuda"),
         ("ppcg_s", "PPCG")]
width = 0.8 / len(tools)
plt.figure(figsize=(max(10, len(rows) * 0.45), 4.5))
for t_i, (col, label) in enumerate(tools):
    xs, ys = [], []
    for r_i, r in enumerate(rows):
        if "-" in (r["seq_s"], r[col]):
            continue
        xs.append(r_i + (t_i - (len(tools) - 1) / 2) * width)
        ys.append(float(r["seq_s"]) / float(r[col]))
    plt.bar(xs, ys, width, label=label)
plt.axhline(1.0, color="black", linewidth=0.6)
plt.yscale("log")
plt.xticks(range(len(rows)), [r["program"] for r in rows], rotation=70,
           fontsize=8)
plt.ylabel("speed-up over gcc -O3, one core")
plt.title("PolyBench/C 4.2.1, LARGE")
plt.legend(fontsize=8)
plt.tight_layout()
plt.savefig(sys.argv[2], dpi=110)
