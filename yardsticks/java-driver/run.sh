#!/usr/bin/env bash
# The Apache Cassandra Java driver's own integration tests (module integration-tests: the classes that run on the
# suite's shared one-node CcmRule cluster, i.e. @Category(ParallelizableTests.class) with CcmRule.getInstance()),
# against ringsim `serve --nodes 1` or against one real Cassandra 4.1.10 node (the oracle).
#
#   ./run.sh ringsim JAR LABEL      # SERVE_ARGS adds switches to serve (e.g. the oracle's --yaml ones)
#   ./run.sh oracle LABEL           # one node from oracle/cassandra.sh with the same four switches (ORACLE: the
#                                   # cassandra.sh to use, e.g. the main checkout's, whose oracle/target is built)
#
# The suite is fetched and built outside the project by prepare.sh (SUITE, default /work/yardsticks/cassandra-java-
# driver). The tests connect to 127.0.0.1:9042, hard-coded in the suite's CassandraResourceRule, so the whole run
# (server and tests) runs in a network namespace of its own (unshare -n, as root), where that port is ours. The
# suite's CcmBridge runs `ccm`: stubs/ccm stands in for it and does nothing, the node being started here, a fresh one
# for each batch of BATCH classes (default 8) run in one JVM. Results: results/LABEL/CLASS.xml (JUnit XML), compared
# by compare.py.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -z "${JAVA_DRIVER_NETNS:-}" ]; then
  exec unshare -n env JAVA_DRIVER_NETNS=1 "$0" "$@"
fi
ip link set lo up
suite="${SUITE:-/work/yardsticks/cassandra-java-driver}"
mode="$1"; shift
if [ "$mode" = ringsim ]; then jar="$1"; shift; fi
label="$1"
port=9042
out="$here/results/$label"
mkdir -p "$out"
its="$suite/integration-tests"
[ -f "$its/cp.txt" ] || { echo "no $its/cp.txt: run prepare.sh first" >&2; exit 1; }
yaml=(user_defined_functions_enabled=true scripted_user_defined_functions_enabled=true materialized_views_enabled=true sasi_indexes_enabled=true)

if [ -z "${CLASSES:-}" ]; then
  CLASSES="$(cd "$its/src/test/java" && grep -rl 'CcmRule.getInstance()' . | xargs grep -l 'ParallelizableTests.class' \
    | sed -e 's#^\./##' -e 's#\.java$##' -e 's#/#.#g' | sort)"
fi
read -r -a classes <<< "$(echo $CLASSES)"

# Our runner: JUnitCore with one XML report per class.
cp="$its/target/test-classes:$(cat "$its/cp.txt")"
# DRIVER_VERSION (e.g. 4.19.2, from the local Maven repository; prepare.sh fetches it): the released driver's core,
# query builder, mapper runtime and shaded Guava instead of the ones built from the checkout (the tests, the test
# infrastructure and the mapper's generated code stay as built).
if [ -n "${DRIVER_VERSION:-}" ]; then
  m2="${M2_REPO:-$HOME/.m2/repository}"
  kept="$(tr ':' '\n' <<< "$cp" | grep -v -E '/java-driver-(core|query-builder|mapper-runtime)-[^/]*-SNAPSHOT\.jar$|/java-driver-shaded-guava-' | paste -sd:)"
  released=""
  for a in core query-builder mapper-runtime guava-shaded; do
    rel="$m2/org/apache/cassandra/java-driver-$a/$DRIVER_VERSION/java-driver-$a-$DRIVER_VERSION.jar"
    [ -f "$rel" ] || { echo "no $rel: run DRIVER_VERSION=$DRIVER_VERSION ./prepare.sh" >&2; exit 1; }
    released="$released$rel:"
  done
  cp="$released$kept"
fi
mkdir -p "$out/runner"
javac -nowarn -d "$out/runner" -cp "$cp" "$here/runner/RunClasses.java" || exit 1

wait_port() {
  for _ in $(seq 1 600); do
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# The server's standard input is a pipe from this script: closing it stops serve (and the oracle) cleanly.
start_server() {
  if [ "$mode" = ringsim ]; then
    coproc SERVER { exec java -jar "$jar" serve --nodes 1 --port $port ${SERVE_ARGS:-} --out "$out/serve-$1" \
      > "$out/serve-$1.log" 2>&1; }
    wait_port
  else
    lines=()
    for y in "${yaml[@]}"; do lines+=("${y%%=*}: ${y#*=}"); done
    coproc SERVER { exec flock /tmp/oracle.lock "${ORACLE:-$root/oracle/cassandra.sh}" $port "${lines[@]}" 2>"$out/oracle-$1.log"; }
    read -r line <&"${SERVER[0]}"
    echo "oracle: $line"
  fi
}

stop_server() {
  local pid=$SERVER_PID
  exec {SERVER[1]}>&-
  for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; do sleep 0.5; done
}

batch="${BATCH:-8}"
n=0
for ((i = 0; i < ${#classes[@]}; i += batch)); do
  n=$((n + 1))
  part=("${classes[@]:i:batch}")
  echo "== batch $n: ${part[*]##*.}"
  start_server "b$n"
  # The suite's own settings for a 4.1 node, and the node's data centre (both servers name it datacenter1; the
  # suite's application.conf expects CCM's dc1).
  PATH="$here/stubs:$PATH" CCM_LOG="$out/ccm-b$n.log" timeout "${BATCH_TIMEOUT:-540}" java \
    -Dccm.version=4.1.10 \
    -Ddatastax-java-driver.basic.load-balancing-policy.local-datacenter=datacenter1 \
    -cp "$out/runner:$cp" RunClasses "$out" "${part[@]}" > "$out/b$n.txt" 2>&1
  grep -E "^driver: |^[a-z.]+[A-Za-z]+: [0-9]+ passed" "$out/b$n.txt"
  stop_server "b$n"
done
