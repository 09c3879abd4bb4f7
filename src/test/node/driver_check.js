// The DataStax Node.js driver against a served ringsim cluster: connect, prepared insert and select.
// Usage: node driver_check.js PORT. Prints what it checked and a closing 'N passed, N failed' line.
const cassandra = require('cassandra-driver');

async function main() {
  const port = parseInt(process.argv[2], 10);
  const client = new cassandra.Client({
    contactPoints: ['127.0.0.1'], protocolOptions: { port }, localDataCenter: 'datacenter1',
    socketOptions: { readTimeout: 30000, connectTimeout: 30000 },
  });
  await client.connect();
  let passed = 0, failed = 0;
  const check = (what, ok, detail) => {
    if (ok) passed++; else { failed++; console.log('DIFF ' + what + ': ' + detail); }
  };
  const hosts = client.hosts.values().map(h => h.address.split(':')[0]).sort();
  console.log('hosts ' + hosts.join(' ') + ' protocol v' + client.controlConnection.protocolVersion);
  check('six hosts', hosts.length === 6, hosts.join(' '));
  await client.execute("CREATE KEYSPACE IF NOT EXISTS js WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  await client.execute('CREATE TABLE IF NOT EXISTS js.t (k int PRIMARY KEY, v text)');
  const opts = { prepare: true, consistency: cassandra.types.consistencies.quorum };
  for (let k = 0; k < 100; k++) await client.execute('INSERT INTO js.t (k, v) VALUES (?, ?)', [k, 'v' + k], opts);
  for (let k = 0; k < 100; k += 7) {
    const rs = await client.execute('SELECT v FROM js.t WHERE k = ?', [k], opts);
    check('select k=' + k, rs.rows.length === 1 && rs.rows[0].v === 'v' + k, JSON.stringify(rs.rows));
  }
  await client.shutdown();
  console.log(passed + ' passed, ' + failed + ' failed');
  process.exit(failed ? 1 : 0);
}

main().catch(e => { console.log('ERROR ' + (e.stack || e)); process.exit(2); });
