#!/usr/bin/env python3
"""fuzz.py [options] SEEDS...: the legality fuzzer's driver.

SEEDS are numbers and ranges (`1-500`). For each seed: gen.py's program
(--units programs in one file) goes through loop2cuda with --sarif, its
oracle variant through gcc/g++ -O0 and a run; every marked loop is then

  bug               accepted (a kernel, no remark) and two of its parallel
                    iterations conflict: a wrong result on the GPU
  assumed-alias     accepted with only `remark: assuming iterations are
                    independent: 'p' and 'q' may point into the same memory`
                    and conflicts, although the file shows where both
                    pointers come from (derived pointers, a call)
  assumed-subscript accepted with a remark about a subscript the tool
                    trusts (a use other than through a subscript) and
                    conflicts: counted, not a failure
  checked           accepted with `remark: iterations are checked at run
                    time` (a probe runs the loop on the host when two
                    iterations meet) and conflicts: the GPU half checks
                    the result
  reach             rejected although no two iterations conflict
  ok-kernel, ok-rejected   the tool and the oracle agree

plus tool crashes, timeouts, files the tool could not parse (a generator
bug) and, for every --nvcc-every'th seed, an nvcc compile of the .cu.
Prints one line per finding, then a summary table; --log FILE writes one
JSON record per seed. Exits 1 when there is a bug, an assumed-alias or a
crash.
"""
import argparse
import collections
import hashlib
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

import classify  # noqa: E402
import gen  # noqa: E402

# Verdicts that fail a run: the tool claimed a proof it did not have, or
# trusted a marking although the file shows the overlap (classify.py).
FAILING = ("bug", "assumed-alias")
STD = {"c": "-std=gnu99", "cpp": "-std=c++17"}
CC = {"c": "gcc", "cpp": "g++"}


