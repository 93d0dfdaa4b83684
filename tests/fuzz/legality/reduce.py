#!/usr/bin/env python3
"""reduce.py SEED UNIT LOOP [--units K] [-o FILE]: shrinks a finding.

Starts from program UNIT of seed SEED (gen.py --only) in its oracle form
and deletes lines, halves first, then one at a time, while the finding
stays: the tool accepts marked loop LOOP (its id in meta.json) with no
warning and no remark, and the oracle still reports a conflict in it. The
plain program is the oracle form with the recorder taken out, so the two
never drift apart. Writes the smallest plain program (-o, default stdout);
what is left to do by hand is naming things and the comment for found/.
Environment: L2C, L2C_RULES (as legality.sh).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

import gen  # noqa: E402

ORACLE_ONLY = re.compile(r'^\s*(#include "oracle_rt\.h"|l2c_(begin|iter|end|'
                         r'break)\(.*\);)\s*$')


def strip_rec(line):
    """line without its L2C_REC(E, W) wrappers: E."""
    while True:
        at = line.rfind("L2C_REC(")
        if at < 0:
            return line
        depth, k = 0, at + len("L2C_REC")
        comma = -1
        for k in range(at + len("L2C_REC"), len(line)):
            if line[k] == "(":
                depth += 1
            elif line[k] == ")":
                depth -= 1
                if depth == 0:
                    break
            elif line[k] == "," and depth == 1:
                comma = k
        line = line[:at] + line[at + len("L2C_REC("):comma] + line[k + 1:]


def plain(lines):
    """The plain program, and for each oracle line its plain line number
    (None for a line that only the oracle has)."""
    out, where = [], []
    for ln in lines:
        if ORACLE_ONLY.match(ln):
            where.append(None)
        else:
            out.append(strip_rec(ln))
            where.append(len(out))
    return out, where


def loop_range(lines, where, loop):
    """Plain lines from the loop's pragma to its l2c_end, or None."""
    end = next((i for i, ln in enumerate(lines)
                if ln.strip() == "l2c_end(%d);" % loop), None)
    if end is None:
        return None
    begin = max((i for i in range(end) if lines[i].strip() == "l2c_begin();"),
                default=None)
    if begin is None or not lines[begin + 1].lstrip().startswith("#pragma"):
        return None
    last = next((where[i] for i in range(end - 1, begin, -1)
                 if where[i] is not None), None)
    return where[begin + 1], last


class Check:
    def __init__(self, lang, loop, tool, rules):
        self.lang, self.loop, self.tool, self.rules = lang, loop, tool, rules
        self.dir = tempfile.mkdtemp(prefix="l2c-reduce-")
        self.std = "-std=gnu99" if lang == "c" else "-std=c++17"
        self.tries = 0

    def holds(self, lines):
        """The finding is still there."""
        self.tries += 1
        text, where = plain(lines)
        rng = loop_range(lines, where, self.loop)
        if rng is None:
            return False
        src = os.path.join(self.dir, "p." + self.lang)
        osrc = os.path.join(self.dir, "o." + self.lang)
        with open(src, "w", encoding="utf-8") as f:
            f.write("\n".join(text) + "\n")
        with open(osrc, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        cc = "gcc" if self.lang == "c" else "g++"
        exe = os.path.join(self.dir, "o")
        try:
            if subprocess.run([cc, self.std, "-O0", "-w", "-I", HERE, "-o",
                               exe, osrc], capture_output=True,
                              timeout=60).returncode:
                return False
            out = subprocess.run([exe], capture_output=True, text=True,
                                 timeout=20).stdout
            if not re.search(r"^ORACLE %d conflict" % self.loop, out, re.M):
                return False
            p = subprocess.run([self.tool, "--rules=" + self.rules,
                                "--min-launch-work=0", "-o",
                                os.path.join(self.dir, "out"), src, "--",
                                self.std], capture_output=True, text=True,
                               timeout=60)
        except subprocess.TimeoutExpired:
            return False
        if p.returncode != 0:
            return False
        # A rejection, or independence the tool only assumed.
        for m in re.finditer(r"^\S+?:(\d+):\d+: (warning: loop not "
                             r"parallelized|remark: assuming iterations)",
                             p.stderr, re.M):
            if rng[0] <= int(m.group(1)) <= rng[1]:
                return False
        return True


def closer(lines, i):
    """The line of the brace that closes the one line i opens, or None."""
    depth = 0
    for k in range(i, len(lines)):
        depth += lines[k].count("{") - lines[k].count("}")
        if depth == 0:
            return k if k > i else None
    return None


def reduce_lines(lines, check):
    """Deletes chunks of lines, from halves down to single lines, and
    unwraps or deletes braced blocks, while check holds."""
    chunk = max(1, len(lines) // 2)
    while True:
        i, changed = 0, False
        while i < len(lines):
            cand = lines[:i] + lines[i + chunk:]
            if check.holds(cand):
                lines, changed = cand, True
            else:
                i += chunk
        if chunk > 1:
            chunk //= 2
            continue
        # A block's head and closing brace are never next to each other.
        i = 0
        while i < len(lines):
            k = closer(lines, i) if lines[i].rstrip().endswith("{") else None
            if k is not None:
                whole = lines[:i] + lines[k + 1:]
                unwrap = lines[:i] + lines[i + 1:k] + lines[k + 1:]
                if check.holds(whole):
                    lines, changed = whole, True
                    continue
                if check.holds(unwrap):
                    lines, changed = unwrap, True
                    continue
            i += 1
        if not changed:
            return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("unit", type=int)
    ap.add_argument("loop", type=int)
    ap.add_argument("--units", type=int, default=8)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    tool = os.environ.get("L2C", os.path.join(ROOT, "build", "bin",
                                              "loop2cuda"))
    rules = os.environ.get("L2C_RULES", os.path.join(ROOT, "rules"))
    text, lang, _ = gen.generate(args.seed, args.units, True, {args.unit})
    check = Check(lang, args.loop, tool, rules)
    lines = text.rstrip("\n").split("\n")
    if not check.holds(lines):
        sys.exit("reduce.py: loop %d of seed %d, program %d: no finding to "
                 "reduce" % (args.loop, args.seed, args.unit))
    lines = reduce_lines(lines, check)
    out = "\n".join(plain(lines)[0]) + "\n"
    print("reduce.py: %d lines after %d tries" % (len(lines), check.tries),
          file=sys.stderr)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(out)
    else:
        sys.stdout.write(out)


if __name__ == "__main__":
    main()
