package io.ringsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.report.RingFigures;
import io.ringsim.report.RingPage;
import io.ringsim.ring.KeyEncoding;
import io.ringsim.ring.NetworkTopologyStrategy;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.Ownership;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.ring.SkewStats;
import io.ringsim.ring.StreamingPlan;
import io.ringsim.ring.Token;
import io.ringsim.ring.TokensFile;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.Limits;
import io.ringsim.sim.RingExplorers;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ringsim ring}: build or load a ring and show ownership like nodetool status. */
@Command(
    name = "ring",
    header = "Build a token ring (or load one) and show each node's token count, ownership and the skew.",
    mixinStandardHelpOptions = true,
    description = {
      "Builds a token ring (or loads one with --tokens) and prints each node's effective ownership at the",
      "keyspace's replication, like nodetool status, with the skew: max/mean, min/mean and CV."
    },
    footer = {
      "",
      "Examples:",
      "  ringsim ring --nodes 12 --vnodes 16 --rf 3 --allocator balanced --seed 7",
      "  ringsim ring --dc dc1:6:3:3 --dc dc2:6:3:3 --vnodes 16     (NetworkTopologyStrategy, rack-aware)",
      "  ringsim ring --nodes 6 --key text:northamerica             (a key's token and replicas)",
      "  ringsim ring --nodes 6 --add 1                              (what bootstrapping a node streams)",
      "  ringsim ring --scenario simulations/quickstart.sim --key text:alice   (exactly the ring that run builds)",
      "",
      "Every command builds the same ring from the same shape and seed: nodes n1..nN numbered across data centres,",
      "racks rack1..rackR in turn, tokens placed for a local replication factor of 3 (Cassandra 4.1's default",
      "allocate_tokens_for_local_replication_factor), whatever the keyspace's replication."
    })
public final class RingCommand implements Callable<Integer> {

  @Option(names = "--scenario", paramLabel = "FILE.sim",
      description = "Build exactly that scenario's ring (data centres, racks, vnodes, allocator, partitioner, seed) and"
          + " show ownership at its keyspace's replication.")
  Path scenario;

  @Option(names = "--keyspace", paramLabel = "KS",
      description = "With --scenario: the keyspace whose replication to show (needed when the scenario has several).")
  String keyspace;

  @Option(names = "--nodes", description = "Nodes in one data centre, 1 to 1000 (ignored with --dc or --tokens; default"
      + " 6, as serve's: with RF 3 each node holds half the data, so placement shows; cql and cqlsh default to 1, a"
      + " scenario without 'nodes' has 3; --scenario FILE.sim shows exactly a scenario's ring).")
  Integer nodes;

  @Option(names = "--vnodes", defaultValue = "16", description = "Tokens per node, num_tokens: 1 to 256, at most 16384 in all (default ${DEFAULT-VALUE}).")
  int vnodes;

  @Option(names = "--rf", defaultValue = "3", description = "Replication factor (SimpleStrategy, or per DC without --dc; default ${DEFAULT-VALUE}).")
  int rf;

  @Option(names = "--racks", defaultValue = "1", description = "Racks in the single DC; more than 1 uses rack-aware NetworkTopologyStrategy.")
  int racks;

  @Option(
      names = "--dc",
      paramLabel = "NAME:NODES:RACKS:RF",
      description = "A data centre (repeatable): NetworkTopologyStrategy with that RF, nodes spread over racks.")
  List<String> dcs = new ArrayList<>();

  @Option(names = "--allocator", defaultValue = "balanced", description = "random or balanced (default ${DEFAULT-VALUE}).")
  String allocator;

