#!/usr/bin/env python3
"""Runs two loop2cuda binaries on every lit test input and sample, with the
flags their RUN lines use plus --trace, and compares what they write byte
for byte (the generated files, stdout, stderr and the exit status).

    compare-outputs.py record BIN LOGDIR [--rules DIR] [--no-trace]
    compare-outputs.py diff OLD_LOGDIR NEW_LOGDIR [--strip-trace]

Used to check that an engine change leaves every output as it was: record
with the old binary, record with the new one, diff the two directories."""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STOP = ("|", "&&", ";", "\\", ">", "2>&1", "2>/dev/null")


def run_lines(path):
    """The loop2cuda invocations of the RUN lines of a test, as argument
    lists after the tool's name (continuation lines joined)."""
    text = open(path, errors="replace").read()
    lines, cur = [], ""
    for m in re.finditer(r"RUN:(.*)", text):
        part = m.group(1).rstrip()
        cur += " " + part.rstrip("\\")
        if not part.endswith("\\"):
            lines.append(cur)
            cur = ""
    out = []
    for line in lines:
        for seg in line.split("%loop2cuda")[1:]:
            args = []
            for tok in shlex.split(seg, posix=True):
                if tok in STOP or tok.startswith((">", "2>", "|")):
                    break
                args.append(tok)
            out.append(args)
    return out


def jobs():
    """(name, args, input kind) for every run to make."""
    todo = []
    files = []
    for d in ("tests/lit", "samples"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, d)):
            for n in sorted(names):
                files.append(os.path.join(dirpath, n))
    for f in sorted(files):
        rel = os.path.relpath(f, ROOT)
        if f.endswith(".ruletest"):
            for i, a in enumerate(run_lines(f)):
                if "--apply-rules" in a:
                    a = [x.replace("%s", f) for x in a if x != "--trace"]
                    todo.append((f"{rel}.{i}", a + ["--trace"]))
        elif f.endswith((".cpp", ".c")) and "/Inputs/" not in f:
            std = "-std=c99" if f.endswith(".c") else "-std=c++17"
            modes = {("--trace", "%s", "-o", "%t", "--", std, "-fopenmp")}
            for a in run_lines(f):
                if "%s" in a and "-p" not in a:
                    modes.add(tuple(["--trace"] + [x for x in a if x != "--trace"]))
            for i, m in enumerate(sorted(modes)):
                todo.append((f"{rel}.{i}", [x.replace("%s", f) for x in m]))
    return todo


def record(binary, logdir, rules, trace=True):
    os.makedirs(logdir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="l2c-cmp-")

    def one(job):
        name, args = job
        out = os.path.join(work, name.replace("/", "_"))
        args = [re.sub(r"%t", out, x) for x in args]
        extra = ["--rules", rules] if rules else []
        if not trace:
            args = [x for x in args if x != "--trace"]
        p = subprocess.run([binary] + extra + args, capture_output=True,
                           cwd=ROOT, timeout=600)
        log = [b"exit %d\n" % p.returncode, b"--- stdout\n", p.stdout,
               b"--- stderr\n", p.stderr]
        if os.path.isdir(out):
            for dirpath, _, names in sorted(os.walk(out)):
                for n in sorted(names):
                    fp = os.path.join(dirpath, n)
                    log += [b"--- file " + os.path.relpath(fp, out).encode() +
                            b"\n", open(fp, "rb").read()]
        with open(os.path.join(logdir, name.replace("/", "_") + ".log"),
                  "wb") as f:
            f.write(b"".join(log).replace(out.encode(), b"%t"))
        shutil.rmtree(out, ignore_errors=True)

    with ThreadPoolExecutor(2) as ex:
        list(ex.map(one, jobs()))
    shutil.rmtree(work, ignore_errors=True)


TRACE = re.compile(rb"^(trace: |  before: |  after:  ).*\n", re.M)


def read(path, strip_trace):
    data = open(path, "rb").read()
    return TRACE.sub(b"", data) if strip_trace else data


def diff(a, b, strip_trace=False):
    names = sorted(set(os.listdir(a)) | set(os.listdir(b)))
    same = 0
    for n in names:
        pa, pb = os.path.join(a, n), os.path.join(b, n)
        if os.path.exists(pa) and os.path.exists(pb) and \
                read(pa, strip_trace) == read(pb, strip_trace):
            same += 1
        else:
            print("differs:", n)
    print(f"{len(names)} logs compared, {same} identical")
    return same == len(names)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("binary")
    r.add_argument("logdir")
    r.add_argument("--rules")
    r.add_argument("--no-trace", action="store_true",
                   help="leave --trace out (to compare rule sets that fire "
                   "differently but must give the same output)")
    d = sub.add_parser("diff")
    d.add_argument("old")
    d.add_argument("new")
    d.add_argument("--strip-trace", action="store_true",
                   help="compare without the --trace events (a log recorded "
                   "with --no-trace against one recorded with --trace)")
    a = p.parse_args()
    if a.cmd == "record":
        record(os.path.abspath(a.binary), a.logdir, a.rules, not a.no_trace)
    else:
        sys.exit(0 if diff(a.old, a.new, a.strip_trace) else 1)


if __name__ == "__main__":
    main()
