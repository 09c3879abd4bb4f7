#!/usr/bin/env bash
# Apache's cqlsh 6.1 (jeffwidman/cqlsh tag 6.1.2, cqlsh repackaged from Cassandra 4.1; fetched, never copied in) runs
# session.cql against ringsim `serve --nodes 1 --vnodes 1` or one real Cassandra 4.1.10 node, one statement at a time through
# its standard input, with a marker statement before each so that compare.py can put the two transcripts side by side.
#
#   ./run.sh ringsim JAR LABEL      # results/LABEL.txt
#   ./run.sh oracle LABEL
#
# CQLSH (default /work/yardsticks/cqlsh) is the checkout; Debian's python3-cassandra is the driver.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cqlsh_home="${CQLSH:-/work/yardsticks/cqlsh}"
mode="$1"; shift
if [ "$mode" = ringsim ]; then jar="$1"; shift; fi
label="$1"
port=9044
mkdir -p "$here/results"
script="$here/results/$label.in.cql"
n=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  n=$((n + 1))
  printf "SELECT 'step %d' AS step FROM system.local;\n%s\n" "$n" "$line"
done < "$here/session.cql" > "$script"

if [ "$mode" = ringsim ]; then
  (tail -f /dev/null | exec java -jar "$jar" serve --nodes 1 --vnodes 1 --port $port --out "$here/results/serve-$label" \
    > "$here/results/serve-$label.log" 2>&1) &
  server=$!
  for _ in $(seq 1 300); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.2; done
else
  coproc ORACLE { flock /tmp/oracle.lock "$root/oracle/cassandra.sh" $port 2>"$here/results/oracle-$label.log"; }
  server=$ORACLE_PID
  read -r line <&"${ORACLE[0]}"
fi

(cd "$cqlsh_home" && PYTHONUNBUFFERED=1 PYTHONPATH="$cqlsh_home" TZ=UTC /usr/bin/python3 cqlsh/cqlsh.py 127.0.0.1 $port \
  --request-timeout 30 < "$script") > "$here/results/$label.txt" 2>&1

if [ "$mode" = ringsim ]; then
  pkill -f -- "--out $here/results/serve-$label" 2>/dev/null
else
  pkill -f "io.ringsim.oracle" 2>/dev/null
fi
kill "$server" 2>/dev/null; wait "$server" 2>/dev/null
echo "results/$label.txt: $n statements"
