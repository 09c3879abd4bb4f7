#!/usr/bin/python3
"""Compares two runs of run.sh test by test: which tests pass on the baseline (the oracle) and fail on the other,
with the first line of each such test's failure on both sides.

    ./compare.py LABEL BASELINE        # e.g. ./compare.py s9a oracle
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
KINDS = ("passed", "failure", "error", "skipped")


def outcomes(label):
    result = {}
    for f in sorted(glob.glob(os.path.join(here, "results", label, "*.xml"))):
        for case in ET.parse(f).getroot().iter("testcase"):
            # A parameterised test's name holds its parameters' toString, object hashes included: keep the index.
            name = case.get("classname", "") + "::" + re.sub(r"\[(\d+):.*\]$", r"[\1]", case.get("name", ""))
            child = next(iter(case), None)
            if child is None:
                result[name] = ("passed", "")
            else:
                message = (child.get("message") or "").strip().splitlines()
                result[name] = (child.tag, message[0][:300] if message else "")
    return result


def totals(r):
    return "/".join(str(sum(1 for v, _ in r.values() if v == k)) for k in KINDS)


label, base = sys.argv[1], sys.argv[2]
a, b = outcomes(label), outcomes(base)
classes = lambda r: len({t.split("::")[0] for t in r})
print(f"passed/failed/error/skipped: {base}: {totals(b)} in {classes(b)} classes; {label}: {totals(a)} in {classes(a)} classes")
passing = [t for t, (v, _) in b.items() if v == "passed"]
lost = sorted(t for t in passing if a.get(t, ("not run",))[0] != "passed")
print(f"{len(passing)} pass on {base}; of them {len(passing) - len(lost)} pass on {label}")
for t in lost:
    kind, message = a.get(t, ("not run", ""))
    print(f"  {kind}: {t}\n      {message}")
only = sorted(t for t, (v, _) in a.items() if v == "passed" and b.get(t, ("not run",))[0] != "passed")
print(f"{len(only)} pass on {label} and not on {base}")
for t in only:
    kind, message = b.get(t, ("not run", ""))
    print(f"  {kind} on {base}: {t}\n      {message}")
