#!/usr/bin/env python3
"""compare.py EXPECTED ACTUAL [REL]: the numbers two runs print agree.

Both files are split into tokens; tokens that parse as numbers must agree to
a relative REL (default 1e-6), or differ by at most one unit of the last printed digit
(the GPU contracts a*b+c into one rounding, which may move a value across a
rounding boundary of the printed format); other tokens must be equal.
Prints the first difference and exits 1, or exits 0.
"""
import re
import sys


def tokens(path):
    with open(path, errors="replace") as f:
        return f.read().split()


def unit(tok):
    """One unit in the last place of a printed number: 0.01 for '1.25'."""
    m = re.match(r"^[-+]?\d*\.(\d+)$", tok)
    return 10.0 ** -len(m.group(1)) if m else 0.0


def main():
    exp, act = tokens(sys.argv[1]), tokens(sys.argv[2])
    rel = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-6
    if len(exp) != len(act):
        print(f"different lengths: {len(exp)} and {len(act)} tokens")
        return 1
    for k, (a, b) in enumerate(zip(exp, act)):
        if a == b:
            continue
        try:
            x, y = float(a), float(b)
        except ValueError:
            print(f"token {k}: '{a}' and '{b}'")
            return 1
        tol = max(rel * max(abs(x), abs(y)), 1.000001 * max(unit(a), unit(b)))
        if abs(x - y) > tol:
            print(f"token {k}: {a} and {b}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
