#!/usr/bin/env bash
# How many SSTables real Apache Cassandra 4.1 reads per query, for the cases of a JSON-lines file (each: "case",
# "setup" statements with "@flush" between them, one "read"): the cases again with "sstables" added.
# Usage: oracle/sstables-per-read.sh CASES.jsonl [OUT.expected.jsonl]
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 CASES.jsonl [OUT.expected.jsonl]" >&2; exit 2; }
source "$(dirname "$0")/jvm.sh"
exec "${JAVA:-java}" "${ORACLE_JAVA_ARGS[@]}" io.ringsim.oracle.SSTablesPerRead "$@"
