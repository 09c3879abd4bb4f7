#!/usr/bin/env bash
# The DataStax Node.js driver's own integration tests (test/integration/short at tag v4.8.0, 15 files), run unchanged
# with mocha, file by file, against ringsim `serve` or one real Cassandra 4.1.10 node (the oracle).
#
#   ./run.sh ringsim JAR LABEL      # a `serve --dc dc1:N:1` for each describe that asks ccm for N nodes
#   ./run.sh oracle LABEL           # one oracle/cassandra.sh node for each, whatever N; each file under /tmp/oracle.lock
#
# The suite is fetched, never copied into the project: SUITE (default /work/yardsticks/nodejs-driver) is a checkout of
# datastax/nodejs-driver at v4.8.0 with its npm dependencies installed. The suite starts its clusters with ccm:
# stubs/ccm stands in for it. PORT (default 9046) is where the servers listen; preload.js makes it the driver's
# default port. ORACLE (default oracle/cassandra.sh of this checkout) starts the oracle. FILES picks files.
# Results: results/LABEL/FILE.txt (mocha's spec output), FILE.json (each test's outcome), compared by compare.py.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
suite="${SUITE:-/work/yardsticks/nodejs-driver}"
mode="$1"; shift
if [ "$mode" = ringsim ]; then jar="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift; fi
label="$1"
out="$here/results/$label"
mkdir -p "$out"
files="${FILES:-client-execute-tests.js client-batch-tests.js client-each-row-tests.js client-stream-tests.js
  client-execute-prepared-tests.js duration-type-tests.js udf-tests.js error-tests.js connection-tests.js
  metadata-tests.js concurrent/execute-concurrent-tests.js mapping/mapper-tests.js mapping/model-mapper-tests.js
  mapping/custom-queries-tests.js mapping/from-and-to-model-function-tests.js}"

export PATH="$here/stubs:$PATH"
export CCM_MODE="$mode" CCM_JAR="${jar:-}" CCM_PORT="${PORT:-9046}" CCM_ORACLE="${ORACLE:-$root/oracle/cassandra.sh}"
# The helper gates tests by this version (its default is 3.11.4).
export CCM_VERSION=4.1.10
unset CCM_DISTRIBUTION CCM_INSTALL_DIR TEST_TRACE

for f in $files; do
  name="${f%.js}"; name="${name//\//_}"
  export CCM_STATE="$out/$name"
  rm -rf "$CCM_STATE" "$out/$name.json"; mkdir -p "$CCM_STATE"
  mocha=(timeout "${FILE_TIMEOUT:-1200}" node_modules/.bin/mocha --require "$here/preload.js"
    --reporter "$here/reporter.js" --reporter-option "output=$out/$name.json" --exit "test/integration/short/$f")
  if [ "$mode" = oracle ]; then
    # One lock for the whole file: its describes start their nodes without waiting on another run mid-file.
    export CCM_ORACLE_LOCKED=1
    mocha=(flock /tmp/oracle.lock "${mocha[@]}")
  fi
  started=$SECONDS
  (cd "$suite" && "${mocha[@]}" > "$out/$name.txt" 2>&1)
  # A cluster left running (the mapping files keep theirs) is stopped before the next file.
  ccm remove
  printf '%-45s %s  (%ds)\n' "$name" "$(python3 -c 'import json,sys
t=json.load(open(sys.argv[1]))
print("/".join(str(sum(1 for x in t if x["state"]==s)) for s in ("passed","failed","pending")))' "$out/$name.json" 2>/dev/null || echo 'no results')" $((SECONDS - started))
done
