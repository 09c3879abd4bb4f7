#!/usr/bin/env bash
# ScyllaDB's cqlpy suite (test/cqlpy of scylladb/scylladb: single-node CQL tests written to pass on Apache Cassandra
# as well, including its translation of Cassandra's own cql3 validation tests, cassandra_tests/) against one running
# server: ringsim `serve --nodes 1`, or one real Cassandra 4.1.10 node (the oracle), configured as the suite's
# run-cassandra configures Cassandra (user-defined functions, materialized views and SASI on, auto_snapshot off),
# but without authentication, which ringsim does not simulate.
#
#   ./run.sh ringsim JAR LABEL      # SERVE_ARGS adds switches to serve
#   ./run.sh oracle LABEL           # under /tmp/oracle.lock
#   ./compare.py LABEL oracle       # tests that pass on Cassandra, and of those, the ones that pass on ringsim
#
# The suite is fetched, never copied in: SUITE (default /work/yardsticks/cqlpy-src) holds `test/` of a checkout
# (test/__init__.py, test/cqlpy, test/pylib). What is ours: root/conftest.py (the suite's root conftest as its runpy
# runner uses it, without the Allure plugins) and stubs/ (import-only stand-ins). Python is Debian's 3.11 with
# python3-cassandra 3.25.0, python3-pytest, python3-pytest-timeout and python3-requests; test_describe.py needs
# Python 3.12 and runs on it only when named in FILES (see PY312 below). Not run: test_keyspace.py imports ScyllaDB's
# cluster manager, test_tools.py runs ScyllaDB's executables and S3 (both Scylla-only). --runxfail: ScyllaDB's
# xfail marks (its own known bugs) and the cassandra_bug fixture do not hide a test's real outcome on either server.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
suite="${SUITE:-/work/yardsticks/cqlpy-src}"
mode="$1"; shift
if [ "$mode" = ringsim ]; then jar="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift; fi
label="$1"
port="${PORT:-9042}"
out="$here/results/$label"
mkdir -p "$out"
yaml=(user_defined_functions_enabled=true scripted_user_defined_functions_enabled=true materialized_views_enabled=true sasi_indexes_enabled=true)

# A directory laid out as the suite expects (a `test` package), its parts linked from the checkout, ours beside them.
rundir="$out/run"
rm -rf "$rundir"; mkdir -p "$rundir/test/pylib"
cp "$suite/test/__init__.py" "$rundir/test/"
ln -s "$here/root/conftest.py" "$rundir/test/conftest.py"
ln -s "$suite/test/cqlpy" "$rundir/test/cqlpy"
for f in "$suite"/test/pylib/*; do ln -s "$f" "$rundir/test/pylib/"; done
rm "$rundir/test/pylib/scylla_cluster.py"; ln -s "$here/stubs/scylla_cluster.py" "$rundir/test/pylib/scylla_cluster.py"

# test_describe.py needs Python 3.12 (PY312, default /root/.pyenv/versions/3.12.1/bin/python3). It runs on Debian's
# pure-Python packages (pytest, the driver without its 3.11-only compiled parts); the one thing 3.12 lacks is asyncore,
# the driver's fallback event loop, which is loaded here from Debian's Python 3.11 with its removal check (a
# RuntimeError from 3.12 on) switched off while it loads. Every other file runs on /usr/bin/python3 as before.
py312="${PY312:-/root/.pyenv/versions/3.12.1/bin/python3}"
shim="$rundir/py312-shim"
mkdir -p "$shim"
cat > "$shim/asyncore.py" <<'PY'
import warnings as _warnings
_deprecated = _warnings._deprecated
_warnings._deprecated = lambda *args, **kwargs: None
try:
    _src = "/usr/lib/python3.11/asyncore.py"
    exec(compile(open(_src).read(), _src, "exec"))
finally:
    _warnings._deprecated = _deprecated
PY

wait_port() {
  for _ in $(seq 1 900); do
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# Both servers quit when their standard input ends. serve reads a FIFO, its fault console, which this script holds
# open (and the nodetool stand-in writes FLUSH and COMPACT into); the oracle gets a pipe whose writing end it holds.
console=""
if [ "$mode" = ringsim ]; then
  args=()
  for y in "${yaml[@]}"; do args+=(--yaml "$y"); done
  console="$out/console"
  rm -f "$console"; mkfifo "$console"
  exec {hold}<>"$console"
  # The server must not inherit this script's writing end of its console, or it would never see the console end.
  coproc SERVER { exec {hold}>&-; exec java -jar "$jar" serve --nodes 1 --port $port "${args[@]}" ${SERVE_ARGS:-} \
    --out "$out/serve" < "$console" > "$out/serve.log" 2>&1; }
  wait_port
else
  lines=("auto_snapshot: false")
  for y in "${yaml[@]}"; do lines+=("${y%%=*}: ${y#*=}"); done
  coproc SERVER { exec flock /tmp/oracle.lock "$root/oracle/cassandra.sh" $port "${lines[@]}" 2>"$out/oracle.log"; }
  read -r line <&"${SERVER[0]}"
  echo "oracle: $line"
fi
server=$SERVER_PID

# File by file, each in its own pytest process: the suite's conftest stops running tests once one leaves the
# connection unusable ("Server down"); a fresh process reconnects, so one such test costs only its own file.
files="${FILES:-$(cd "$suite" && ls test/cqlpy/test_*.py test/cqlpy/cassandra_tests/validation/*/*_test.py \
  test/cqlpy/cassandra_tests/*_test.py test/cqlpy/cassandra_tests/*/*_test.py 2>/dev/null | sort -u | grep -v -e test_describe.py -e test_keyspace.py -e test_tools.py)}"
# Not run on the oracle: a 1 GiB compression chunk makes the embedded Cassandra node's flush run out of direct
# memory, which breaks every later test on it. Not counted, since it cannot pass there.
deselect=()
[ "$mode" = oracle ] && deselect=(--deselect test/cqlpy/test_sstable_compression.py::test_huge_chunk_length)
for f in $files; do
  name="$(echo "${f#test/cqlpy/}" | sed 's#/#.#g; s#\.py$##')"
  python=/usr/bin/python3; pypath="$here/stubs:."
  case "$f" in test/cqlpy/test_describe.py*) python="$py312"; pypath="$pypath:$shim:/usr/lib/python3/dist-packages";; esac
  (cd "$rundir" && SCYLLA_TEST_RUNNER=runpy PYTHONPATH="$pypath" NODETOOL="$here/stubs/bin/nodetool" RINGSIM_CONSOLE="$console" timeout "${FILE_TIMEOUT:-1800}" \
    "$python" -m pytest -q -p no:cacheprovider --runxfail -o asyncio_mode=auto --timeout "${TEST_TIMEOUT:-300}" \
    --host=127.0.0.1 --port=$port "${deselect[@]}" --junitxml="$out/$name.xml" "$f" > "$out/$name.txt" 2>&1)
  echo "$name: $(tail -1 "$out/$name.txt")"
done

if [ -n "$console" ]; then exec {hold}>&-; else exec {SERVER[1]}>&-; fi
for _ in $(seq 1 240); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
