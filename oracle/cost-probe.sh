#!/usr/bin/env bash
# What Cassandra 4.1's storage work costs on this machine (writes, reads over SSTables and tombstones): one line
# per workload with its median and 90th percentile in microseconds. RINGSIM_ORACLE_COMMITLOG=batch for batch mode.
# Usage: oracle/cost-probe.sh   (run under flock /tmp/oracle.lock: one Cassandra at a time)
set -euo pipefail
source "$(dirname "$0")/jvm.sh"
exec "${JAVA:-java}" "${ORACLE_JAVA_ARGS[@]}" io.ringsim.oracle.CostProbe "$@"
