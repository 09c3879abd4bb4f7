#!/usr/bin/env python3
"""Compares two answers to the yardstick's script statement by statement (JSON lines, one per statement, in the
format of src/test/resources/cql/README.md).

Usage: compare.py ORACLE.jsonl RINGSIM.jsonl [--quiet]
A statement agrees when both succeed with the same columns and rows in the same order, or both fail with the same
error class. Its message is identical when, besides, both fail with the same message word for word; that second
figure counts over the statements Cassandra refuses. Every statement that does not agree, and every refusal whose
message differs, is printed with both answers. Exit code 0 when all agree, 1 otherwise.
"""
import json
import sys


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def brief(answer):
    if answer is None:
        return "(no answer)"
    if answer["ok"]:
        return json.dumps({"columns": answer["columns"], "rows": answer["rows"]}, ensure_ascii=False)
    return f'{answer["error"]}: {answer["message"]}'


def agrees(a, b):
    if a is None or b is None or a["ok"] != b["ok"]:
        return False
    if a["ok"]:
        return a["columns"] == b["columns"] and a["rows"] == b["rows"]
    return a["error"] == b["error"]


def main(argv):
    quiet = "--quiet" in argv
    paths = [a for a in argv if a != "--quiet"]
    if len(paths) != 2:
        sys.exit(__doc__)
    oracle, ringsim = load(paths[0]), load(paths[1])
    n = max(len(oracle), len(ringsim))
    agree = refused = same_message = 0
    for i in range(n):
        o = oracle[i] if i < len(oracle) else None
        r = ringsim[i] if i < len(ringsim) else None
        if o and r and o["cql"] != r["cql"]:
            sys.exit(f"statement {i} differs between the two files: the scripts are not the same")
        ok = agrees(o, r)
        agree += ok
        message_ok = True
        if o is not None and not o["ok"]:
            refused += 1
            message_ok = ok and o["message"] == r["message"]
            same_message += message_ok
        if not quiet and not (ok and message_ok):
            cql = (o or r)["cql"]
            print(f"--- {i} {'DISAGREES' if not ok else 'message differs'}: {cql[:300]}")
            print(f"    cassandra: {brief(o)[:600]}")
            print(f"    ringsim:   {brief(r)[:600]}")
    print(f"{n} statements, {refused} refused by Cassandra; agreeing {agree} ({100 * agree / n:.1f} %); "
          f"error messages identical {same_message} of {refused} ({100 * same_message / max(refused, 1):.1f} %)")
    return 0 if agree == n else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
