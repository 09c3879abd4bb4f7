"""Captures what a server answers for the protocol details drivers rely on (issue 35 item 5), as JSON lines:
PREPARED replies (result metadata and result_metadata_id), EXECUTE after the result changes, client warnings, and
the protocol-version handshake (v6-beta). Against the oracle it wrote
src/test/resources/oracle/protocol-details.expected.jsonl:
  /usr/bin/python3 src/test/python/protocol_details_capture.py PORT > out.jsonl
Against ringsim, ProtocolDetailsPythonTest runs it with --compare EXPECTED (each line checked, a DIFF line per
difference; --ignore LABEL, repeatable, for a known difference)."""
import json
import socket
import struct
import sys

from cassandra import ProtocolVersion
from cassandra.cluster import Cluster
from cassandra.protocol import ProtocolHandler, ResultMessage
from cassandra.query import BatchStatement, BatchType, SimpleStatement

PORT = int(sys.argv[1])
ARGS = sys.argv[2:]
EXPECTED = None
IGNORED = set()
while ARGS and ARGS[0].startswith("--"):
    if ARGS[0] == "--compare":
        EXPECTED = ARGS[1]
    elif ARGS[0] == "--ignore":
        IGNORED.add(ARGS[1])
    ARGS = ARGS[2:]
SECTIONS = ARGS or ["prepared", "changed", "warnings", "handshake"]
LOG = []
RESULTS = []


def out(**kv):
    RESULTS.append(kv)
    if EXPECTED is None:
        print(json.dumps(kv, sort_keys=True), flush=True)


def hx(b):
    return None if b is None else b.hex()


def cols(md):
    return [[c[0], c[1], c[2], c[3].cql_parameterized_type()] for c in (md or [])]


class Logging(ProtocolHandler):
    """Records every decoded answer of a session's requests: kind, result columns, result_metadata_id."""

    @classmethod
    def decode_message(cls, protocol_version, user_type_map, stream_id, flags, opcode, body, decompressor,
                       result_metadata):
        msg = super().decode_message(protocol_version, user_type_map, stream_id, flags, opcode, body, decompressor,
                                     result_metadata)
        entry = {"opcode": opcode, "type": type(msg).__name__}
        if isinstance(msg, ResultMessage):
            entry["kind"] = msg.kind
            entry["columns"] = cols(msg.column_metadata) if msg.column_metadata else None
            entry["result_metadata_id"] = hx(getattr(msg, "result_metadata_id", None))
            if msg.parsed_rows is not None:
                entry["rows"] = [[repr(v) for v in r] for r in msg.parsed_rows]
        else:
            summary = getattr(msg, "summary_msg", None)
            entry["summary"] = (summary() if callable(summary) else summary) or repr(msg)[:300]
            entry["code"] = getattr(msg, "error_code", None)
        LOG.append(entry)
        return msg


def connect(version):
    c = Cluster(["127.0.0.1"], port=PORT, protocol_version=version)
    s = c.connect()
    s.client_protocol_handler = Logging
    return c, s


