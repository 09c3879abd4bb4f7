#!/usr/bin/env bash
# Runs the yardstick's script through ringsim or through the oracle (one Cassandra 4.1.10 node), once with
# Cassandra's defaults and once with the feature switches on (assemble.py --switches).
# Usage: run.sh oracle            answers in $OUT/oracle-default.jsonl and $OUT/oracle-switches.jsonl
#        run.sh JAR LABEL         ringsim's answers in $OUT/rLABEL-default.jsonl and $OUT/rLABEL-switches.jsonl
# Environment: SRC (the example files, default /work/yardsticks/cqldocs-src), OUT (default
# /work/yardsticks/cqldocs-results), ORACLE (the project checkout whose oracle/answer.sh to use, default /work/main).
# Results stay outside the repository: they quote Apache's example statements.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
SRC="${SRC:-/work/yardsticks/cqldocs-src}"
OUT="${OUT:-/work/yardsticks/cqldocs-results}"
ORACLE="${ORACLE:-/work/main}"
[ $# -ge 1 ] || { sed -n 2,9p "$0" >&2; exit 2; }
mkdir -p "$OUT"
"$here/assemble.py" "$SRC" > "$OUT/docs-default.cql"
"$here/assemble.py" --switches "$SRC" > "$OUT/docs-switches.cql"
for variant in default switches; do
  script="$OUT/docs-$variant.cql"
  if [ "$1" = oracle ]; then
    # One oracle run at a time on this machine: it starts a whole Cassandra node.
    flock /tmp/oracle.lock timeout 600 nice -n 5 "$ORACLE/oracle/answer.sh" "$script" "$OUT/oracle-$variant.jsonl" \
      2> "$OUT/oracle-$variant.stderr"
  else
    [ $# -eq 2 ] || { echo "usage: $0 JAR LABEL" >&2; exit 2; }
    nice -n 5 java -jar "$1" cql --nodes 1 --format jsonl --file "$script" > "$OUT/r$2-$variant.jsonl"
  fi
done
