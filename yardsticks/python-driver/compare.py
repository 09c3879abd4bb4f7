#!/usr/bin/python3
"""Compares two runs of run.sh test by test: which tests pass on the baseline (the oracle) and fail on the other.

    ./compare.py LABEL BASELINE        # e.g. ./compare.py s8 oracle-v5
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))


def outcomes(label):
    result = {}
    for f in sorted(glob.glob(os.path.join(here, "results", label, "*.xml"))):
        for case in ET.parse(f).getroot().iter("testcase"):
            name = case.get("classname", "") + "::" + case.get("name", "")
            kinds = [c.tag for c in case]
            if "error" in kinds:
                result[name] = "error"
            elif "failure" in kinds:
                result[name] = "failed"
            elif "skipped" in kinds:
                result[name] = "skipped"
            else:
                result[name] = "passed"
    return result


def totals(r):
    return "/".join(str(sum(1 for v in r.values() if v == k)) for k in ("passed", "failed", "error", "skipped"))


label, base = sys.argv[1], sys.argv[2]
a, b = outcomes(label), outcomes(base)
passing = [t for t, v in b.items() if v == "passed"]
lost = sorted(t for t in passing if a.get(t) != "passed")
print(f"{base}: {totals(b)} passed/failed/error/skipped; {label}: {totals(a)}")
print(f"{len(passing)} pass on {base}; of them {len(passing) - len(lost)} pass on {label}")
for t in lost:
    print(f"  {a.get(t, 'not run')}: {t}")
only = sorted(t for t, v in a.items() if v == "passed" and b.get(t) != "passed")
print(f"{len(only)} pass on {label} and not on {base}")
