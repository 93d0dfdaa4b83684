"""What the tool decided and what the oracle saw, per marked loop, and the
verdict of the two together (fuzz.py's classification)."""
import json
import re

REJECT_PREFIX = "loop not parallelized"
ASSUME_PREFIX = "assuming iterations are independent"
CHECK_PREFIX = "iterations are checked at run time"


def loop_at(loops, line):
    """The marked loop whose pragma..closing brace holds line."""
    for lp in loops:
        if lp["pragma_line"] <= line <= lp["end_line"]:
            return lp
    return None


def tool_decisions(sarif_path, loops):
    """{loop id: {"rejected": (rule, message) or None, "assumed": [...]}},
    and the diagnostics that fell outside every marked loop."""
    with open(sarif_path, encoding="utf-8") as f:
        log = json.load(f)
    out = {lp["id"]: {"rejected": None, "assumed": []} for lp in loops}
    stray = []
    for run in log.get("runs", []):
        for res in run.get("results", []):
            msg = res.get("message", {}).get("text", "")
            locs = res.get("locations") or [{}]
            region = locs[0].get("physicalLocation", {}).get("region", {})
            line = region.get("startLine", 0)
            rule = res.get("ruleId", "?")
            level = res.get("level", "warning")
            lp = loop_at(loops, line)
            if msg.startswith(REJECT_PREFIX) and level in ("warning",
                                                           "error"):
                if lp is None:
                    stray.append((line, rule, msg))
                elif out[lp["id"]]["rejected"] is None:
                    out[lp["id"]]["rejected"] = (rule, msg)
            elif (msg.startswith(ASSUME_PREFIX) or
                  msg.startswith(CHECK_PREFIX)) and lp is not None:
                out[lp["id"]]["assumed"].append(msg)
    return out, stray


ORACLE_RE = re.compile(r"^ORACLE (\d+) (conflict|clean) ?(.*)$")


def oracle_results(stdout):
    """{loop id: witness text or None} (None: clean in every instance) and
    the checksum lines."""
    seen, sums = {}, []
    for line in stdout.splitlines():
        m = ORACLE_RE.match(line)
        if m:
            lid = int(m.group(1))
            if m.group(2) == "conflict":
                if seen.get(lid) is None:
                    seen[lid] = m.group(3)
            else:
                seen.setdefault(lid, None)
        elif line.startswith("prog "):
            sums.append(line)
    return seen, sums


# A reason's shape without its names, numbers and subscripts, for grouping.
def reason_key(rule, msg):
    orig = msg
    for prefix in (REJECT_PREFIX, ASSUME_PREFIX, CHECK_PREFIX):
        if msg.startswith(prefix):
            msg = msg[len(prefix):].lstrip(": ")
    msg = re.sub(r"'[^']*'", "'_'", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    msg = re.sub(r"at line N", "", msg)
    words = msg.split(":")[0]
    return "%s: %s%s" % (rule, words[:120], subscript_shape(orig))


def subscript_shape(msg):
    """For a subscript the tool could not read or size, what it is."""
    m = re.search(r"subscript '([^'\[]+(?:\.|->)?[^'\[]*)\[(.*)\]'", msg)
    if not m:
        return ""
    base, sub = m.groups()
    kind = ("indirect" if "[" in sub else "modular" if "%" in sub
            else "non-affine")
    where = ("a member" if "." in base or "->" in base
             else "an array or pointer")
    return " [%s subscript of %s]" % (kind, where)


def assumed_kind(remarks):
    """bug without a remark; checked when a probe checks the subscripts at
    run time (the remark 'iterations are checked at run time') and every
    other remark is about arrays the launch checks apart: the GPU half
    must then give the sequential checksum; assumed-alias when every remark
    is about two pointers that may overlap (the generator only makes
    overlaps that the same file shows: derived pointers, calls); else
    assumed-subscript (the marking is trusted)."""
    if not remarks:
        return "bug"
    alias = ("may point into the same memory", "may be one object")
    if any(r.startswith(CHECK_PREFIX) for r in remarks) and all(
            r.startswith(CHECK_PREFIX) or any(a in r for a in alias)
            for r in remarks):
        return "checked"
    if all("may point into the same memory" in r for r in remarks):
        return "assumed-alias"
    return "assumed-subscript"


def other_sizes(msg, lp):
    """True when the tool's dependence witness names sizes (n=8) other than
    the run's: the dependence exists, only not at the sizes the oracle ran."""
    sizes = dict(re.findall(r"\b([nm])=(\d+)", msg))
    return any(int(v) != lp.get(k, int(v)) for k, v in sizes.items())


def verdicts(loops, decisions, oracle):
    """One record per marked loop: accepted, conflict, verdict in bug /
    assumed-alias / assumed-subscript / checked / reach / ok-kernel /
    ok-rejected / not-run."""
    out = []
    for lp in loops:
        d = decisions[lp["id"]]
        accepted = d["rejected"] is None
        if lp["id"] not in oracle:
            verdict, witness = "not-run", None
        else:
            witness = oracle[lp["id"]]
            if lp.get("break"):
                witness = witness or "break (early exit)"
            if accepted and witness:
                verdict = assumed_kind(d["assumed"])
            elif accepted:
                verdict = "ok-kernel"
            elif witness:
                verdict = "ok-rejected"
            else:
                verdict = "reach"
        rec = {"id": lp["id"], "line": lp["line"], "accepted": accepted,
               "conflict": bool(witness), "verdict": verdict,
               "tags": lp["tags"]}
        if witness:
            rec["witness"] = witness
        if d["rejected"]:
            rec["reason"] = reason_key(*d["rejected"])
            if rec["verdict"] == "reach" and other_sizes(d["rejected"][1], lp):
                rec["reason"] += " (witness at other sizes)"
            rec["message"] = d["rejected"][1]
        if d["assumed"]:
            rec["assumed"] = d["assumed"]
        out.append(rec)
    return out
