// What every check script here does around its own part: read PORT (and LOCAL_DC) from the command line, connect
// the DataStax Node.js driver to the served cluster, run the part, shut the client down, and exit with the part's
// code (0 when it returns nothing); an error thrown anywhere prints 'ERROR ...' and exits 2.
const cassandra = require('cassandra-driver');

function run(body, extraOptions = () => ({})) {
  const [port, dc, ...rest] = [parseInt(process.argv[2], 10), process.argv[3] || 'datacenter1', ...process.argv.slice(4)];
  const main = async () => {
    const extra = extraOptions(rest);
    const client = new cassandra.Client({
      contactPoints: ['127.0.0.1'], protocolOptions: { port }, localDataCenter: dc,
      ...extra,
      socketOptions: { readTimeout: 30000, connectTimeout: 30000, ...(extra.socketOptions || {}) },
    });
    await client.connect();
    let code;
    try {
      code = await body(client, rest);
    } finally {
      await client.shutdown();
    }
    process.exit(code || 0);
  };
  main().catch(e => { console.log('ERROR ' + (e.stack || e)); process.exit(2); });
}

// A row as JSON: every column by name, each value through show (identity by default).
function rowJson(r, show = v => v) {
  return Object.fromEntries(r.keys().map(k => [k, show(r[k])]));
}

module.exports = { cassandra, run, rowJson };
