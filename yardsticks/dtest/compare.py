#!/usr/bin/python3
"""Compares two runs of run.sh test by test, module by module: how many tests each module has, how many run on one
node (not skipped on the baseline, the oracle), how many of those pass on the baseline, and how many of those pass on
the other run; then each test that passes on the baseline and not on the other, with the first lines of its error.

    ./compare.py LABEL BASELINE        # e.g. ./compare.py ringsim-s9a oracle
    ./compare.py --skips LABEL         # why the tests that did not run were skipped, by category

A test skipped at set-up keeps counting as skipped when dtest's teardown then fails on it (its class fixture stopped
before dtest's own fixture had run: an error about `fixture_dtest_setup`, seen on any server).
"""
import collections
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
Outcome = collections.namedtuple("Outcome", "module status message")


def outcomes(label):
    result = {}
    for f in sorted(glob.glob(os.path.join(here, "results", label, "*.xml"))):
        module = os.path.basename(f).split(".")[0]
        for case in ET.parse(f).getroot().iter("testcase"):
            name = case.get("classname", "") + "::" + case.get("name", "")
            kinds = {c.tag: c for c in case}
            for kind in ("skipped", "failure", "error"):
                if kind in kinds:
                    c = kinds[kind]
                    message = (c.get("message") or "") + "\n" + (c.text or "")
                    result[name] = Outcome(module, {"failure": "failed"}.get(kind, kind), message)
                    break
            else:
                result[name] = Outcome(module, "passed", "")
    return result


def skip_category(message):
    m = re.search(r"ccm stand-in: ([a-z ]+):", message)
    if m:
        return m.group(1)
    if re.search(r"\d[\d.]* [<>] ", message):
        return "version (@since)"
    return "the suite's own skip"


def cause(message):
    """The first lines that say what went wrong: pytest's E lines, else the message."""
    lines = [l[1:].strip() for l in message.splitlines() if l.startswith("E ")]
    lines = [l for l in lines if l] or [l for l in message.splitlines() if l.strip()]
    text = " | ".join(lines[:6])
    return text[:600]


def skips(label):
    r = outcomes(label)
    count = collections.Counter(skip_category(o.message) for o in r.values() if o.status == "skipped")
    print(f"{label}: {len(r)} tests, {sum(count.values())} skipped")
    for category, n in count.most_common():
        print(f"  {n:4d}  {category}")


def compare(label, base):
    a, b = outcomes(label), outcomes(base)
    modules = sorted({o.module for o in b.values()})
    print(f"| module | tests | run on one node | pass on {base} | of those pass on {label} |")
    print("| --- | ---: | ---: | ---: | ---: |")
    sums = [0, 0, 0, 0]
    for m in modules:
        tests = [t for t, o in b.items() if o.module == m]
        ran = [t for t in tests if b[t].status != "skipped"]
        passing = [t for t in ran if b[t].status == "passed"]
        both = [t for t in passing if a.get(t, Outcome(m, "not run", "")).status == "passed"]
        row = [len(tests), len(ran), len(passing), len(both)]
        sums = [x + y for x, y in zip(sums, row)]
        print(f"| {m} | " + " | ".join(map(str, row)) + " |")
    print("| **all** | " + " | ".join(f"**{x}**" for x in sums) + " |")
    print()
    lost = sorted(t for t, o in b.items() if o.status == "passed" and a.get(t, Outcome("", "not run", "")).status != "passed")
    print(f"{len(lost)} pass on {base} and not on {label}:")
    for t in lost:
        o = a.get(t, Outcome("", "not run", ""))
        print(f"  {o.status}: {t}\n      {cause(o.message)}")
    only = sorted(t for t, o in a.items() if o.status == "passed" and b.get(t, Outcome("", "", "")).status != "passed")
    print(f"{len(only)} pass on {label} and not on {base}:")
    for t in only:
        print(f"  {b[t].status if t in b else 'not run'} on {base}: {t}")
    failing = sorted(t for t, o in b.items() if o.status in ("failed", "error"))
    print(f"{len(failing)} run on one node and do not pass on {base}:")
    for t in failing:
        print(f"  {b[t].status}: {t}\n      {cause(b[t].message)}")


if sys.argv[1] == "--skips":
    skips(sys.argv[2])
else:
    compare(sys.argv[1], sys.argv[2])
