#!/usr/bin/env bash
# The DataStax Python driver's own integration suite (tests/integration/standard at tag 3.25.0), module by module,
# against a fresh ringsim `serve --nodes 3` per module, or against one real Cassandra 4.1.10 node (the oracle).
#
#   ./run.sh ringsim JAR LABEL      # SERVE_ARGS adds switches to serve (e.g. the oracle's --yaml ones)
#   ./run.sh oracle LABEL           # one node from oracle/cassandra.sh with the suite's own cluster's switches
#
# The suite is fetched, never copied into the project: SUITE (default /work/yardsticks/python-driver) is a checkout
# of datastax/python-driver at 3.25.0. Needs Debian's python3-cassandra, python3-pytest, python3-mock, python3-six,
# python3-packaging, python3-pure-sasl. Results: results/LABEL/MODULE.xml (JUnit XML), compared by compare.py.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
suite="${SUITE:-/work/yardsticks/python-driver}"
mode="$1"; shift
if [ "$mode" = ringsim ]; then jar="$1"; shift; fi
label="$1"
port=9042
out="$here/results/$label"
mkdir -p "$out"
# PART=standard (default): module by module, a fresh server each; PART=cqlengine: the object mapper's tests, folder by
# folder and module by module (run all at once, one module's leftover connection breaks another's class set-up, on
# Cassandra too), their package fixture run around each.
part="${PART:-standard}"
plugin=()
if [ "$part" = standard ]; then
  modules="${MODULES:-$(cd "$suite/tests/integration/standard" && ls test_*.py | grep -v -e test_dse -e test_authentication)}"
else
  modules="${MODULES:-$(cd "$suite/tests/integration/cqlengine" && ls -d test_*.py */ | sed 's#/$##' | grep -v __pycache__)}"
  plugin=(-p cqlengine_package)
fi
yaml=(user_defined_functions_enabled=true scripted_user_defined_functions_enabled=true materialized_views_enabled=true sasi_indexes_enabled=true)

wait_port() {
  for _ in $(seq 1 600); do
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

start_server() {
  if [ "$mode" = ringsim ]; then
    # serve quits when its standard input ends: a pipe from a process we can kill.
    (tail -f /dev/null | exec java -jar "$jar" serve --nodes 3 --port $port ${SERVE_ARGS:-} --out "$out/serve-$1" \
      > "$out/serve-$1.log" 2>&1) &
    server=$!
    wait_port
  else
    lines=()
    for y in "${yaml[@]}"; do lines+=("${y%%=*}: ${y#*=}"); done
    coproc ORACLE { flock /tmp/oracle.lock "$root/oracle/cassandra.sh" $port "${lines[@]}" 2>"$out/oracle-$1.log"; }
    server=$ORACLE_PID
    read -r line <&"${ORACLE[0]}"
    echo "oracle: $line"
  fi
}

stop_server() {
  if [ "$mode" = ringsim ]; then
    pkill -f -- "--out $out/serve-$1" 2>/dev/null
    pkill -P "$server" 2>/dev/null
    kill "$server" 2>/dev/null
  else
    pkill -f "ringsim-oracle" 2>/dev/null; pkill -f "io.ringsim.oracle" 2>/dev/null
  fi
  wait "$server" 2>/dev/null
  while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; do sleep 0.5; done
}

rundir="$out/run"
mkdir -p "$rundir"
ln -sfn "$suite/tests" "$rundir/tests"

for m in $modules; do
  name="${m%.py}"
  echo "== $name"
  start_server "$name"
  # The tests from the checkout, the driver from Debian's python3-cassandra (3.25.0, with its compiled parts): a
  # directory holding only a link to the suite's tests/.
  (cd "$rundir" && PYTHONPATH="$rundir:$here/stubs" USE_CASS_EXTERNAL=1 CASSANDRA_VERSION=4.1.10 \
    PROTOCOL_VERSION="${PROTOCOL_VERSION:-5}" timeout "${MODULE_TIMEOUT:-1200}" /usr/bin/python3 -m pytest -q -p no:cacheprovider "${plugin[@]}" \
    --junitxml="$out/$name.xml" "tests/integration/$part/$m" > "$out/$name.txt" 2>&1)
  tail -1 "$out/$name.txt"
  stop_server "$name"
done