def setup(s):
    s.execute("DROP KEYSPACE IF EXISTS o")
    s.execute("CREATE KEYSPACE o WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
    s.execute("CREATE TABLE o.t (k int, c int, v text, s int static, PRIMARY KEY (k, c))")
    s.execute("CREATE TABLE o.u (k int PRIMARY KEY, a int)")
    s.execute("CREATE TABLE o.w (k int PRIMARY KEY, m map<text, int>, l list<bigint>, d double, b blob)")
    s.execute("CREATE TABLE o.cnt (k int PRIMARY KEY, n counter)")
    s.execute("CREATE TYPE o.addr (street text, n int)")
    s.execute("CREATE TABLE o.r (k int, c int, f frozen<list<int>>, t tuple<int, text>, a frozen<addr>, "
              "st set<text>, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC)")


PREPARED = [
    "SELECT * FROM o.t WHERE k = ?",
    "SELECT k, v FROM o.t WHERE k = ?",
    "SELECT v, k FROM o.t WHERE k = ? AND c = ?",
    "SELECT v AS x, writetime(v), ttl(v) FROM o.t WHERE k = ?",
    "SELECT count(*) FROM o.t",
    "SELECT count(*) AS n, max(c) FROM o.t WHERE k = ?",
    "SELECT DISTINCT k, s FROM o.t",
    "SELECT JSON k, v FROM o.t WHERE k = ?",
    "SELECT * FROM o.u WHERE k = ?",
    "SELECT * FROM o.w WHERE k = ?",
    "SELECT m, l FROM o.w",
    "SELECT * FROM o.cnt WHERE k = ?",
    "SELECT k, token(k) FROM o.u",
    "SELECT * FROM o.r WHERE k = ?",
    "SELECT c AS d, a, t FROM o.r WHERE k = ?",
    "INSERT INTO o.t (k, c, v) VALUES (?, ?, ?)",
    "UPDATE o.t SET v = ? WHERE k = ? AND c = ?",
    "DELETE FROM o.t WHERE k = ?",
    "INSERT INTO o.u (k, a) VALUES (?, ?) IF NOT EXISTS",
    "UPDATE o.u SET a = ? WHERE k = ? IF a = ?",
    "UPDATE o.cnt SET n = n + 1 WHERE k = ?",
    "SELECT release_version FROM system.local",
    "SELECT * FROM system.local WHERE key = ?",
]


def prepared(version):
    c, s = connect(version)
    setup(s)
    for q in PREPARED:
        p = s.prepare(q)
        out(section="prepared", version=version, query=q, query_id=hx(p.query_id),
            result_metadata_id=hx(p.result_metadata_id), result_metadata=cols(p.result_metadata),
            bind=[[m.keyspace_name, m.table_name, m.name, m.type.cql_parameterized_type()] for m in p.column_metadata],
            pk=p.routing_key_indexes)
    c.shutdown()


def changed(version):
    c, s = connect(version)
    setup(s)
    s.execute("INSERT INTO o.u (k, a) VALUES (1, 10)")
    p = s.prepare("SELECT * FROM o.u WHERE k = ?")
    q = s.prepare("SELECT a FROM o.u WHERE k = ?")

    def run(step, stmt, *values):
        del LOG[:]
        try:
            rows = [list(r) for r in s.execute(stmt, values)]
        except Exception as e:  # noqa
            rows = "ERROR " + type(e).__name__ + ": " + str(e)
        out(section="changed", version=version, step=step, rows=rows, messages=list(LOG),
            prepared_result_metadata_id=hx(stmt.result_metadata_id),
            prepared_result_metadata=cols(stmt.result_metadata))

    run("star before", p, 1)
    run("named before", q, 1)
    # An id the server never gave: does it answer with METADATA_CHANGED and its own?
    saved = p.result_metadata_id
    p.result_metadata_id = b"\x00" * 16 if version >= 5 else None
    run("star with a foreign result_metadata_id", p, 1)
    p.result_metadata_id = saved
    s.execute("ALTER TABLE o.u ADD b text")
    s.execute("UPDATE o.u SET b = 'x' WHERE k = 1")
    run("star after ALTER ADD", p, 1)
    run("star again", p, 1)
    run("named after ALTER ADD", q, 1)
    c.shutdown()


def warned(s, label, stmt, values=None):
    try:
        f = s.execute_async(stmt, values)
        f.result()
        out(section="warnings", label=label, warnings=f.warnings)
    except Exception as e:  # noqa
        out(section="warnings", label=label, error=type(e).__name__ + ": " + str(e))


def warnings():
    c, s = connect(ProtocolVersion.V5)
    setup(s)
    for k in range(3):
        for cc in range(3):
            s.execute("INSERT INTO o.t (k, c, v) VALUES (%s, %s, 'x')", (k, cc))
    for q in ["SELECT count(*) FROM o.t", "SELECT count(*) FROM o.t WHERE k = 1",
              "SELECT count(*) FROM o.t WHERE k IN (1, 2)", "SELECT max(c) FROM o.t", "SELECT k, c FROM o.t",
              "SELECT k, count(*) FROM o.t GROUP BY k", "SELECT count(*) FROM o.t WHERE k = 1 GROUP BY k, c",
              "SELECT count(*) FROM o.t WHERE v = 'x' ALLOW FILTERING",
              "SELECT count(*) FROM o.t WHERE token(k) > 0", "SELECT sum(a) FROM o.u",
              "SELECT writetime(v), ttl(v) FROM o.t WHERE k = 1"]:
        warned(s, q, q)
    pq = s.prepare("SELECT count(*) FROM o.t")
    warned(s, "prepared SELECT count(*) FROM o.t", pq)

    ins_t = s.prepare("INSERT INTO o.t (k, c, v) VALUES (?, ?, ?)")
    ins_u = s.prepare("INSERT INTO o.u (k, a) VALUES (?, ?)")

    def batch(label, items, kind=BatchType.LOGGED, ttl=None):
        b = BatchStatement(batch_type=kind)
        for it in items:
            b.add(*it)
        warned(s, label, b)

    batch("logged 1 row v=5000 chars", [(ins_t, (1, 1, "a" * 5000))])
    batch("logged 1 row v=5100 chars", [(ins_t, (1, 1, "a" * 5100))])
    batch("logged 1 row v=5200 chars", [(ins_t, (1, 1, "a" * 5200))])
    batch("logged 2 rows v=3000 chars, one partition", [(ins_t, (1, 1, "a" * 3000)), (ins_t, (1, 2, "b" * 3000))])
    batch("logged 2 rows v=3000 chars, two partitions", [(ins_t, (1, 1, "a" * 3000)), (ins_t, (2, 1, "b" * 3000))])
    batch("logged 100 rows v=50 chars", [(ins_t, (1, i, "a" * 50)) for i in range(100)])
    batch("logged 400 rows of o.u", [(ins_u, (i, i)) for i in range(400)])
    batch("logged o.t and o.u", [(ins_t, (1, 1, "a" * 6000)), (ins_u, (1, 1))])
    batch("logged text with TTL", [(SimpleStatement("INSERT INTO o.t (k, c, v) VALUES (1, 1, '%s') USING TTL 100"
                                                    % ("a" * 6000)), ())])
    batch("logged update", [(SimpleStatement("UPDATE o.t SET v = '%s' WHERE k = 1 AND c = 2" % ("a" * 6000)), ())])
    batch("logged static", [(SimpleStatement("UPDATE o.t SET s = 1 WHERE k = 1"), ()),
                            (ins_t, (1, 3, "c" * 6000))])
    batch("logged delete rows", [(SimpleStatement("DELETE FROM o.t WHERE k = %d AND c = 1" % i), ())
                                 for i in range(400)])
    batch("logged map and list", [(SimpleStatement(
        "INSERT INTO o.w (k, m, l, d, b) VALUES (1, {'a': 1, 'bb': 2}, [1, 2, 3], 1.5, 0x%s)" % ("ab" * 3000)), ())])
    batch("logged 60 KiB", [(ins_t, (1, 1, "a" * 60000))])
    batch("unlogged 10 partitions", [(ins_u, (i, i)) for i in range(10)], BatchType.UNLOGGED)
    batch("unlogged 11 partitions", [(ins_u, (i, i)) for i in range(11)], BatchType.UNLOGGED)
    batch("unlogged 11 partitions two tables", [(ins_u, (i, i)) for i in range(6)] +
          [(ins_t, (i, 1, "x")) for i in range(6)], BatchType.UNLOGGED)
    batch("logged 11 partitions", [(ins_u, (i, i)) for i in range(11)])
    batch("unlogged 11 partitions 6000 chars", [(ins_t, (i, 1, "x" * 600)) for i in range(11)], BatchType.UNLOGGED)
    batch("counter batch", [(SimpleStatement("UPDATE o.cnt SET n = n + 1 WHERE k = %d" % i), ()) for i in range(12)],
          BatchType.COUNTER)

    # Tombstones: tombstone_warn_threshold 1000 (Cassandra's default).
    s.execute("CREATE TABLE o.tb (k int, c int, v int, PRIMARY KEY (k, c))")
    dl = s.prepare("DELETE FROM o.tb WHERE k = ? AND c = ?")
    from cassandra.concurrent import execute_concurrent_with_args
    execute_concurrent_with_args(s, dl, [(1, i) for i in range(1000)])
    execute_concurrent_with_args(s, dl, [(2, i) for i in range(1001)])
    ins = s.prepare("INSERT INTO o.tb (k, c, v) VALUES (?, ?, ?)")
    execute_concurrent_with_args(s, ins, [(3, i, None) for i in range(1001)])
    execute_concurrent_with_args(s, ins, [(4, i, i) for i in range(5)])
    for q in ["SELECT * FROM o.tb WHERE k = 1", "SELECT * FROM o.tb WHERE k = 2", "SELECT * FROM o.tb WHERE k = 3",
              "SELECT * FROM o.tb WHERE k = 2 LIMIT 3", "SELECT count(*) FROM o.tb WHERE k = 2",
              "SELECT * FROM o.tb", "SELECT * FROM o.tb WHERE k = 4"]:
        warned(s, q, q)
    warned(s, "SELECT * FROM o.tb WHERE k = 2 fetch_size 100", SimpleStatement("SELECT * FROM o.tb WHERE k = 2",
                                                                               fetch_size=100))
    c.shutdown()


def frame(version, flags, stream, opcode, body):
    return struct.pack(">BBhBi", version, flags, stream, opcode, len(body)) + body


def raw(label, data):
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    sock.sendall(data)
    got = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            got += chunk
            if len(got) >= 9 and len(got) >= 9 + struct.unpack(">i", got[5:9])[0]:
                break
    except socket.timeout:
        pass
    sock.close()
    entry = {"label": label, "hex": got.hex()}
    if len(got) >= 9:
        v, fl, st, op, ln = struct.unpack(">BBhBi", got[:9])
        entry.update(version=v, flags=fl, stream=st, opcode=op)
        body = got[9:9 + ln]
        if op == 0 and len(body) >= 6:
            code = struct.unpack(">i", body[:4])[0]
            n = struct.unpack(">H", body[4:6])[0]
            entry.update(code=code, message=body[6:6 + n].decode("utf-8", "replace"))
    entry["section"] = "handshake"
    out(**entry)


def startup_body():
    b = struct.pack(">H", 1)
    for x in ("CQL_VERSION", "3.0.0"):
        e = x.encode()
        b += struct.pack(">H", len(e)) + e
    return b


def handshake():
    OPTIONS, STARTUP = 0x05, 0x01
    raw("OPTIONS v4", frame(4, 0, 0, OPTIONS, b""))
    raw("OPTIONS v5", frame(5, 0, 0, OPTIONS, b""))
    raw("STARTUP v6 without USE_BETA", frame(6, 0, 0, STARTUP, startup_body()))
    raw("STARTUP v6 with USE_BETA", frame(6, 0x10, 0, STARTUP, startup_body()))
    raw("OPTIONS v6 with USE_BETA", frame(6, 0x10, 0, OPTIONS, b""))
    raw("STARTUP v5 with USE_BETA", frame(5, 0x10, 0, STARTUP, startup_body()))
    raw("STARTUP v7", frame(7, 0, 0, STARTUP, startup_body()))
    raw("STARTUP v2", frame(2, 0, 0, STARTUP, startup_body()))
    raw("STARTUP 0x42 (DSE_V2)", frame(0x42, 0, 0, STARTUP, startup_body()))
    for label, kw in [("default", {}), ("v6 beta", dict(protocol_version=6, allow_beta_protocol_version=True)),
                      ("v6 without beta", dict(protocol_version=6)),
                      ("v5 with beta allowed", dict(protocol_version=5, allow_beta_protocol_version=True))]:
        c = Cluster(["127.0.0.1"], port=PORT, **kw)
        try:
            s = c.connect()
            row = s.execute("SELECT release_version FROM system.local").one()
            p = s.prepare("SELECT * FROM system.local WHERE key = ?")
            prow = s.execute(p, ["local"]).one()
            out(section="handshake", label="driver " + label, protocol_version=c.protocol_version,
                row=list(row), prepared_ok=prow is not None)
        except Exception as e:  # noqa
            out(section="handshake", label="driver " + label, error=type(e).__name__ + ": " + str(e)[:500])
        finally:
            c.shutdown()


for sec in SECTIONS:
    if sec == "prepared":
        prepared(ProtocolVersion.V5)
        prepared(ProtocolVersion.V4)
    elif sec == "changed":
        changed(ProtocolVersion.V5)
        changed(ProtocolVersion.V4)
    elif sec == "warnings":
        warnings()
    elif sec == "handshake":
        handshake()


def key(d):
    # Frame versions are part of a handshake answer, not of its name.
    version = d.get("version") if d["section"] in ("prepared", "changed") else None
    return "%s %s %s" % (d["section"], version, d.get("query") or d.get("step") or d.get("label"))


def comparable(d):
    d = dict(d)
    if "error" in d:  # the port the server listened on
        d["error"] = d["error"].replace("127.0.0.1:%d" % d.get("port", 0), "")
        for port in ("9162", str(PORT)):
            d["error"] = d["error"].replace("127.0.0.1:" + port, "127.0.0.1:PORT")
    if "messages" in d:  # what each answer was: type, error code, result_metadata_id, how many columns
        d["messages"] = [[m.get("type"), m.get("code"), m.get("result_metadata_id"), len(m.get("columns") or [])]
                         for m in d["messages"]]
    return d


if EXPECTED is not None:
    got = {key(d): comparable(d) for d in RESULTS}
    same = differ = 0
    for line in open(EXPECTED):
        want = comparable(json.loads(line))
        k = key(want)
        if any(k.endswith(" " + i) for i in IGNORED):
            continue
        have = got.get(k)
        if have == want:
            same += 1
            continue
        differ += 1
        fields = sorted(f for f in set(want) | set(have or {}) if (have or {}).get(f) != want.get(f))
        print("DIFF %s: %s" % (k, json.dumps({f: [want.get(f), (have or {}).get(f)] for f in fields})[:1500]))
    print("SAME %d DIFFER %d" % (same, differ), flush=True)
