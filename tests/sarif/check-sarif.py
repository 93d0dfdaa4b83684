#!/usr/bin/env python3
"""check-sarif.py SCHEMA LOG: validates the SARIF log LOG against the JSON
schema SCHEMA (sarif-schema-2.1.0.json, kept here as OASIS publishes it)
with jsonschema (Debian's python3-jsonschema), then prints the log in short
for FileCheck:

  rule <id> | <shortDescription> | <helpUri>
  result <level> <ruleId> <file>:<line>:<column> <message>
    related <file>:<line>:<column> <message>
  invocation <executionSuccessful> <exitCode>

Exits 1, with every violation, when the log does not follow the schema, or
when a result's ruleIndex does not point at its rule.
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("check-sarif.py: needs jsonschema (apt-get install python3-jsonschema)")


def place(loc):
    phys = loc.get("physicalLocation", {})
    uri = phys.get("artifactLocation", {}).get("uri", "")
    region = phys.get("region", {})
    return "%s:%s:%s" % (os.path.basename(uri), region.get("startLine", "?"),
                         region.get("startColumn", "?"))


def main():
    schema_path, log_path = sys.argv[1:3]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(log_path, encoding="utf-8") as f:
        log = json.load(f)
    validator = jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for e in errors:
        print("invalid: %s: %s" % ("/".join(map(str, e.path)), e.message))
    if errors:
        return 1
    status = 0
    for run in log["runs"]:
        rules = run["tool"]["driver"].get("rules", [])
        for r in rules:
            print("rule %s | %s | %s" % (r["id"], r["shortDescription"]["text"],
                                         r.get("helpUri", "")))
        for res in run.get("results", []):
            if rules[res["ruleIndex"]]["id"] != res["ruleId"]:
                print("invalid: ruleIndex %d is not %s" % (res["ruleIndex"],
                                                           res["ruleId"]))
                status = 1
            locs = res.get("locations") or [{}]
            print("result %s %s %s %s" % (res["level"], res["ruleId"],
                                          place(locs[0]),
                                          res["message"]["text"]))
            for rel in res.get("relatedLocations", []):
                print("  related %s %s" % (place(rel), rel["message"]["text"]))
        for inv in run.get("invocations", []):
            print("invocation %s %s" % (str(inv["executionSuccessful"]).lower(),
                                        inv.get("exitCode", "?")))
    return status


if __name__ == "__main__":
    sys.exit(main())
