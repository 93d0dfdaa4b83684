#!/usr/bin/env python3
"""plot_ladder.py CSV PNG TITLE - one bar per ladder stage and per CUB row
of a bench CSV (bench/scan, bench/histogram): the kernel time over CUB's,
grouped by size and case (column 2). Prints a message and exits 0 where
matplotlib is missing, so that a bench run never fails for want of a plot."""
import csv
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("plot: skipped (no matplotlib; Debian python3-matplotlib)")
    sys.exit(0)

path, png, title = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [r for r in csv.DictReader(open(path)) if r["stage"] != "-"]
case = list(rows[0].keys())[1]
groups = []
for r in rows:
    key = "2^%d %s" % (int(r["n"]).bit_length() - 1, r[case])
    if key not in groups:
        groups.append(key)
stages = sorted({r["stage"] for r in rows}, key=int)
names = {r["stage"]: r["rule_set"] for r in rows}
width = 0.8 / len(stages)
plt.figure(figsize=(max(8, len(groups) * 0.9), 4.5))
for s_i, s in enumerate(stages):
    xs, ys = [], []
    for g_i, g in enumerate(groups):
        for r in rows:
            key = "2^%d %s" % (int(r["n"]).bit_length() - 1, r[case])
            if key == g and r["stage"] == s:
                xs.append(g_i + s_i * width)
                ys.append(float(r["kernel_vs_cub"]))
    plt.bar(xs, ys, width, label="%s %s" % (s, names[s]))
plt.axhline(1.0, color="k", linewidth=0.8)
plt.xticks([i + 0.4 - width / 2 for i in range(len(groups))], groups,
           rotation=45, ha="right", fontsize=8)
plt.ylabel("kernel time / CUB's")
plt.title(title)
plt.legend(fontsize=7)
plt.tight_layout()
plt.savefig(png)
print("plot: " + png)
