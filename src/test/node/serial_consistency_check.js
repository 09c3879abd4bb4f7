// Conditional statements (LWT) sent with a serial consistency that is not SERIAL or LOCAL_SERIAL, through the
// Node.js driver: prints one JSON line per statement (its outcome: rows, or the error's code and message), to be
// compared with what Cassandra 4.1 answers (src/test/resources/node/serial-consistency.expected.jsonl).
// Usage: node serial_consistency_check.js PORT LOCAL_DC
const { cassandra, run, rowJson } = require('./served');
const { consistencies } = cassandra.types;

run(async client => {
  await client.execute("CREATE KEYSPACE IF NOT EXISTS serialck WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE IF NOT EXISTS serialck.t (k int PRIMARY KEY, v text)');
  const cases = [
    ['plain insert, serial ONE', 'INSERT INTO serialck.t (k, v) VALUES (1, \'a\')', { serialConsistency: consistencies.one }],
    ['insert if not exists, serial ONE', 'INSERT INTO serialck.t (k, v) VALUES (2, \'b\') IF NOT EXISTS', { serialConsistency: consistencies.one }],
    ['prepared insert if not exists, serial LOCAL_ONE', 'INSERT INTO serialck.t (k, v) VALUES (?, ?) IF NOT EXISTS', { prepare: true, serialConsistency: consistencies.localOne, params: [3, 'c'] }],
    ['update if, serial QUORUM', 'UPDATE serialck.t SET v = \'z\' WHERE k = 1 IF v = \'a\'', { serialConsistency: consistencies.quorum }],
    ['delete if exists, serial ALL', 'DELETE FROM serialck.t WHERE k = 1 IF EXISTS', { serialConsistency: consistencies.all }],
    ['insert if not exists, serial LOCAL_SERIAL', 'INSERT INTO serialck.t (k, v) VALUES (2, \'b\') IF NOT EXISTS', { serialConsistency: consistencies.localSerial }],
    ['insert if not exists again, default serial', 'INSERT INTO serialck.t (k, v) VALUES (2, \'c\') IF NOT EXISTS', {}],
    ['select, serial ONE', 'SELECT k, v FROM serialck.t WHERE k IN (1, 2, 3)', { serialConsistency: consistencies.one }],
  ];
  for (const [name, query, o] of cases) {
    const { params, ...options } = o;
    try {
      const rs = await client.execute(query, params || [], options);
      console.log(JSON.stringify({ name, rows: (rs.rows || []).map(r => rowJson(r)) }));
    } catch (e) {
      console.log(JSON.stringify({ name, error: e.code, message: e.message }));
    }
  }
  const batch = [{ query: 'INSERT INTO serialck.t (k, v) VALUES (4, \'d\') IF NOT EXISTS' }];
  try {
    const rs = await client.batch(batch, { serialConsistency: consistencies.one });
    console.log(JSON.stringify({ name: 'batch with condition, serial ONE', rows: rs.rows.map(r => r['[applied]']) }));
  } catch (e) {
    console.log(JSON.stringify({ name: 'batch with condition, serial ONE', error: e.code, message: e.message }));
  }
});
