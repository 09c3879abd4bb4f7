#!/usr/bin/env bash
# Apache cassandra-dtest's CQL modules against one running server: ringsim `serve --nodes 1`, or one real Cassandra
# 4.1.10 node (the oracle). dtest's own conftest.py, dtest.py and tools/ run as they are; only ccm is replaced, by the
# stand-in in ccm/ccmlib (see README.md).
#
#   ./run.sh ringsim JAR LABEL      # SERVE_ARGS adds switches to serve
#   ./run.sh oracle LABEL           # one node from oracle/cassandra.sh, under /tmp/oracle.lock
#
# The suite is fetched, never copied into the project: SUITE (default /work/yardsticks/cassandra-dtest) is a checkout
# of apache/cassandra-dtest at 3804b14d; CQLSH (default /work/yardsticks/cqlsh) one of jeffwidman/cqlsh at 6.1.2
# (Apache cqlsh 6.1), which json_test's doctests run. Python: Debian's /usr/bin/python3 with python3-cassandra,
# python3-pytest, python3-pytest-timeout, python3-flaky, python3-parse, python3-psutil, python3-netifaces,
# python3-thrift. MODULES picks modules (default: all of the list below); each runs in chunks of CHUNK tests (default
# 50), each chunk against a fresh server, so that no oracle-locked span lasts much over 10 minutes.
# Results: results/LABEL/MODULE.N.xml (JUnit XML) and .txt, compared by compare.py.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
suite="${SUITE:-/work/yardsticks/cassandra-dtest}"
cqlsh_home="${CQLSH:-/work/yardsticks/cqlsh}"
mode="$1"; shift
if [ "$mode" = ringsim ]; then jar="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift; fi
label="$1"
port="${PORT:-9048}"
chunk="${CHUNK:-50}"
out="$here/results/$label"
mkdir -p "$out"
# The CQL modules: one_node_cql_test.py is ours (upgrade_tests/cql_tests.py's TestCQL run once on one node).
modules="${MODULES:-cql_test.py cql_prepared_test.py one_node_cql_test.py json_test.py secondary_indexes_test.py
  user_types_test.py user_functions_test.py counter_test.py paging_test.py batch_test.py ttl_test.py
  schema_metadata_test.py}"
yaml=(user_defined_functions_enabled=true scripted_user_defined_functions_enabled=true materialized_views_enabled=true
  sasi_indexes_enabled=true)

# The run directory: a link to each top-level entry of the suite (its conftest.py and pytest.ini make it the rootdir),
# plus our module; and a stand-in Cassandra install directory whose bin/cqlsh runs Apache cqlsh on the server.
rundir="$out/run"
install="$out/cassandra"
rm -rf "$rundir" "$install"
mkdir -p "$rundir" "$install/bin"
for f in "$suite"/* "$suite"/.[a-z]*; do [ -e "$f" ] && ln -s "$f" "$rundir/$(basename "$f")"; done
ln -s "$here/one_node_cql_test.py" "$rundir/one_node_cql_test.py"
cat > "$install/bin/cqlsh" <<EOF
#!/bin/sh
# The driver's deprecation warnings (cqlsh.py runs as __main__, where Python shows them) would read as cqlsh errors.
PYTHONWARNINGS=ignore::DeprecationWarning PYTHONPATH="$cqlsh_home" exec /usr/bin/python3 "$cqlsh_home/cqlsh/cqlsh.py" "\$@"
EOF
chmod +x "$install/bin/cqlsh"

wait_port() {
  for _ in $(seq 1 600); do
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# Both servers quit when their standard input ends: each gets a pipe whose writing end this script holds.
start_server() {
  if [ "$mode" = ringsim ]; then
    args=()
    for y in "${yaml[@]}"; do args+=(--yaml "$y"); done
    coproc SERVER { exec nice -n 5 java -jar "$jar" serve --nodes 1 --port $port "${args[@]}" ${SERVE_ARGS:-} \
      --out "$out/serve-$1" > "$out/serve-$1.log" 2>&1; }
    wait_port
  else
    lines=()
    for y in "${yaml[@]}"; do lines+=("${y%%=*}: ${y#*=}"); done
    coproc SERVER { exec flock /tmp/oracle.lock nice -n 5 "$root/oracle/cassandra.sh" $port "${lines[@]}" \
      2>"$out/oracle-$1.log"; }
    read -r line <&"${SERVER[0]}"
    echo "oracle: $line"
  fi
  server=$SERVER_PID
}

stop_server() {
  exec {SERVER[1]}>&-
  for _ in $(seq 1 240); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; do sleep 0.5; done
}

pytest_args=(-p no:cacheprovider --cassandra-dir="$install" --execute-upgrade-tests --timeout="${TEST_TIMEOUT:-300}"
  -o junit_family=xunit1 ${PYTEST_ARGS:-})
export DTEST_ADDRESS=127.0.0.1 DTEST_PORT=$port DTEST_INSTALL_DIR="$install" JAVA_HOME="${JAVA_HOME:-/usr}"

for m in $modules; do
  name="${m%.py}"
  # The module's test ids, as pytest selects them (conftest deselects some by marker: resource-intensive, vnodes).
  (cd "$rundir" && PYTHONPATH="$here/ccm" /usr/bin/python3 -m pytest "${pytest_args[@]}" --collect-only -q "$m" \
    > "$out/$name.collect" 2>&1)
  grep '::' "$out/$name.collect" > "$out/$name.ids"
  split -d -l "$chunk" "$out/$name.ids" "$out/$name.ids."
  for part in "$out/$name".ids.[0-9]*; do
    n="${part##*.}"
    echo "== $name.$n ($(wc -l < "$part") tests)"
    start_server "$name.$n"
    mapfile -t ids < "$part"
    (cd "$rundir" && PYTHONPATH="$here/ccm" timeout "${CHUNK_TIMEOUT:-1500}" nice -n 5 /usr/bin/python3 -m pytest \
      "${pytest_args[@]}" -rs --junitxml="$out/$name.$n.xml" "${ids[@]}" > "$out/$name.$n.txt" 2>&1)
    tail -1 "$out/$name.$n.txt"
    stop_server
  done
  rm -f "$out/$name".ids.[0-9]*
done
