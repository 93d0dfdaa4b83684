#!/usr/bin/env python3
"""gen.py SEED [--units K] [--only K1,K2] [--oracle] [--meta FILE] [-o FILE]

Writes one random C (gnu99) or C++17 test program of the legality fuzzer,
the same for the same SEED and K: K independent programs prog_0 ... prog_K-1
packed into one translation unit (one tool run and one compile for K
programs), each with 1-3 marked loops and a checksum line `prog <k> <sum>`.

--oracle writes the instrumented variant instead: every access of a marked
loop goes through oracle_rt.h's recorder, which prints after each loop
instance whether two parallel iterations touched one address, one of them
writing. --meta FILE writes the marked loops (id, lines in the plain
program, the shapes used) as JSON; the lines are those of the plain program
whichever variant is written.
"""
import argparse
import json
import random
import sys

from ir import Acc, Block, Break, Line, Marked, OracleOnly, Writer

# How a parallel iteration's subscript of the outer index i can look. The
# bounds keep every subscript in [0, n*m + 4n + 16) for i in [3, n - 3),
# j, k in [0, m), m <= n, pointer offsets <= 3.
ONE_TO_ONE = ["i", "off", "aff", "rev", "flat", "flatoff", "ind"]
ANY_SHAPE = ONE_TO_ONE + ["mod", "modn", "const", "inner"]


