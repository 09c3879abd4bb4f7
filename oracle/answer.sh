#!/usr/bin/env bash
# Answers a conformance script with real Apache Cassandra 4.1 (embedded, in-process, no driver): one JSON line
# per statement in the format of shared/cql/README.md, to OUT or stdout. Cassandra's warnings go to stderr.
# Usage: oracle/answer.sh SCRIPT.cql [OUT.expected.jsonl]
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 SCRIPT.cql [OUT.expected.jsonl]" >&2; exit 2; }
source "$(dirname "$0")/jvm.sh"
exec "${JAVA:-java}" "${ORACLE_JAVA_ARGS[@]}" io.ringsim.oracle.Answer "$@"
