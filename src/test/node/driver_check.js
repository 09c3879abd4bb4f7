// The DataStax Node.js driver against a served ringsim cluster: connect, prepared insert and select.
// Usage: node driver_check.js PORT. Prints what it checked and a closing 'N passed, N failed' line.
const { cassandra, run } = require('./served');

run(async client => {
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
  console.log(passed + ' passed, ' + failed + ' failed');
  return failed ? 1 : 0;
});
