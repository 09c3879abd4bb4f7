"""Second capture (describe-2.json): system_schema rows and DESCRIBE answers for user tables next to the system
keyspaces, and errors. Usage: system_schema_user_tables.py PORT > out.json (on a fresh node: it creates keyspace ks)."""
import json, sys
sys.path.insert(0, __import__("os").path.dirname(__file__))
from system_schema_dump import plain
from cassandra.cluster import Cluster
c = Cluster(["127.0.0.1"], port=int(sys.argv[1])); s = c.connect()
out = {}
def q(label, stmt):
    try: out[label] = [plain(r._asdict()) for r in s.execute(stmt)]
    except Exception as e: out[label] = {"error": type(e).__name__, "message": str(e)}
s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
s.execute("CREATE TABLE ks.t (k int, c int, v list<int>, s set<text>, a text, fz frozen<list<int>>, st int static, PRIMARY KEY (k, c))")
s.execute("CREATE TABLE ks.plain (k int PRIMARY KEY, b text)")
q("tables ks", "SELECT * FROM system_schema.tables WHERE keyspace_name = 'ks'")
q("columns ks", "SELECT * FROM system_schema.columns WHERE keyspace_name = 'ks'")
q("DESCRIBE TABLES", "DESCRIBE TABLES")
q("DESCRIBE KEYSPACES", "DESCRIBE KEYSPACES")
q("DESCRIBE TABLE ks.t", "DESCRIBE TABLE ks.t")
q("DESCRIBE TABLE system.local", "DESCRIBE TABLE system.local")
q("DESCRIBE system", "DESCRIBE system")
q("DESCRIBE TABLE system_views.settings", "DESCRIBE TABLE system_views.settings")
q("unknown system table", "SELECT * FROM system.nosuch")
q("DESCRIBE KEYSPACE nosuch", "DESCRIBE KEYSPACE nosuch")
print(json.dumps(out, indent=1, sort_keys=True))
c.shutdown()