def run(cmd, timeout, cwd=None):
    """(returncode or 'timeout', stdout, stderr)."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout, cwd=cwd)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""
    except OSError as e:
        # A tool being rebuilt is briefly missing or not executable.
        return "oserror", "", str(e)


def nvcc_path():
    for p in (shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if p and os.path.exists(p):
            return p
    return None


def write_seed(seed, units, d):
    """The program, its oracle variant and meta data of seed, in d."""
    text, lang, loops = gen.generate(seed, units, False)
    otext, _, _ = gen.generate(seed, units, True)
    src = os.path.join(d, "prog_%d.%s" % (seed, lang))
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(d, "oracle_%d.%s" % (seed, lang)), "w",
              encoding="utf-8") as f:
        f.write(otext)
    with open(os.path.join(d, "meta_%d.json" % seed), "w",
              encoding="utf-8") as f:
        json.dump({"lang": lang, "loops": loops}, f, indent=1)
    return src, lang, loops


def one_seed(job):
    """Everything fuzz.py does with one seed; returns its JSON record."""
    seed, opt = job
    t0 = time.time()
    d = tempfile.mkdtemp(prefix="l2c-legal-%d-" % seed)
    rec = {"seed": seed, "units": opt.units}
    try:
        src, lang, loops = write_seed(seed, opt.units, d)
        rec["lang"] = lang
        sarif = os.path.join(d, "tool_%d.sarif" % seed)
        cmd = [opt.tool, "--rules=" + opt.rules, "--min-launch-work=0",
               "--sarif=" + sarif, "-o", os.path.join(d, "out")]
        if opt.strict:
            cmd.append("--strict")
        cmd += [src, "--", STD[lang]]
        rc, _, err = run(cmd, opt.timeout)
        rec["tool_rc"] = rc
        if rc == "timeout" or rc not in (0, 2) or not os.path.exists(sarif):
            rec["status"] = "tool-timeout" if rc == "timeout" else "crash"
            rec["stderr"] = err[-2000:]
            return finish(rec, d, opt, t0)
        if rc == 2:
            # A file the tool's Clang could not compile is the generator's
            # fault; any other exit 2 is the tool failing on it.
            rec["status"] = ("invalid-program" if "error:" in err and
                             "clang-diagnostic" in open(sarif).read()
                             else "crash")
            rec["stderr"] = err[-2000:]
            return finish(rec, d, opt, t0)
        decisions, stray = classify.tool_decisions(sarif, loops)
        if stray:
            rec["stray"] = stray
        exe = os.path.join(d, "oracle")
        rc, _, err = run([CC[lang], STD[lang], "-O0", "-w", "-I", HERE, "-o",
                          exe, os.path.join(d, "oracle_%d.%s" % (seed, lang))],
                         120)
        if rc != 0:
            rec["status"] = "oracle-build-failed"
            rec["stderr"] = err[-2000:]
            return finish(rec, d, opt, t0)
        rc, out, err = run([exe], 60)
        if rc != 0:
            rec["status"] = "oracle-run-failed"
            rec["stderr"] = ("rc %s " % rc) + err[-2000:]
            return finish(rec, d, opt, t0)
        seen, sums = classify.oracle_results(out)
        rec["sums"] = sums
        rec["loops"] = classify.verdicts(loops, decisions, seen)
        rec["status"] = "ok"
        if opt.nvcc and opt.nvcc_every and seed % opt.nvcc_every == 0:
            cu = os.path.join(d, "out", "prog_%d.cu" % seed)
            rc, _, err = run([opt.nvcc, "-arch=sm_90", "-std=c++17", "-I",
                              os.path.join(ROOT, "runtime"), "-c", "-o",
                              os.path.join(d, "prog.o"), cu], 300)
            rec["nvcc"] = "ok" if rc == 0 else "failed"
            if rc != 0:
                rec["nvcc_err"] = err[-2000:]
        return finish(rec, d, opt, t0)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def interesting(rec):
    if rec["status"] != "ok" or rec.get("nvcc") == "failed":
        return True
    return any(lp["verdict"] in FAILING for lp in rec["loops"])


def export(rec, d, opt):
    """A seed's files for gpu-check.sh: the program, its .cu, the CPU
    checksums and the verdicts, in EXPORT/seed_<seed>/."""
    seed = rec["seed"]
    cu = os.path.join(d, "out", "prog_%d.cu" % seed)
    if rec["status"] != "ok" or not os.path.exists(cu):
        return
    dest = os.path.join(opt.export, "seed_%d" % seed)
    os.makedirs(dest, exist_ok=True)
    shutil.copy(os.path.join(d, "prog_%d.%s" % (seed, rec["lang"])), dest)
    shutil.copy(cu, dest)
    with open(os.path.join(dest, "expected.txt"), "w",
              encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in rec["sums"]))
    with open(os.path.join(dest, "verdicts.json"), "w",
              encoding="utf-8") as f:
        # One loop a line: gpu-check.sh greps it.
        f.write("[\n" + ",\n".join(json.dumps(lp) for lp in rec["loops"])
                + "\n]\n")


def finish(rec, d, opt, t0):
    if opt.export:
        export(rec, d, opt)
    rec["seconds"] = round(time.time() - t0, 3)
    rec["finished"] = round(time.time(), 3)
    if opt.keep and (opt.keep_all or interesting(rec)):
        dest = os.path.join(opt.keep, "seed_%d" % rec["seed"])
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(d, dest)
    return rec


def parse_seeds(args):
    seeds = []
    for a in args:
        for part in a.split(","):
            if "-" in part:
                lo, hi = part.split("-")
                seeds.extend(range(int(lo), int(hi) + 1))
            elif part:
                seeds.append(int(part))
    return seeds


class Summary:
    def __init__(self):
        self.c = collections.Counter()
        self.reach = collections.Counter()
        self.reach_tags = collections.Counter()
        self.assumed = collections.Counter()
        self.seconds = 0.0
        self.first, self.last = float("inf"), 0.0

    def add(self, rec, units):
        c = self.c
        c["files"] += 1
        c["programs"] += units
        self.seconds += rec["seconds"]
        # The span of a --log's records, for --summarize.
        if "finished" in rec:
            self.first = min(self.first, rec["finished"] - rec["seconds"])
            self.last = max(self.last, rec["finished"])
        if rec["status"] != "ok":
            c[rec["status"]] += 1
            return
        if rec.get("nvcc"):
            c["nvcc checked"] += 1
            c["nvcc failures"] += rec["nvcc"] == "failed"
        for lp in rec["loops"]:
            c["loops"] += 1
            c["accepted" if lp["accepted"] else "rejected"] += 1
            c["conflicting"] += lp["conflict"]
            c[lp["verdict"]] += 1
            if lp["verdict"] == "reach":
                self.reach[lp["reason"]] += 1
                for t in lp["tags"]:
                    if t.startswith(("w:", "r:", "o:", "base:", "call",
                                     "dep")):
                        key = "%s | %s" % (lp["reason"][:40], t)
                        self.reach_tags[key] += 1
            if lp["verdict"].startswith("assumed-") or \
                    lp["verdict"] == "checked":
                for a in lp["assumed"]:
                    self.assumed[classify.reason_key("dependence", a)] += 1

    def print(self, wall, out=sys.stdout):
        c = self.c
        rows = ["programs", "files", "loops", "accepted", "rejected",
                "conflicting", "bug", "assumed-alias", "assumed-subscript",
                "checked", "reach",
                "ok-kernel", "ok-rejected", "not-run", "crash",
                "tool-timeout", "invalid-program", "oracle-build-failed",
                "oracle-run-failed", "nvcc checked", "nvcc failures"]
        print("---- legality fuzzer summary", file=out)
        for r in rows:
            print("%-20s %8d" % (r, c[r]), file=out)
        if c["files"]:
            print("%-20s %8.1f s (%.3f s a file, %.1f programs/s)"
                  % ("wall", wall, self.seconds / c["files"],
                     c["programs"] / wall if wall else 0), file=out)
        if self.reach:
            print("reach by reason:", file=out)
            for k, v in self.reach.most_common(25):
                print("  %6d  %s" % (v, k), file=out)
        if self.reach_tags:
            print("reach by reason and shape (a loop counts once per shape"
                  " it has):", file=out)
            for k, v in self.reach_tags.most_common(30):
                print("  %6d  %s" % (v, k), file=out)
        if self.assumed:
            print("assumed-* by remark:", file=out)
            for k, v in self.assumed.most_common(15):
                print("  %6d  %s" % (v, k), file=out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seeds", nargs="+")
    ap.add_argument("--units", type=int, default=8,
                    help="programs packed into one file (default 8)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "bin",
                                                   "loop2cuda"))
    ap.add_argument("--rules", default=os.path.join(ROOT, "rules"))
    ap.add_argument("--strict", action="store_true",
                    help="run the tool with --strict (assumed loops are "
                    "rejected, so every accepted conflict is a bug)")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--nvcc-every", type=int, default=0,
                    help="nvcc-compile the .cu of every N'th seed")
    ap.add_argument("--keep", help="copy the files of failing seeds here")
    ap.add_argument("--keep-all", action="store_true")
    ap.add_argument("--log", help="one JSON record per seed")
    ap.add_argument("--export", help="write each seed's program, .cu and "
                    "CPU checksums here for gpu-check.sh")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--summarize", action="store_true",
                    help="SEEDS are --log files: print their summary")
    opt = ap.parse_args()
    if opt.summarize:
        return summarize(opt.seeds)
    opt.nvcc = nvcc_path() if opt.nvcc_every else None
    print("tool %s (sha256 %s)" % (opt.tool, file_hash(opt.tool)))
    seeds = parse_seeds(opt.seeds)
    summary = Summary()
    log = open(opt.log, "w", encoding="utf-8") if opt.log else None
    bad = 0
    t0 = time.time()
    with multiprocessing.Pool(max(1, min(opt.jobs, 2))) as pool:
        for rec in pool.imap_unordered(one_seed, [(s, opt) for s in seeds]):
            summary.add(rec, opt.units)
            if log:
                log.write(json.dumps(rec) + "\n")
            bad += report(rec, opt.quiet)
    if log:
        log.close()
    summary.print(time.time() - t0)
    return 1 if bad else 0


def file_hash(path):
    """Which build of the tool a sweep saw (it may be rebuilt meanwhile)."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            h.update(f.read())
    except OSError:
        return "missing"
    return h.hexdigest()[:12]


