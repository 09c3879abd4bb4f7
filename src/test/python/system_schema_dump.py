"""Dumps what a Cassandra 4.1 node (or ringsim serving one) tells clients about its system keyspaces, as JSON.

Usage: system_schema_dump.py PORT MODE > out.json, MODE one of
  metadata  the Python driver's metadata (cluster.metadata) of the system keyspaces: tables, columns, kinds, types
  rows      the system_schema / system_virtual_schema rows that describe them, and each table's SELECT * columns
  describe  server-side DESCRIBE answers (KEYSPACES, TABLES in system, KEYSPACE of new keyspaces)
Used against the oracle (oracle/cassandra.sh) to capture src/test/resources/system-schema/, and against ringsim by
SystemSchemaPythonTest to compare.
"""
import json
import sys
import uuid
from cassandra import InvalidRequest
from cassandra.cluster import Cluster

SYSTEM = ["system", "system_auth", "system_distributed", "system_schema", "system_traces"]
VIRTUAL = ["system_views", "system_virtual_schema"]


def plain(v):
    if isinstance(v, (bytes, bytearray)):
        return "0x" + bytes(v).hex()
    if isinstance(v, uuid.UUID):
        return str(v)
    if isinstance(v, dict) or hasattr(v, "items"):
        return {str(k): plain(x) for k, x in sorted(v.items())}
    if isinstance(v, (set, frozenset)) or type(v).__name__ in ("SortedSet", "OrderedSet"):
        return sorted(plain(x) for x in v)
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


def metadata(cluster):
    out = {}
    for ks in SYSTEM + VIRTUAL:
        k = cluster.metadata.keyspaces.get(ks)
        if k is None:
            out[ks] = None
            continue
        tables = {}
        for name, t in sorted(k.tables.items()):
            tables[name] = {
                "virtual": t.virtual,
                "partition_key": [c.name for c in t.partition_key],
                "clustering_key": [[c.name, "desc" if c.is_reversed else "asc"] for c in t.clustering_key],
                "columns": [[c.name, c.cql_type, bool(c.is_static)] for c in t.columns.values()],
                "options": plain(t.options),
            }
        out[ks] = {"virtual": k.virtual, "durable_writes": k.durable_writes,
                   "replication": plain(k.replication_strategy.export_for_schema()) if k.replication_strategy else None,
                   "tables": tables}
    return out


def rows(session):
    out = {}
    for t in ["keyspaces", "tables", "columns", "dropped_columns", "indexes", "triggers", "types", "functions",
              "aggregates", "views"]:
        q = "SELECT * FROM system_schema.%s" % t
        if t == "dropped_columns":
            # Cassandra 4.1 has system columns dropped at a time past Python's datetime range: read it as millis
            q = ("SELECT keyspace_name, table_name, column_name, blobasbigint(timestampasblob(dropped_time)) AS "
                 "dropped_time, kind, type FROM system_schema.dropped_columns")
        try:
            found = [r._asdict() for r in session.execute(q)]
        except InvalidRequest:  # ringsim's system tables take no functions: the Java test checks dropped_time
            found = [dict(r._asdict(), dropped_time="unreadable") for r in session.execute(
                "SELECT keyspace_name, table_name, column_name, kind, type FROM system_schema.dropped_columns")]
        out["system_schema." + t] = [plain(r) for r in found if r["keyspace_name"] in SYSTEM]
    for t in ["keyspaces", "tables", "columns"]:
        rs = session.execute("SELECT * FROM system_virtual_schema.%s" % t)
        out["system_virtual_schema." + t] = [plain(r._asdict()) for r in rs]
    shapes = {}
    for r in out["system_schema.tables"] + out["system_virtual_schema.tables"]:
        name = r["keyspace_name"] + "." + r["table_name"]
        p = session.prepare('SELECT * FROM "%s"."%s"' % (r["keyspace_name"], r["table_name"]))
        shapes[name] = [[c[2], c[3].cql_parameterized_type()] for c in p.result_metadata]
    out["select_star"] = shapes
    return out


def describe(session):
    out = {}
    def d(label, stmt):
        try:
            out[label] = [plain(r._asdict()) for r in session.execute(stmt)]
        except Exception as e:
            out[label] = {"error": type(e).__name__, "message": str(e)}
    d("DESCRIBE KEYSPACES", "DESCRIBE KEYSPACES")
    d("USE system", "USE system")
    d("USE system; DESCRIBE TABLES", "DESCRIBE TABLES")
    session.execute("CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
    session.execute("CREATE KEYSPACE IF NOT EXISTS ks_nts WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1} AND durable_writes = false")
    session.execute("CREATE KEYSPACE IF NOT EXISTS ks_full WITH replication = {'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': 1}")
    d("DESCRIBE KEYSPACE ks", "DESCRIBE KEYSPACE ks")
    d("DESCRIBE KEYSPACE ks_nts", "DESCRIBE KEYSPACE ks_nts")
    d("DESCRIBE KEYSPACE ks_full", "DESCRIBE KEYSPACE ks_full")
    d("DESCRIBE KEYSPACES (with ks, ks_nts, ks_full)", "DESCRIBE KEYSPACES")
    d("DESCRIBE KEYSPACE system_auth", "DESCRIBE KEYSPACE system_auth")
    d("DESCRIBE KEYSPACE system_views", "DESCRIBE KEYSPACE system_views")
    d("DESCRIBE KEYSPACE system", "DESCRIBE KEYSPACE system")
    d("DESCRIBE KEYSPACE system_virtual_schema", "DESCRIBE KEYSPACE system_virtual_schema")
    d("DESCRIBE TABLE system.local", "DESCRIBE TABLE system.local")
    for ks in ["ks", "ks_nts", "ks_full"]:
        session.execute("DROP KEYSPACE " + ks)
    return out


def main():
    port, mode = int(sys.argv[1]), sys.argv[2]
    cluster = Cluster(["127.0.0.1"], port=port)
    session = cluster.connect()
    try:
        result = {"metadata": lambda: metadata(cluster), "rows": lambda: rows(session),
                  "describe": lambda: describe(session)}[mode]()
        print(json.dumps(result, indent=1, sort_keys=True))
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    main()
