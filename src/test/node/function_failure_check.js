// A Java user-defined function that throws, through the Node.js driver: prints the FUNCTION_FAILURE error's code,
// keyspace, function name, argument types and message as one JSON line, to be compared with what Cassandra 4.1
// answers (src/test/resources/node/function-failure.expected.jsonl).
// Usage: node function_failure_check.js PORT LOCAL_DC
const { run, rowJson } = require('./served');

run(async client => {
  await client.execute("CREATE KEYSPACE IF NOT EXISTS ks_func WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE IF NOT EXISTS ks_func.tbl1 (id int PRIMARY KEY, v1 int, v2 int)');
  await client.execute('INSERT INTO ks_func.tbl1 (id, v1, v2) VALUES (1, 1, 0)');
  await client.execute('CREATE OR REPLACE FUNCTION ks_func.div(a int, b int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS \'return a / b;\'');
  for (const q of ['SELECT ks_func.div(v1, v2) FROM ks_func.tbl1 WHERE id = 1', 'SELECT id, ks_func.div(v2, v1) FROM ks_func.tbl1 WHERE id = 1']) {
    try {
      const rs = await client.execute(q);
      console.log(JSON.stringify({ query: q, rows: rs.rows.map(r => rowJson(r)) }));
    } catch (e) {
      console.log(JSON.stringify({ query: q, error: e.code, keyspace: e.keyspace, functionName: e.functionName, argTypes: e.argTypes, message: e.message }));
    }
  }
});
