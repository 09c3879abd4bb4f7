package io.ringsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ringsim.ring.KeyEncoding;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.Token;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
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
    footer = {"", "Example:", "  ringsim token --types text,int app1 5"})
public final class TokenCommand implements Callable<Integer> {

  @Option(
      names = "--types",
      split = ",",
      defaultValue = "text",
      description = "CQL type of each key column, comma-separated (default: ${DEFAULT-VALUE}).")
  List<String> types;

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

  @Override
  public Integer call() throws Exception {
    if (!format.equals("table") && !format.equals("json"))
      throw new BadInputException("unknown format '" + format + "' (expected table or json)");
    Partitioner p = Partitioners.byName(partitioner);
    List<CqlType> cqlTypes = new ArrayList<>();
    for (String t : types) cqlTypes.add(CqlTypes.byName(t));
    if (cqlTypes.size() != values.size())
      throw new BadInputException(
          types.size() + " type(s) given (" + String.join(",", types) + ") but " + values.size() + " value(s)");
    List<Object> parsed = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) parsed.add(cqlTypes.get(i).parseLiteral(values.get(i)));
    byte[] key = KeyEncoding.encode(cqlTypes, parsed);
    Token token = p.token(key);
    String keyHex = HexFormat.of().formatHex(key);

    var out = spec.commandLine().getOut();
    if (format.equals("json")) {
      ObjectMapper m = new ObjectMapper();
      ObjectNode n = m.createObjectNode();
      n.put("partitioner", p.name());
      var ts = n.putArray("types");
      cqlTypes.forEach(t -> ts.add(t.name()));
      var vs = n.putArray("values");
      for (int i = 0; i < parsed.size(); i++) vs.addPOJO(cqlTypes.get(i).toJson(parsed.get(i)));
      n.put("key_hex", keyHex);
      if (token instanceof LongToken lt) n.put("token", lt.value());
      else n.put("token", token.toString());
      out.println(m.writeValueAsString(n));
    } else {
      List<String> shown = new ArrayList<>();
      for (int i = 0; i < parsed.size(); i++) shown.add(cqlTypes.get(i).format(parsed.get(i)));
      out.printf("partitioner  %s%n", p.name());
      out.printf("key          %s%n", shown.size() == 1 ? shown.get(0) : "(" + String.join(", ", shown) + ")");
      out.printf("serialized   0x%s%n", keyHex);
      out.printf("token        %s%n", token);
    }
    out.flush();
    return ExitCodes.OK;
  }
}