def summarize(logs):
    """The summary of finished --log files (a sweep stopped early)."""
    summary = Summary()
    for path in logs:
        with open(path, encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                summary.add(rec, rec["units"])
    summary.print(summary.last - summary.first)
    return 0


def report(rec, quiet):
    """Prints a seed's findings; 1 when it has a bug or a crash."""
    s = rec["seed"]
    if rec["status"] in ("crash", "tool-timeout"):
        print("CRASH seed %d: %s rc=%s %s" % (s, rec["status"],
                                             rec["tool_rc"],
                                             rec.get("stderr", "")[-300:]))
        return 1
    if rec["status"] != "ok":
        print("ERROR seed %d: %s %s" % (s, rec["status"],
                                        rec.get("stderr", "")[-300:]))
        return 0
    found = 0
    for lp in rec["loops"]:
        if lp["verdict"] in FAILING:
            found = 1
            print("%s seed %d line %d: accepted%s, oracle: %s [%s]"
                  % (lp["verdict"].upper(), s, lp["line"],
                     " (%s)" % lp["assumed"][0] if lp.get("assumed") else "",
                     lp["witness"], " ".join(lp["tags"])))
        elif lp["verdict"].startswith("assumed") and not quiet:
            print("ASSUMED seed %d line %d: %s; oracle: %s"
                  % (s, lp["line"], lp["assumed"][0], lp["witness"]))
    if rec.get("nvcc") == "failed":
        print("NVCC seed %d: %s" % (s, rec["nvcc_err"][-300:]))
    return found


if __name__ == "__main__":
    sys.exit(main())
