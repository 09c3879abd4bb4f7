"""Serial request latency against a served cluster (docs/performance.md, "Served request latency").

    /usr/bin/python3 src/test/python/serve_latency.py PORT N            # N serial INSERTs, then N serial point SELECTs
    /usr/bin/python3 src/test/python/serve_latency.py PORT N index R    # cassandra-dtest's collection-index shape:
        # N INSERTs with literals into a table indexed on a list<uuid>, the index read of all N, R index point reads

Prints mean/p50/p99 milliseconds per request, timed around each session.execute (wall clock, client side).
Needs the cassandra driver (Debian's python3-cassandra); a server already listening on 127.0.0.1:PORT.
"""
import random
import statistics
import sys
import time
import uuid

from cassandra import ConsistencyLevel
from cassandra.cluster import EXEC_PROFILE_DEFAULT, Cluster, ExecutionProfile


def stats(label, ts):
    ts = sorted(ts)
    print("%-20s n=%d mean=%.3f p50=%.3f p99=%.3f max=%.3f ms" % (label, len(ts), statistics.mean(ts),
          ts[len(ts) // 2], ts[int(len(ts) * 0.99)], ts[-1]), flush=True)


def timed(f, n):
    ts = []
    for i in range(n):
        a = time.perf_counter()
        f(i)
        ts.append((time.perf_counter() - a) * 1000)
    return ts


def main():
    port, n = int(sys.argv[1]), int(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else "plain"
    profile = ExecutionProfile(consistency_level=ConsistencyLevel.ONE, request_timeout=60)
    c = Cluster(['127.0.0.1'], port=port, protocol_version=4, connect_timeout=30, control_connection_timeout=30,
                execution_profiles={EXEC_PROFILE_DEFAULT: profile})
    s = c.connect()
    s.execute("CREATE KEYSPACE IF NOT EXISTS perf WITH replication = "
              "{'class': 'SimpleStrategy', 'replication_factor': 1}")
    if mode == "plain":
        s.execute("CREATE TABLE IF NOT EXISTS perf.t (k int PRIMARY KEY, v text)")
        stats("insert", timed(lambda i: s.execute("INSERT INTO perf.t (k, v) VALUES (%s, %s)", (i, "v%d" % i)), n))
        stats("select", timed(lambda i: s.execute("SELECT v FROM perf.t WHERE k = %s", (i,)).one(), n))
    else:
        r = int(sys.argv[4]) if len(sys.argv) > 4 else 200
        s.execute("CREATE TABLE perf.users (user_id uuid PRIMARY KEY, email text, uuids list<uuid>)")
        s.execute("CREATE INDEX user_uuids ON perf.users (uuids)")
        shared, own = uuid.uuid4(), [uuid.uuid4() for _ in range(n)]
        stats("insert (indexed)", timed(lambda i: s.execute(
            "INSERT INTO perf.users (user_id, email, uuids) VALUES (%s, '%d@example.com', [%s, %s])"
            % (uuid.uuid4(), i, shared, own[i])), n))
        a = time.perf_counter()
        rows = list(s.execute("SELECT * FROM perf.users WHERE uuids CONTAINS %s" % shared))
        print("index read of all: %d rows in %.2f s" % (len(rows), time.perf_counter() - a), flush=True)
        random.shuffle(own)
        stats("index point read", timed(lambda i: s.execute(
            "SELECT user_id, email, uuids FROM perf.users WHERE uuids CONTAINS %s" % own[i]).one(), min(r, n)))
    c.shutdown()


if __name__ == "__main__":
    main()