  @Option(names = "--partitioner", defaultValue = "murmur3", description = "murmur3, random or byteordered.")
  String partitioner;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of every random choice (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--tokens", paramLabel = "FILE", description = "Load the ring: lines of 'name dc rack token1,token2,...'.")
  Path tokensFile;

  @Option(names = "--format", defaultValue = "table", description = "table or json.")
  String format;

  @Option(names = "--key", paramLabel = "TYPE:VALUE[,TYPE:VALUE]", description = "Show a partition key's token and replicas.")
  String key;

  @Option(names = "--add", paramLabel = "N", description = "Bootstrap N more nodes and show the streaming plan.")
  Integer add;

  @Option(names = "--remove", paramLabel = "NODE", description = "Decommission a node and show the streaming plan.")
  String remove;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Option(names = "--html", paramLabel = "FILE", description = "Also write a self-contained page with the ring and the ownership chart.")
  Path html;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** The ring's shape and the replication ownership is shown at. */
  private record Layout(List<ClusterBuilder.Dc> dcs, int vnodes, String allocator, long seed, Partitioner partitioner,
      ReplicationStrategy strategy) {
    int nodes() {
      return dcs.stream().mapToInt(ClusterBuilder.Dc::nodes).sum();
    }
  }

  /** Options that shape the ring, which a scenario already fixes. */
  private static final List<String> SHAPE = List.of("--nodes", "--vnodes", "--rf", "--racks", "--dc", "--allocator",
      "--partitioner", "--seed", "--tokens");

  @Override
  public Integer call() throws Exception {
    if (!format.equals("table") && !format.equals("json"))
      throw BadInputException.said("err.format.table-json", format);
    if (keyspace != null && scenario == null) throw BadInputException.said("err.keyspace-needs-scenario");
    langOption.resolve(); // a bad --lang is refused even when no page is written
    if (scenario != null) {
      for (String o : SHAPE)
        if (spec.commandLine().getParseResult().hasMatchedOption(o))
          throw BadInputException.said("err.with-scenario", o);
    }
    if (scenario == null) {
      CliLimits.check("--vnodes", () -> Limits.vnodes(vnodes));
      CliLimits.check("--racks", () -> Limits.racks(racks));
      if (rf < 1) throw new BadInputException("--rf must be at least 1, got " + rf);
    }
    if (add != null) CliLimits.check("--add", () -> Limits.range("nodes to add", add, 1, Limits.MAX_NODES));
    ScenarioRing fromScenario = scenario == null ? null : ScenarioRing.read(scenario);
    Layout layout = fromScenario != null ? layout(fromScenario) : layout();
    Partitioner p = layout.partitioner();
    if (tokensFile == null) {
      // The ring the allocator would build, and the one after --add: both within the same limits as a scenario's.
      int total = layout.nodes() + (add == null ? 0 : add);
      CliLimits.check(scenario != null ? "--add" : dcs.isEmpty() ? "--nodes" : "--dc",
          () -> Limits.ring(total, layout.vnodes()));
    }
    List<Node> ringNodes =
        fromScenario != null ? fromScenario.ring().nodes()
            : tokensFile != null ? TokensFile.read(tokensFile, p)
            : ClusterBuilder.ring(layout.dcs(), layout.vnodes(), layout.allocator(), layout.seed(), p,
                ClusterBuilder.defaultAllocationReplication()).nodes();
    Ring ring = new Ring(p, ringNodes);
    checkEnoughNodes(ring, layout.strategy());
    ReplicaMap map = new ReplicaMap(ring, layout.strategy());
    double[] own = Ownership.effective(map);
    SkewStats stats = SkewStats.of(own);

    if (key != null) keyToken(ring, new ArrayList<>()); // a bad key is reported before anything is printed
    StreamingPlan plan = null;
    Ring changed = null;
    if (add != null) {
      List<NodeSpec> more = new ArrayList<>();
      for (int i = 0; i < add; i++) {
        // A scenario's bootstrap joins its first data centre's rack1; here the new nodes take the racks in turn.
        Node like = ring.node(i % ring.nodes().size());
        more.add(new NodeSpec("n" + (ring.nodes().size() + i + 1), like.dc(), like.rack(), layout.vnodes()));
      }
      List<Node> all = new ArrayList<>(ring.nodes());
      all.addAll(ClusterBuilder.joiningAllocator(layout.allocator(), layout.seed()).allocate(p, ring.nodes(), more));
      changed = new Ring(p, all);
      plan = StreamingPlan.between(ring, changed, layout.strategy());
    } else if (remove != null) {
      if (ring.indexOf(remove) < 0) throw BadInputException.said("err.no-node-in-ring", remove);
      changed = ring.without(remove);
      checkEnoughNodes(changed, layout.strategy());
      plan = StreamingPlan.between(ring, changed, layout.strategy());
    }

    PrintWriter out = spec.commandLine().getOut();
    io.ringsim.report.Labels t = langOption.resolve().labels();
    if (html != null) writeHtml(ring, own, stats, layout.strategy(), map);
    if (format.equals("json")) {
      out.println(json(ring, own, stats, map, changed, plan, layout.strategy()));
    } else {
      if (fromScenario != null) {
        var run = fromScenario.spec();
        out.printf("%s%n%n", t.f("ringterm.scenario", scenario, run.seed(), run.allocator(), run.vnodes(),
            fromScenario.keyspace(keyspace).name()));
      }
      printTable(out, ring, own, stats, layout.strategy(), t);
      if (key != null) printKey(out, ring, map, t);
      if (plan != null) printPlan(out, plan, changed, layout.strategy(), t);
    }
    out.flush();
    return ExitCodes.OK;
  }

  private Layout layout(ScenarioRing sr) {
    var run = sr.spec();
    return new Layout(run.dcs(), run.vnodes(), run.allocator(), run.seed(), sr.ring().partitioner(),
        ScenarioRing.strategy(sr.keyspace(keyspace)));
  }

  private Layout layout() {
    Partitioner p = Partitioners.byName(partitioner);
    io.ringsim.ring.TokenAllocator.byName(allocator, seed, new SimpleStrategy(1)); // an unknown name, before any work
    List<ClusterBuilder.Dc> shape = new ArrayList<>();
    if (!dcs.isEmpty()) {
      Map<String, Integer> rfs = new LinkedHashMap<>();
      for (String d : dcs) {
        String[] f = d.split(":");
        if (f.length != 4)
          throw new BadInputException("--dc '" + d + "' must be NAME:NODES:RACKS:RF, e.g. dc1:6:3:3");
        int n = positive(f[1], "nodes", d);
        CliLimits.check("--dc '" + d + "'", () -> Limits.nodes(n));
        int r = positive(f[2], "racks", d);
        int dcRf = positive(f[3], "RF", d);
        if (f[0].isBlank()) throw new BadInputException("--dc '" + d + "' needs a data centre name");
        if (rfs.put(f[0], dcRf) != null) throw new BadInputException("data centre '" + f[0] + "' is given twice");
        shape.add(new ClusterBuilder.Dc(f[0], n, r));
      }
      return new Layout(shape, vnodes, allocator, seed, p, new NetworkTopologyStrategy(rfs));
    }
    int n = nodes == null ? 6 : nodes;
    CliLimits.check("--nodes", () -> Limits.nodes(n));
    // Cassandra's name for the one data centre of a default cluster, as in scenarios, cql and cqlsh.
    String dc = "datacenter1";
    shape.add(new ClusterBuilder.Dc(dc, n, racks));
    ReplicationStrategy s = racks > 1 ? new NetworkTopologyStrategy(Map.of(dc, rf)) : new SimpleStrategy(rf);
    return new Layout(shape, vnodes, allocator, seed, p, s);
  }

  private static int positive(String v, String what, String whole) {
    try {
      int x = Integer.parseInt(v.trim());
      if (x < 1) throw new NumberFormatException();
      return x;
    } catch (NumberFormatException e) {
      throw new BadInputException("--dc '" + whole + "': " + what + " must be a positive whole number, got '" + v + "'");
    }
  }

  private static void checkEnoughNodes(Ring ring, ReplicationStrategy s) {
    if (s instanceof SimpleStrategy ss && ring.nodes().size() < ss.replicationFactor())
      throw new BadInputException(
          "replication factor " + ss.replicationFactor() + " needs at least that many nodes, the ring has "
              + ring.nodes().size());
    if (s instanceof NetworkTopologyStrategy nts) {
      for (var e : nts.replicationFactors().entrySet()) {
        int have = ring.nodeCountInDc(e.getKey());
        if (have < e.getValue())
          throw new BadInputException(
              "data centre " + e.getKey() + " has " + have + " node(s), fewer than its replication factor "
                  + e.getValue());
      }
    }
  }

  /**
   * The table is nodetool status's, in every language (what a student sees on a real cluster); the line under it is
   * ringsim's, in the reader's.
   */
  private static void printTable(PrintWriter out, Ring ring, double[] own, SkewStats stats, ReplicationStrategy s,
      io.ringsim.report.Labels t) {
    for (String dc : ring.dataCenters()) {
      out.println("Datacenter: " + dc);
      out.println("=".repeat(12 + dc.length()));
      out.println("Status=Up/Down");
      out.println("|/ State=Normal/Leaving/Joining/Moving");
      out.printf("--  %-12s %-8s %-8s %-8s%n", "Address", "Tokens", "Owns (effective)", "Rack");
      for (int i = 0; i < ring.nodes().size(); i++) {
        Node n = ring.node(i);
        if (!n.dc().equals(dc)) continue;
        out.printf("UN  %-12s %-8d %7.2f%%          %s%n", n.name(), n.tokens().size(), own[i] * 100, n.rack());
      }
      out.println();
    }
    out.printf("%s%n", t.f("ringterm.summary", ring.nodes().size(), ring.size(), describe(s), f4(stats.maxOverMean()),
        f4(stats.minOverMean()), f4(stats.cv())));
  }

  private void writeHtml(Ring ring, double[] own, SkewStats stats, ReplicationStrategy s, ReplicaMap map) {
    List<RingFigures.NodeFigure> nf = new ArrayList<>();
    for (int i = 0; i < ring.nodes().size(); i++) {
      Node n = ring.node(i);
      nf.add(new RingFigures.NodeFigure(n.name(), n.dc(), n.rack(), own[i]));
    }
    List<RingFigures.Arc> arcs = new ArrayList<>();
    Token min = ring.partitioner().minimum();
    for (int i = 0; i < ring.size(); i++) {
      Token right = ring.token(i);
      Token left = ring.token((i - 1 + ring.size()) % ring.size());
      double end = right.equals(min) ? 0 : ring.partitioner().size(min, right) % 1.0;
      double start = left.equals(min) ? 0 : ring.partitioner().size(min, left) % 1.0;
      arcs.add(new RingFigures.Arc(start, end, ring.ownerOf(i)));
    }
    io.ringsim.report.Labels t = langOption.resolve().labels();
    String summary = t.f("ringpage.summary", ring.nodes().size(), ring.size(), describe(s), ring.partitioner().name(),
        String.format(java.util.Locale.ROOT, "%.4f", stats.maxOverMean()),
        String.format(java.util.Locale.ROOT, "%.4f", stats.minOverMean()),
        String.format(java.util.Locale.ROOT, "%.4f", stats.cv()));
    String page = RingPage.render(new RingFigures("ringsim ring", nf, arcs, summary),
        RingExplorers.of(map, describe(s)), t);
    try {
      java.nio.file.Files.writeString(html, page);
    } catch (java.io.IOException e) {
      throw BadInputException.said("err.cannot-write", html, e.getMessage());
    }
  }

  private static String describe(ReplicationStrategy s) {
    if (s instanceof SimpleStrategy ss) return "SimpleStrategy RF " + ss.replicationFactor();
    return "NetworkTopologyStrategy " + s.replicationFactors();
  }

  private Token keyToken(Ring ring, List<String> shown) {
    List<CqlType> types = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    for (String part : splitKey(key)) {
      int colon = part.indexOf(':');
      if (colon <= 0) throw BadInputException.said("err.key.format", key);
      CqlType t = CqlTypes.byName(part.substring(0, colon));
      Object v = t.parseLiteral(part.substring(colon + 1));
      types.add(t);
      values.add(v);
      shown.add(t.format(v));
    }
    return ring.partitioner().token(KeyEncoding.encode(types, values));
  }

  private static List<String> splitKey(String k) {
    List<String> parts = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (char ch : k.toCharArray()) {
      if (ch == '\'') quoted = !quoted;
      if (ch == ',' && !quoted) {
        parts.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(ch);
      }
    }
    parts.add(cur.toString());
    return parts;
  }

  private void printKey(PrintWriter out, Ring ring, ReplicaMap map, io.ringsim.report.Labels labels) {
    List<String> shown = new ArrayList<>();
    Token t = keyToken(ring, shown);
    List<String> replicas = map.replicasFor(t).stream().map(Node::name).toList();
    out.println();
    out.printf("%s%n", labels.f("ringterm.key", shown.size() == 1 ? shown.get(0) : "(" + String.join(", ", shown) + ")",
        t, String.join(", ", replicas)));
  }

  private static void printPlan(PrintWriter out, StreamingPlan plan, Ring after, ReplicationStrategy s,
      io.ringsim.report.Labels labels) {
    out.println();
    out.printf("%s%n", labels.f("ringterm.plan", plan.transfers().size(),
        String.format("%.2f", plan.fractionMoved() * 100)));
    Map<String, Double> byPair = new LinkedHashMap<>();
    for (StreamingPlan.Transfer t : plan.transfers()) byPair.merge(t.from() + " -> " + t.to(), t.size(), Double::sum);
    for (var e : byPair.entrySet())
      out.printf("  %-28s %s%n", e.getKey(),
          labels.f("ringterm.plan.share", String.format("%7.3f", e.getValue() * 100)));
    SkewStats after2 = SkewStats.of(Ownership.effective(after, s));
    out.printf("%s%n", labels.f("ringterm.after", f4(after2.maxOverMean()), f4(after2.minOverMean()), f4(after2.cv())));
  }

  /** A figure as the terminal always wrote it (the default locale's %.4f). */
  private static String f4(double v) {
    return String.format("%.4f", v);
  }

  private String json(Ring ring, double[] own, SkewStats stats, ReplicaMap map, Ring changed, StreamingPlan plan, ReplicationStrategy s)
      throws Exception {
    ObjectMapper m = new ObjectMapper();
    ObjectNode root = m.createObjectNode();
    root.put("partitioner", ring.partitioner().name());
    root.put("strategy", describe(s));
    ArrayNode nodesJson = root.putArray("nodes");
    for (int i = 0; i < ring.nodes().size(); i++) {
      Node n = ring.node(i);
      ObjectNode o = nodesJson.addObject();
      o.put("name", n.name());
      o.put("dc", n.dc());
      o.put("rack", n.rack());
      o.put("tokens", n.tokens().size());
      o.put("effective_ownership", own[i]);
    }
    ObjectNode sum = root.putObject("summary");
    sum.put("nodes", ring.nodes().size());
    sum.put("tokens", ring.size());
    sum.put("max_over_mean", stats.maxOverMean());
    sum.put("min_over_mean", stats.minOverMean());
    sum.put("cv", stats.cv());
    if (key != null) {
      List<String> shown = new ArrayList<>();
      Token t = keyToken(ring, shown);
      ObjectNode k = root.putObject("key");
      k.put("token", t.toString());
      ArrayNode r = k.putArray("replicas");
      map.replicasFor(t).forEach(n -> r.add(n.name()));
    }
    if (plan != null) {
      ObjectNode pj = root.putObject("streaming");
      pj.put("fraction_moved", plan.fractionMoved());
      ArrayNode ts = pj.putArray("transfers");
      for (StreamingPlan.Transfer t : plan.transfers()) {
        ObjectNode o = ts.addObject();
        o.put("left", t.left().toString());
        o.put("right", t.right().toString());
        o.put("from", t.from());
        o.put("to", t.to());
        o.put("size", t.size());
      }
    }
    return m.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }
}
