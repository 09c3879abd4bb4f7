package io.ringsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ringsim.report.Labels;
import io.ringsim.report.TextTable;
import io.ringsim.ring.KeyEncoding;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.Token;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ringsim token}: the token Cassandra computes for a partition key. */
@Command(
    name = "token",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the token of a partition key, computed exactly as Cassandra does.",
      "Several values make a composite partition key, e.g. --types text,text app1 prod."
    },
    footer = {"", "Examples:", "  ringsim token --types text,int app1 5",
        "  ringsim token --scenario simulations/quickstart.sim --table shop.orders 19904",
        "      (the partition key's types from the table, and its replicas in exactly the ring that run builds)"})
public final class TokenCommand implements Callable<Integer> {

  @Option(
      names = "--types",
      split = ",",
      description = "CQL type of each key column, comma-separated (default: text, or the --table's partition key).")
  List<String> types;

  @Option(names = "--scenario", paramLabel = "FILE.sim",
      description = "Also print the key's replicas in that scenario's ring (its partitioner, nodes, tokens, seed).")
  Path scenario;

  @Option(names = "--keyspace", paramLabel = "KS",
      description = "With --scenario: whose replication places the key (needed when the scenario has several).")
  String keyspace;

  @Option(names = "--table", paramLabel = "KS.TABLE",
      description = "With --scenario: take the key's types from that table's partition key (and its keyspace).")
  String table;

  @Option(
      names = "--partitioner",
      defaultValue = "murmur3",
      description = "murmur3, random or byteordered (default: ${DEFAULT-VALUE}).")
  String partitioner;

  @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Parameters(arity = "1..*", paramLabel = "VALUE", description = "The key's values, one per type (CQL literals).")
  List<String> values;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Override
  public Integer call() throws Exception {
    if (!format.equals("table") && !format.equals("json"))
      throw BadInputException.said("err.format.table-json", format);
    if (scenario == null && (keyspace != null || table != null))
      throw new BadInputException((table != null ? "--table" : "--keyspace") + " needs --scenario");
    ScenarioRing sr = scenario == null ? null : ScenarioRing.read(scenario);
    if (sr != null && spec.commandLine().getParseResult().hasMatchedOption("--partitioner"))
      throw new BadInputException("--partitioner cannot be combined with --scenario: the scenario gives it");
    TableMetadata tm = null;
    if (table != null) {
      if (types != null) throw new BadInputException("--types cannot be combined with --table: the table gives them");
      tm = sr.catalog().table(table).orElseThrow(() -> new BadInputException(scenario + " has no table '" + table
          + "' (write it as KEYSPACE.TABLE)"));
      if (keyspace != null && !keyspace.equals(tm.keyspace()))
        throw new BadInputException("--table " + table + " is not in --keyspace " + keyspace);
    }
    KeyspaceMetadata ks = sr == null ? null : sr.keyspace(tm != null ? tm.keyspace() : keyspace);
    Partitioner p = sr != null ? sr.ring().partitioner() : Partitioners.byName(partitioner);
    List<CqlType> cqlTypes = new ArrayList<>();
    if (tm != null) tm.partitionKey().forEach(c -> cqlTypes.add(c.type()));
    else for (String ty : types == null ? List.of("text") : types) cqlTypes.add(CqlTypes.byName(ty));
    if (cqlTypes.size() != values.size())
      throw new BadInputException(
          cqlTypes.size() + " type(s) " + (tm != null ? "in the partition key of " + tm.qualifiedName() : "given") + " ("
              + String.join(",", cqlTypes.stream().map(CqlType::name).toList()) + ") but " + values.size() + " value(s)");
    List<Object> parsed = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) parsed.add(cqlTypes.get(i).parseLiteral(values.get(i)));
    byte[] key = KeyEncoding.encode(cqlTypes, parsed);
    Token token = p.token(key);
    String keyHex = HexFormat.of().formatHex(key);
    List<String> replicas = ks == null ? null : ScenarioRing.replicas(sr.ring(), ks, token);

    var out = spec.commandLine().getOut();
    if (format.equals("json")) {
      ObjectMapper m = new ObjectMapper();
      ObjectNode n = m.createObjectNode();
      n.put("partitioner", p.name());
      var ts = n.putArray("types");
      cqlTypes.forEach(ty -> ts.add(ty.name()));
      var vs = n.putArray("values");
      for (int i = 0; i < parsed.size(); i++) vs.addPOJO(cqlTypes.get(i).toJson(parsed.get(i)));
      n.put("key_hex", keyHex);
      if (token instanceof LongToken lt) n.put("token", lt.value());
      else n.put("token", token.toString());
      if (replicas != null) {
        n.put("keyspace", ks.name());
        var rs = n.putArray("replicas");
        replicas.forEach(rs::add);
      }
      out.println(m.writeValueAsString(n));
    } else {
      List<String> shown = new ArrayList<>();
      for (int i = 0; i < parsed.size(); i++) shown.add(cqlTypes.get(i).format(parsed.get(i)));
      Labels t = langOption.resolve().labels();
      int width = 0;
      for (String h : List.of(t.get("token.partitioner"), t.get("token.key"), t.get("token.serialized"),
          t.get("token.token"), t.get("token.replicas"))) width = Math.max(width, TextTable.columns(h));
      int w = width + 2;
      out.println(pad(t.get("token.partitioner"), w) + p.name());
      out.println(pad(t.get("token.key"), w) + (shown.size() == 1 ? shown.get(0) : "(" + String.join(", ", shown) + ")"));
      out.println(pad(t.get("token.serialized"), w) + "0x" + keyHex);
      out.println(pad(t.get("token.token"), w) + token);
      if (replicas != null)
        out.println(pad(t.get("token.replicas"), w)
            + t.f("token.replicas.where", String.join(", ", replicas), ks.name(), scenario));
    }
    out.flush();
    return ExitCodes.OK;
  }

  /** {@code label} and spaces up to {@code columns} terminal columns (a Chinese character takes two). */
  private static String pad(String label, int columns) {
    return label + " ".repeat(Math.max(1, columns - TextTable.columns(label)));
  }
}
