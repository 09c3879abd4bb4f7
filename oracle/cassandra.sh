#!/usr/bin/env bash
# Runs a real Apache Cassandra 4.1 node on 127.0.0.1:PORT (default 9042) until standard input ends or SIGTERM.
# Prints "ready 127.0.0.1:PORT" on stdout once it answers CQL; Cassandra's warnings go to stderr.
# Usage: oracle/cassandra.sh [PORT [YAML_LINE...]]   e.g. oracle/cassandra.sh 9043 'user_defined_functions_enabled: true'
# (each YAML_LINE is appended to the node's cassandra.yaml).
set -euo pipefail
source "$(dirname "$0")/jvm.sh"
# exec: the JVM gets this script's pid, so a SIGTERM to it reaches Cassandra's shutdown hook.
exec "${JAVA:-java}" "${ORACLE_JAVA_ARGS[@]}" io.ringsim.oracle.OracleServer "${1:-9042}" "${@:2}"