class Prog:
    """One prog_<k>: its sizes, arrays and marked loops."""

    def __init__(self, rng, cxx, unit, first_id):
        self.rng = rng
        self.cxx = cxx
        self.unit = unit
        self.next_id = first_id
        self.n = rng.randint(12, 40)
        self.m = rng.randint(4, 8)
        self.t = rng.choice(["double", "long"])
        self.static = rng.random() < 0.4
        self.perm = rng.random() < 0.5
        self.body = []
        self.helpers = []
        self.scalars = []
        self.uid = 0

    def fresh(self, stem):
        self.uid += 1
        return "%s%d" % (stem, self.uid)

    # -- subscripts ---------------------------------------------------------

    def subscript(self, shape, inner):
        """Parts of a subscript of the given shape, or None where the nest
        lacks what it needs."""
        r = self.rng
        if shape == "i":
            return ["i"]
        if shape == "off":
            c = r.randint(1, 3)
            return ["i %s %d" % (r.choice("+-"), c)]
        if shape == "aff":
            return ["%d * i + %d" % (r.randint(2, 3), r.randint(0, 3))]
        if shape == "rev":
            return ["n - 1 - i"]
        if shape == "flat" and inner:
            return ["i * m + %s" % r.choice(inner)]
        if shape == "flatoff" and inner:
            return ["(i + 1) * m + %s" % r.choice(inner)]
        if shape == "inner" and inner:
            if len(inner) == 2 and r.random() < 0.5:
                return ["j * m + k"]
            return [r.choice(inner)]
        if shape == "mod":
            return ["i % m"]
        if shape == "modn":
            return ["(i + %d) %% n" % r.randint(1, 3)]
        if shape == "const":
            return [str(r.randint(0, 7))]
        if shape == "ind" and self.has_idx:
            return [Acc(["idx[i]"])]
        return None

    def pick_sub(self, shapes, inner):
        while True:
            shape = self.rng.choice(shapes)
            s = self.subscript(shape, inner)
            if s is not None:
                return shape, s

    # -- the ways to reach an array -------------------------------------------

    def base(self, arr, decls, tags, helper=None):
        """Text that subscripts like arr: the array itself or an alias of
        it, declared in decls before the loop."""
        r = self.rng
        if helper is not None:
            return helper
        if arr == "d":
            return "d.v"
        kinds = ["direct"] * 4 + ["ptr", "ptr", "member", "memberp"]
        if self.cxx and not self.static:
            kinds.append("ref")
        kind = r.choice(kinds)
        tags.add("base:" + kind)
        k = r.choice([0, 0, 1, 2, 3])
        if kind == "direct":
            return arr
        start = "%s + %d" % (self.data(arr), k) if k else self.data(arr)
        if kind == "ptr":
            if r.random() < 0.3:
                start = "&%s[%d]" % (arr, k)
            p = self.fresh("p")
            decls.append("%s *%s = %s;" % (self.t, p, start))
            return p
        if kind == "ref":
            ref = self.fresh("r")
            decls.append("std::vector<%s> &%s = %s;" % (self.t, ref, arr))
            return ref
        s = self.fresh("s")
        decls.append("%s %s = {%s, n};" % (self.struct(), s, start))
        if kind == "member":
            return s + ".p"
        sp = self.fresh("sp")
        decls.append("%s *%s = &%s;" % (self.struct(), sp, s))
        return sp + "->p"

    def data(self, arr):
        return "%s.data()" % arr if self.cxx and not self.static else arr

    def struct(self):
        return ("" if self.cxx else "struct ") + "S_" + self.t

    # -- statements -----------------------------------------------------------

    def statements(self, dep, inner, pars, decls, tags, helper=None):
        """The assignments of a loop body: dep asks for a likely
        dependence, else for writes that look one-to-one."""
        r = self.rng
        arrays = ["a", "b", "c", "d"] if helper is None else ["x", "y"]
        writable = ["a", "b", "d"] if helper is None else ["x"]
        nst = r.randint(1, 3)
        written = r.sample(writable, min(len(writable), r.randint(1, 2)))
        others = [a for a in arrays if a not in written]
        kind = r.choice(["rw", "rw", "alias", "ww", "ww2"]) if dep else None
        if helper and kind == "alias":
            kind = "rw"
        tags.add("dep:%s" % kind if dep else "indep")
        # Each written array keeps one base and subscript in the loop, so
        # that an independent plan stays one-to-one across statements.
        targets = {}
        for wa in written:
            shapes = ONE_TO_ONE
            if pars == 2 and not dep:
                targets[wa] = (self.base(wa, decls, tags, helper and "x"),
                               "flat", ["i * m + j"])
                continue
            shape, sub = self.pick_sub(shapes, inner)
            targets[wa] = (self.base(wa, decls, tags, helper and "x"), shape,
                           sub)
        out = []
        for s in range(nst):
            wa = written[0] if s == 0 else r.choice(written)
            wbase, wshape, wsub = targets[wa]
            if dep and kind == "ww" and s == 0:
                wshape, wsub = self.pick_sub(
                    ["mod", "modn", "const", "inner", "ind"], inner)
            tags.add("w:" + wshape)
            lhs = Acc([wbase, "["] + wsub + ["]"], True)
            rhs = []
            # One read at most of the written array: values then grow
            # additively and stay exact integers in a double.
            if dep and kind in ("rw", "alias") and s == 0:
                rbase = wbase
                if kind == "alias":
                    rbase = self.base(wa, decls, tags)
                    rshape, rsub = wshape, wsub
                    if r.random() < 0.5:
                        rshape, rsub = self.pick_sub(ANY_SHAPE, inner)
                else:
                    rshape, rsub = self.pick_sub(ANY_SHAPE, inner)
                tags.add("r:" + rshape)
                rhs.append(Acc([rbase, "["] + rsub + ["]"]))
            elif r.random() < 0.4:
                rhs.append(Acc([wbase, "["] + wsub + ["]"]))
            o = r.choice(others)
            oshape, osub = self.pick_sub(ANY_SHAPE, inner)
            obase = self.base(o, decls, tags, helper and "y")
            tags.add("o:" + oshape)
            rhs.append(r.choice(["", "", "2 * "]))
            rhs.append(Acc([obase, "["] + osub + ["]"]))
            parts = [lhs, " = "]
            for p in rhs:
                parts.append(p)
                if isinstance(p, Acc):
                    parts.append(" + ")
            parts.append("%d;" % r.randint(1, 5))
            if r.random() < 0.25:
                # A private temporary: declared in the body, never shared.
                t = self.fresh("t")
                out.append(Line(*(["%s %s = " % (self.t, t)] + parts[2:])))
                out.append(Line(lhs, " = %s - 1;" % t))
                tags.add("private")
            else:
                out.append(Line(*parts))
            if kind == "ww2" and s == 0:
                # The next element too: overlapping writes of neighbours.
                out.append(Line(Acc([wbase, "["] + wsub + [" + 1]"], True),
                                " = %d;" % r.randint(1, 9)))
        return out

    def scalar_extras(self, dep, pre, clauses, tags, src):
        """Reductions, flags and shared scalar writes of a loop body."""
        r = self.rng
        out = []
        if r.random() < 0.3:
            s = self.fresh("sum")
            pre.append("long %s = 0;" % s)
            self.scalars.append(s)
            clause = not dep or r.random() < 0.5
            tags.add("reduction" if clause else "reduction-noclause")
            target = s if clause else Acc([s], True)
            if clause:
                clauses.append("reduction(+:%s)" % s)
            out.append(Line(target, " += (long)", src, ";"))
        if r.random() < 0.2:
            f = self.fresh("found")
            pre.append("int %s = 0;" % f)
            self.scalars.append(f)
            clause = not dep or r.random() < 0.5
            tags.add("flag" if clause else "flag-noclause")
            if clause:
                clauses.append("reduction(||:%s)" % f)
            # Stores of one constant from any iterations leave what the
            # sequential loop leaves (the tool runs such a flag without a
            # clause too): no conflict for the oracle.
            target = f
            out.append(Block(["if (", src, " > 1)"], [Line(target, " = 1;")]))
        if dep and r.random() < 0.15:
            v = self.fresh("last")
            pre.append("long %s = 0;" % v)
            self.scalars.append(v)
            tags.add("scalar-write")
            out.append(Line(Acc([v], True), " = i;"))
        return out

    # -- loops --------------------------------------------------------------

    def loop(self, helper=False):
        """One marked loop nest (and what it needs before it): nodes for the
        body of prog_<k>, or of a new helper function that it calls."""
        r = self.rng
        loop_id = self.next_id
        self.next_id += 1
        dep = r.random() < 0.5
        depth = r.choice([1, 1, 2, 2, 3])
        omp = r.random() < 0.75
        collapse = omp and depth >= 2 and r.random() < 0.35
        brk = not omp and depth == 1 and dep and r.random() < 0.3
        pars = 2 if collapse else 1
        inner = ["j", "k"][:depth - 1]
        tags = set()
        self.has_idx = not helper
        decls, pre, clauses = [], [], []
        names = ("x", "y") if helper else None
        stmts = self.statements(dep and not brk, inner, pars, decls, tags,
                                names)
        src = Acc([names[1] if helper else "c", "[i]"])
        if not helper:
            stmts += self.scalar_extras(dep, pre, clauses, tags, src)
        body = stmts
        if r.random() < 0.2:
            cond = "(i + j) % 3 == 1" if collapse else "i % 3 == 1"
            body = [Line("if (%s)" % cond), Line("  continue;")] + body
            tags.add("continue")
        if brk:
            body = [Break("i == n / 2", loop_id)] + body
            tags.add("break")
        # Inner loops, innermost first.
        for v in reversed(inner):
            body = [Block(["for (int %s = 0; %s < m; %s++)" % (v, v, v)],
                          body)]
        nest = Block(["for (int i = 3; i < n - 3; i++)"], body)
        if collapse:
            tags.add("collapse")
        tags.add("depth%d" % depth)
        if omp:
            pragma = "#pragma omp parallel for"
            if collapse:
                pragma += " collapse(2)"
        else:
            pragma = "#pragma loop2cuda parallel"
            tags.add("l2c-pragma")
        if clauses:
            pragma += " " + " ".join(clauses)
        iter_expr = "(long)i * 1000 + j" if collapse else "i"
        meta = {"dep_intent": dep, "break": brk, "tags": sorted(tags),
                "n": self.n, "m": self.m}
        marked = Marked(loop_id, pragma, nest, iter_expr, pars, meta)
        if not helper:
            return decls + pre + [marked]
        tags.add("call")
        return self.helper_call(marked, dep, tags)

    def helper_call(self, marked, dep, tags):
        """The marked loop in a function of its own, f(x, y, n, m), called
        once or twice with pointers into the arrays."""
        r = self.rng
        name = "f%d_%d" % (self.unit, marked.loop_id)
        t = self.t
        self.helpers.append(
            Block(["static void %s(%s *x, %s *y, int n, int m)"
                   % (name, t, t)],
                  [marked]))

        def arg(arr, k):
            if k and r.random() < 0.3:
                return "&%s[%d]" % (arr, k)
            return "%s + %d" % (self.data(arr), k) if k else self.data(arr)
        calls = []
        for _ in range(r.choice([1, 1, 2])):
            same = dep or r.random() < 0.2
            kx, ky = r.randint(0, 3), r.randint(0, 3)
            if same:
                tags.add("call:same-array")
            calls.append(Line("%s(%s, %s, n, m);"
                              % (name, arg("a", kx),
                                 arg("a" if same else "b", ky))))
        marked.meta["tags"] = sorted(tags)
        return calls

    # -- the whole prog_<k> ---------------------------------------------------

    def build(self):
        r = self.rng
        t, k = self.t, self.unit
        size = self.n * self.m + 4 * self.n + 16
        decl = []
        if self.static:
            for a in "abc":
                decl.append("static %s %s[%d];" % (t, a, size))
            decl.append("static int idx[%d];" % self.n)
            decl.append("static struct D%d_%s d;" % (k, t) if not self.cxx
                        else "static D%d_%s d;" % (k, t))
        elif self.cxx:
            for a in "abc":
                decl.append("std::vector<%s> %s(sz);" % (t, a))
            decl.append("std::vector<int> idx(n);")
            decl.append("D%d_%s d;" % (k, t))
            decl.append("d.v.assign(sz, 0);")
        else:
            for a in "abc":
                decl.append("%s *%s = (%s *)malloc(sizeof(%s) * sz);"
                            % (t, a, t, t))
            decl.append("int *idx = (int *)malloc(sizeof(int) * n);")
            decl.append("struct D%d_%s d;" % (k, t))
        init = Block(["for (int q = 0; q < sz; q++)"], [
            "a[q] = (%s)((q * 7 + %d) %% 11 - 5);" % (t, r.randint(0, 10)),
            "b[q] = (%s)((q * 5 + %d) %% 13 - 6);" % (t, r.randint(0, 12)),
            "c[q] = (%s)((q * 3 + %d) %% 7 - 3);" % (t, r.randint(0, 6)),
            "d.v[q] = (%s)(q %% 5);" % t])
        if self.perm:
            mul = r.choice([p for p in range(2, 12) if gcd(p, self.n) == 1])
            fill = "idx[q] = (q * %d + %d) %% n;" % (mul, r.randint(0, 5))
        else:
            fill = "idx[q] = (q * %d) %% (n / 2);" % r.randint(1, 5)
        idx_init = Block(["for (int q = 0; q < n; q++)"], [fill])
        loops = []
        for _ in range(r.randint(1, 3)):
            loops += self.loop(helper=r.random() < 0.25)
        sums = ["unsigned long cs = 0;",
                Block(["for (int q = 0; q < sz; q++)"], [
                    "cs = cs * 1000003UL + (unsigned long)(long)a[q];",
                    "cs = cs * 1000033UL + (unsigned long)(long)b[q];",
                    "cs = cs * 1000037UL + (unsigned long)(long)c[q];",
                    "cs = cs * 1000039UL + (unsigned long)(long)d.v[q];"])]
        for s in self.scalars:
            sums.append("cs = cs * 31UL + (unsigned long)%s;" % s)
        sums.append('printf("prog %d %%lu\\n", cs);' % k)
        if not self.cxx and not self.static:
            sums.append("free(a);")
            sums.append("free(b);")
            sums.append("free(c);")
            sums.append("free(idx);")
        body = (["int n = %d + z;" % self.n, "int m = %d + z;" % self.m,
                 "int sz = n * m + 4 * n + 16;"] + decl + [init, idx_init]
                + loops + sums)
        owner = self.owner_struct(size)
        return owner, self.helpers, Block(["static void prog_%d(int z)" % k],
                                          body)

    def owner_struct(self, size):
        """The struct that owns array d (s.v[i] of a member array)."""
        name = "D%d_%s" % (self.unit, self.t)
        if self.cxx and not self.static:
            return "struct %s {\n  std::vector<%s> v;\n};" % (name, self.t)
        return "struct %s {\n  %s v[%d];\n};" % (name, self.t, size)


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def generate(seed, units, oracle, only=None):
    """(text, lang, loops) of the program, or its oracle variant; only (a
    set of unit numbers) keeps those programs of the same draw, the first
    step of reducing a finding."""
    rng = random.Random(seed)
    cxx = rng.random() < 0.5
    w = Writer(oracle)
    if cxx:
        w.put("#include <cstdio>", 0)
        w.put("#include <cstdlib>", 0)
        w.put("#include <vector>", 0)
    else:
        w.put("#include <stdio.h>", 0)
        w.put("#include <stdlib.h>", 0)
    if oracle:
        w.put('#include "oracle_rt.h"', 0)
    for t in ("double", "long"):
        w.put("struct S_%s {" % t, 0)
        w.put("%s *p;" % t, 1)
        w.put("int n;", 1)
        w.put("};", 0)
    next_id = 0
    for k in range(units):
        p = Prog(rng, cxx, k, next_id)
        owner, helpers, fn = p.build()
        next_id = p.next_id
        if only is not None and k not in only:
            continue
        for line in owner.split("\n"):
            w.put(line, 0)
        for h in helpers + [fn]:
            w.emit(h, 0)
    w.put("int main(int argc, char **argv) {", 0)
    w.put("(void)argv;", 1)
    for k in range(units):
        if only is None or k in only:
            w.put("prog_%d(argc - 1);" % k, 1)
    w.put("return 0;", 1)
    w.put("}", 0)
    return "\n".join(w.lines) + "\n", "cpp" if cxx else "c", w.loops


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--units", type=int, default=1)
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--only", help="keep these programs (units), as 3,5")
    ap.add_argument("--meta")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    only = ({int(k) for k in args.only.split(",")} if args.only else None)
    text, lang, loops = generate(args.seed, args.units, args.oracle, only)
    if args.oracle:
        # The lines of the plain program are the ones the tool reports.
        _, _, loops = generate(args.seed, args.units, False, only)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if args.meta:
        with open(args.meta, "w", encoding="utf-8") as f:
            json.dump({"lang": lang, "loops": loops}, f, indent=1)


if __name__ == "__main__":
    main()
