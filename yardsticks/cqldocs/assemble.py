#!/usr/bin/env python3
"""Builds the yardstick's script from a directory of the CQL reference's example files.

Usage: assemble.py [--switches] [SRC_DIR] > docs.cql
SRC_DIR (default /work/yardsticks/cqldocs-src) holds the files named in order.txt, unedited (README.md says where
they come from). The files are joined in order.txt's order after a preamble that creates and uses a keyspace, each
under a comment naming it. The one change to their text: a BEGIN BATCH ... APPLY BATCH; written over several lines
is put on one line (its lines trimmed and joined with single spaces), because the script format ends a statement at
every line that ends with ';' (src/test/resources/cql/README.md) where cqlsh would send the batch whole. --switches puts cassandra.yaml feature switches at the top as `-- @yaml` lines, which
oracle/answer.sh and `ringsim cql -f` both read (src/test/resources/cql/README.md, "Script format").
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_SRC = pathlib.Path("/work/yardsticks/cqldocs-src")
SWITCHES = ["user_defined_functions_enabled", "materialized_views_enabled", "sasi_indexes_enabled"]
PREAMBLE = ("CREATE KEYSPACE cycling WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
            "USE cycling;\n")


def names():
    for line in (HERE / "order.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            yield line


def batches_on_one_line(text):
    out, batch = [], None
    for line in text.splitlines():
        if batch is None and re.match(r"\s*BEGIN\s+(UNLOGGED\s+|COUNTER\s+)?BATCH\b", line, re.I) \
                and not line.rstrip().endswith(";"):
            batch = [line.strip()]
        elif batch is not None:
            batch.append(line.strip())
            if re.match(r"\s*APPLY\s+BATCH\s*;\s*$", line, re.I):
                out.append(" ".join(p for p in batch if p))
                batch = None
        else:
            out.append(line)
    if batch is not None:
        out += batch
    return "\n".join(out) + "\n"


def main(argv):
    switches = "--switches" in argv
    rest = [a for a in argv if a != "--switches"]
    src = pathlib.Path(rest[0]) if rest else DEFAULT_SRC
    missing = [n for n in names() if not (src / n).is_file()]
    if missing:
        sys.exit(f"missing in {src}: {' '.join(missing)} (README.md says how to get them)")
    out = []
    if switches:
        out += [f"-- @yaml {s}: true\n" for s in SWITCHES]
    out.append(PREAMBLE)
    for n in names():
        text = batches_on_one_line((src / n).read_text())
        out.append(f"\n-- file: {n}\n{text}")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
