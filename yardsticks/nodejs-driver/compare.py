#!/usr/bin/python3
"""Compares two runs of run.sh test by test: which tests pass on the baseline (the oracle) and fail on the other.

    ./compare.py LABEL BASELINE [--details]     # e.g. ./compare.py s9a oracle; --details prints each lost test's error

A test is one mocha `it`, named by its file and full title; a failed hook counts as one failure (its tests do not
run). A title that occurs twice in a file is told apart by its rank.
"""
import glob
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
STATES = ("passed", "failed", "pending")


def outcomes(label):
    result, per_file = {}, {}
    for f in sorted(glob.glob(os.path.join(here, "results", label, "*.json"))):
        name = os.path.basename(f)[:-len(".json")]
        seen = {}
        for t in json.load(open(f)):
            rank = seen[t["title"]] = seen.get(t["title"], 0) + 1
            key = f"{name} :: {t['title']}" + (f" #{rank}" if rank > 1 else "")
            result[key] = t
            per_file.setdefault(name, {s: 0 for s in STATES})[t["state"]] += 1
    return result, per_file


def totals(r):
    return "/".join(str(sum(1 for t in r.values() if t["state"] == s)) for s in STATES)


args = [a for a in sys.argv[1:] if not a.startswith("--")]
details = "--details" in sys.argv
label, base = args[0], args[1]
(a, a_files), (b, b_files) = outcomes(label), outcomes(base)
print(f"{'file':45} {base:>14} {label:>14}   (passed/failed/pending)")
for name in sorted(set(a_files) | set(b_files)):
    cell = lambda files: "/".join(str(files[name][s]) for s in STATES) if name in files else "not run"
    print(f"{name:45} {cell(b_files):>14} {cell(a_files):>14}")
print(f"{'total':45} {totals(b):>14} {totals(a):>14}")
passing = [t for t, v in b.items() if v["state"] == "passed"]
lost = sorted(t for t in passing if a.get(t, {}).get("state") != "passed")
print(f"{len(passing)} pass on {base}; of them {len(passing) - len(lost)} pass on {label}")
for t in lost:
    print(f"  {a.get(t, {}).get('state', 'not run')}: {t}")
    if details and t in a and "error" in a[t]:
        print("      " + a[t]["error"].replace("\n", "\n      "))
only = sorted(t for t, v in a.items() if v["state"] == "passed" and b.get(t, {}).get("state") != "passed")
print(f"{len(only)} pass on {label} and not on {base}")
if details:
    for t in only:
        print(f"  {b.get(t, {}).get('state', 'not run')} on {base}: {t}")
