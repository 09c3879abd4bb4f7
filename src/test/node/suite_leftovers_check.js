// What the Node.js driver's own integration suite (v4.8.0) checked and ringsim answered differently from Cassandra
// 4.1, one part per run, each printing JSON lines to compare with Cassandra's answers to the same script
// (src/test/resources/node/suite-leftovers-PART.expected.jsonl):
//   tuples    tuples bound or written with fewer components than declared, read back, compared, as JSON
//   reversed  a clustering column typed 'ReversedType(CompositeType(...))' in system_schema and driver metadata
//   clients   system_views.clients on the node the driver's first connection reached
//   streams   32,778 requests at once on one connection (more than its 32,768 stream ids)
// Usage: node suite_leftovers_check.js PORT LOCAL_DC PART
const { cassandra, run, rowJson } = require('./served');
const { types } = cassandra;

function show(v) {
  if (v === undefined) return 'undefined';
  if (v === null) return null;
  if (v instanceof types.Tuple) return { length: v.length, values: v.values().map(show) };
  if (Array.isArray(v)) return v.map(show);
  if (types.Long.isLong(v) || v instanceof types.Uuid || v instanceof types.InetAddress) return v.toString();
  return v;
}

const parts = {
  async tuples(client, q) {
    await q("CREATE KEYSPACE ks_tuples WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await q('CREATE TABLE ks_tuples.t (id int PRIMARY KEY, t1 tuple<text,int>, t2 tuple<uuid,bigint,boolean>)');
    const u = types.Uuid.fromString('b2a1e3b8-8d7c-4b6a-9f0e-0123456789ab');
    await q('INSERT INTO ks_tuples.t (id, t1, t2) VALUES (?, ?, ?)', [1, new types.Tuple('value1'), new types.Tuple(u)], { prepare: true });
    await q("INSERT INTO ks_tuples.t (id, t1) VALUES (2, ('value2'))");
    await q("INSERT INTO ks_tuples.t (id, t1) VALUES (3, ('value3', null))");
    await q('INSERT INTO ks_tuples.t (id, t1) VALUES (?, ?)', [4, new types.Tuple('value4')], { prepare: false, hints: ['int', 'tuple<text,int>'] });
    await q('INSERT INTO ks_tuples.t (id, t1, t2) VALUES (?, ?, ?)', [5, new types.Tuple('value5', 5), new types.Tuple(u, types.Long.fromNumber(7), null)], { prepare: true });
    await q("UPDATE ks_tuples.t SET t2 = (b2a1e3b8-8d7c-4b6a-9f0e-0123456789ab, 8) WHERE id = 6");
    await q('SELECT id, t1, t2 FROM ks_tuples.t WHERE id IN (1, 2, 3, 4, 5, 6)');
    await q('SELECT id, t1, t2 FROM ks_tuples.t WHERE id = ?', [1], { prepare: true });
    await q("SELECT id FROM ks_tuples.t WHERE t1 = ('value1') ALLOW FILTERING");
    await q("SELECT id FROM ks_tuples.t WHERE t1 = ('value1', null) ALLOW FILTERING");
    await q('SELECT id FROM ks_tuples.t WHERE t1 = ? ALLOW FILTERING', [new types.Tuple('value1')], { prepare: true });
    await q("SELECT id FROM ks_tuples.t WHERE t1 = ('value5') ALLOW FILTERING");
    await q('SELECT JSON id, t1 FROM ks_tuples.t WHERE id = 1');
    await q('SELECT JSON id, t1 FROM ks_tuples.t WHERE id = 5');
    await q('SELECT id, toJson(t2) FROM ks_tuples.t WHERE id = 6');
    await q('CREATE TABLE ks_tuples.k (id int, c frozen<tuple<int,text>>, PRIMARY KEY (id, c))');
    await q('INSERT INTO ks_tuples.k (id, c) VALUES (1, (1))');
    await q("INSERT INTO ks_tuples.k (id, c) VALUES (1, (1, null))");
    await q("INSERT INTO ks_tuples.k (id, c) VALUES (1, (1, 'a'))");
    await q('INSERT INTO ks_tuples.k (id, c) VALUES (1, (0))');
    await q('SELECT c FROM ks_tuples.k WHERE id = 1');
  },

  async reversed(client, q) {
    await q("CREATE KEYSPACE ks_rev WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await q("CREATE TABLE ks_rev.tbl9 (id uuid, c1 'DynamicCompositeType(s => UTF8Type, i => Int32Type)', c2 'ReversedType(CompositeType(UTF8Type, Int32Type))', c3 'Int32Type', PRIMARY KEY (id, c1, c2))");
    await q("SELECT column_name, clustering_order, kind, position, type FROM system_schema.columns WHERE keyspace_name = 'ks_rev' AND table_name = 'tbl9'");
    const t = await client.metadata.getTable('ks_rev', 'tbl9');
    console.log(JSON.stringify({ table: 'tbl9', clusteringOrder: t.clusteringOrder,
      clusteringKeys: t.clusteringKeys.map(c => [c.name, c.type.code, c.type.info]) }));
    await q("CREATE TABLE ks_rev.r (k int, c 'ReversedType(Int32Type)', v int, PRIMARY KEY (k, c))");
    await q("SELECT column_name, clustering_order, type FROM system_schema.columns WHERE keyspace_name = 'ks_rev' AND table_name = 'r'");
    for (const c of [1, 3, 2]) await q(`INSERT INTO ks_rev.r (k, c, v) VALUES (0, ${c}, ${c})`);
    await q('SELECT c FROM ks_rev.r WHERE k = 0');
    await q('SELECT c FROM ks_rev.r WHERE k = 0 AND c > 1');
  },

  async clients(client, q) {
    const host = client.hosts.values().find(h => h.address.startsWith('127.0.0.1:'));
    const read = async () => (await client.execute('SELECT * FROM system_views.clients', [], { host })).rows;
    const rs = await client.execute('SELECT * FROM system_views.clients', [], { host });
    console.log(JSON.stringify({ columns: rs.columns.map(c => c.name + ' ' + c.type.code) }));
    const clientId = client.options.id.toString();
    for (const r of rs.rows) {
      const row = Object.fromEntries(r.keys().map(k => [k, show(r[k])]));
      row.port = typeof r.port;
      if (row.client_options && row.client_options.CLIENT_ID === clientId) row.client_options.CLIENT_ID = 'this client';
      delete row.request_count;
      console.log(JSON.stringify(row));
    }
    const before = await read();
    const after = await read();
    const count = rows => rows.map(r => r.request_count.toNumber()).reduce((a, b) => a + b, 0);
    console.log(JSON.stringify({ rows: before.length, requestCountGrowsByOnePerRequest: count(after) - count(before) }));
  },

  async streams(client) {
    // All to the first node, on its one connection, none timed out by the driver (readTimeout 0), as the suite's
    // "should queue pending if there is not an available stream id" sends them.
    const host = client.hosts.values().find(h => h.address.startsWith('127.0.0.1:'));
    const n = 32768 + 10;
    const codes = {};
    let ok = 0;
    await Promise.all(Array.from({ length: n }, () => client.execute('SELECT key FROM system.local', [], { host })
      .then(() => ok++, e => { const k = e.code === undefined ? e.name : e.code; codes[k] = (codes[k] || 0) + 1; })));
    console.log(JSON.stringify({ sent: n, answered: ok, errorsByCode: codes }));
  },
};

run(async (client, [part]) => {
  const q = async (cql, params, opts) => {
    try {
      const rs = await client.execute(cql, params, opts);
      console.log(JSON.stringify({ cql, rows: (rs.rows || []).map(r => rowJson(r, show)) }));
    } catch (e) {
      console.log(JSON.stringify({ cql, error: e.code, message: e.message }));
    }
  };
  await parts[part](client, q);
}, ([part]) => ({
  socketOptions: { readTimeout: part === 'streams' ? 0 : 30000 },
  // One connection per node; past its 32,768 stream ids the driver queues a request (the streams part).
  pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1, [cassandra.types.distance.remote]: 1 },
    maxRequestsPerConnection: 40000 },
}));
