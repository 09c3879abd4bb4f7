#!/usr/bin/python3
"""Puts two cqlsh transcripts of session.cql side by side, statement by statement: the marker statement run before
each (an error naming 'step N' on both servers) splits them. Before comparing, only what differs between any two
runs or servers by nature is normalised: uuids, date-times, write times, the port, the cluster's name, the spaces
around a table's cells (their width follows the longest value, a cluster's name or a write time), and the driver's
deprecation warnings, and the token in DESCRIBE CLUSTER's range ownership: both servers run one token per node (the
oracle's num_tokens: 1, `serve --vnodes 1`), but its value is the node's own (initial_token 0 on the oracle, the
allocator's on ringsim), as a real node's token is when none is set.

    ./compare.py LABEL BASELINE        # e.g. ./compare.py s8a oracle
"""
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
MARK = re.compile(r"'step (\d+)'")
RULES = [
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?([+-]\d{4}|Z)?"), "<datetime>"),
    (re.compile(r"127\.0\.0\.1:\d+"), "127.0.0.1:<port>"),
    (re.compile(r"Connected to (.*) at"), "Connected to <cluster> at"),
    (re.compile(r"<stdin>:\d+:"), "<stdin>:<line>:"),
    # A write time in microseconds since the epoch (the two servers wrote at different moments).
    (re.compile(r"\b1[6-9]\d{14}\b"), "<micros>"),
    # The cluster's name (ringsim's `serve` and the oracle's node are named differently), and a table column padded
    # to it.
    (re.compile(r"\bringsim(-oracle)?\b"), "<cluster>"),
    # A range's token in DESCRIBE CLUSTER (the line "  TOKEN  [/127.0.0.1:PORT]").
    (re.compile(r"^ +-?\d+  \[/"), " <token>  [/"),
]


def blocks(label):
    with open(os.path.join(here, "results", label + ".txt"), encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    out, step, cur = {}, 0, []
    for line in lines:
        if "DeprecationWarning" in line or line.startswith("  ") and "warnings.warn" in line:
            continue
        m = MARK.search(line)
        if m:
            if step:
                out[step] = cur
            step, cur = int(m.group(1)), []
            continue
        for rx, rep in RULES:
            line = rx.sub(rep, line)
        if "|" in line or set(line.strip()) <= set("-+"):
            line = re.sub(r" *\| *", " | ", line.strip()) if "|" in line else "<rule>"
        cur.append(line.rstrip())
    if step:
        out[step] = cur
    return out


def main():
    label, base = sys.argv[1], sys.argv[2]
    a, b = blocks(label), blocks(base)
    with open(os.path.join(here, "session.cql"), encoding="utf-8") as f:
        stmts = [s for s in f.read().splitlines() if s.strip()]
    same = 0
    diffs = []
    for i, stmt in enumerate(stmts, 1):
        if a.get(i) == b.get(i):
            same += 1
        else:
            diffs.append((i, stmt, b.get(i), a.get(i)))
    print(f"{same} of {len(stmts)} statements print the same on {label} as on {base}")
    for i, stmt, want, got in diffs:
        print(f"\n#{i} {stmt}")
        for line in want or ["(nothing)"]:
            print(f"  {base}: {line}")
        for line in got or ["(nothing)"]:
            print(f"  {label}: {line}")


main()
