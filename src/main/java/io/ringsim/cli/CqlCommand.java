package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlScript;
import io.ringsim.cql.exec.DescribeStatement;
import io.ringsim.cql.exec.JsonLines;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.report.TextTable;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Partitioners;
import io.ringsim.server.SystemReads;
import io.ringsim.sim.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs a CQL script against a simulated cluster. */
@Command(
    name = "cql",
    mixinStandardHelpOptions = true,
    description = {"Run a CQL script (statements end with ';') against a simulated cluster.",
        "Failed statements are reported in the output; the exit code is 0 unless the file cannot be read.",
        "Comment lines '-- @advance 10s', '-- @flush', '-- @compact' and '-- @restart' between statements let time",
        "pass, flush or compact every node, or kill and restart every node (commit-log replay); '-- @yaml NAME: VALUE'",
        "lines at the top set a cassandra.yaml feature switch, as --yaml NAME=VALUE does.",
        "",
        "Example:",
        "  ringsim cql -f schema.cql --nodes 6 --vnodes 16 --consistency QUORUM --format jsonl",
        "  ringsim cql -f functions.cql --yaml user_defined_functions_enabled=true"})
public final class CqlCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = {"-f", "--file"}, required = true, description = "The CQL script to run.")
  Path file;

  @Option(names = "--format", defaultValue = "table", description = "table or jsonl (default: ${DEFAULT-VALUE}).")
  String format;

  @Mixin
  ClusterOptions cluster = new ClusterOptions();

  @Mixin HelpLangOption lang = new HelpLangOption();

  @Override
  public Integer call() {
    lang.check();
    if (!format.equals("table") && !format.equals("jsonl")) throw BadInputException.said("err.format.table-jsonl", format);
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw Unreadable.of("", file, e);
    }
    List<CqlScript.Item> items;
    try {
      items = CqlScript.steps(text);
    } catch (CqlScript.BadDirective e) {
      throw new BadInputException(file + ":" + e.line() + ":1: " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    cluster.scriptYaml = CqlScript.yaml(items);
    try (SimCluster sim = cluster.start()) {
      ClientSession session = cluster.session(sim);
      SystemReads system = new SystemReads(sim);
      // A script keeps its own "now", as the oracle sends Cassandra a now_in_seconds that only @advance moves: the
      // time statements take (the nodes' service times, a restart waiting for gossip) must not count down TTLs, or
      // ttl() would read 3599 where Cassandra, answering the script, reads 3600.
      long scriptNow = sim.clockNowMicros() / 1_000_000L;
      session.setNowInSeconds((int) scriptNow);
      ScriptDirectiveRunner directiveRunner = new ScriptDirectiveRunner(sim);
      int i = -1; // statements are numbered from 0; directives give no line of jsonl output
      for (CqlScript.Item item : items) {
        if (item.isDirective()) {
          String done = item.directive().kind() == io.ringsim.cql.ScriptDirective.Kind.YAML
              ? "set in cassandra.yaml when the cluster started" : directiveRunner.run(item.directive());
          scriptNow += item.directive().seconds(); // 0 but for @advance
          session.setNowInSeconds((int) scriptNow);
          if (format.equals("table")) out.println("-- " + item.directive() + ": " + done);
          out.flush();
          continue;
        }
        i++;
        try {
          ResultSet r = ShellStatements.execute(session, system, item.cql());
          if (format.equals("jsonl")) out.println(JsonLines.ok(i, item.cql(), r));
          else printTable(out, item, r, session);
        } catch (CqlException e) {
          if (format.equals("jsonl")) out.println(JsonLines.error(i, item.cql(), e));
          else out.println(file + ":" + item.line() + ": " + e.errorClass() + ": " + e.getMessage());
        } catch (RuntimeException e) {
          CqlException wrapped = CqlException.serverError(e);
          if (format.equals("jsonl")) out.println(JsonLines.error(i, item.cql(), wrapped));
          else out.println(file + ":" + item.line() + ": ServerError: " + e);
        }
        out.flush();
      }
    }
    return ExitCodes.OK;
  }

  static void printTable(PrintWriter out, CqlScript.Item item, ResultSet r, ClientSession session) {
    for (String w : r.warnings()) out.println("Warnings :\n" + w + "\n");
    java.util.Optional<String> cluster = ShellStatements.clusterText(r);
    if (cluster.isPresent()) {
      out.print(cluster.get());
    } else if (DescribeStatement.isDescribe(r)) {
      out.print(DescribeStatement.cqlshText(r, session.keyspace() != null));
    } else if (!r.columns().isEmpty()) {
      out.print(TextTable.render(r.columns(), r.formattedRows()));
    }
    if (session.tracing() && !session.lastTrace().isEmpty()) printTrace(out, session.lastTrace());
  }

  static void printTrace(PrintWriter out, List<TraceEvent> trace) {
    out.println();
    out.println("Tracing session:");
    long start = trace.get(0).atMicros();
    // Event times are the nodes' clocks, which show the wall clock's date (or --now's) as cqlsh prints them, each
    // traced step taking its simulated time (TracePacing). ringsim's own commentary shows here too.
    List<io.ringsim.cluster.node.TracePacing.Paced> paced =
        io.ringsim.cluster.node.TracePacing.pace(trace, trace.get(0).node(), start, e -> true);
    out.print(TextTable.render(List.of("activity", "timestamp", "source", "source_elapsed"),
        paced.stream().map(p -> List.of(p.event().activity(), EVENT_TIME.format(java.time.Instant.EPOCH.plusNanos(
            p.atMicros() * 1000)), p.event().node(), (p.atMicros() - start) + " µs")).toList()));
    out.println();
  }

  /** cqlsh's format for a trace event's time (UTC: the clocks a simulation shows are UTC). */
  static final java.time.format.DateTimeFormatter EVENT_TIME =
      java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS").withZone(java.time.ZoneOffset.UTC);

  /** The simulated cluster a CQL command runs against. */
  static final class ClusterOptions {
    @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE) picocli.CommandLine.Model.CommandSpec mixee;

    @Option(names = "--scenario", paramLabel = "FILE.sim", description = "Simulate exactly that scenario's cluster "
        + "(ring, seed, latency, storage settings) with its schema applied, so keys land on the replicas they land on"
        + " in its run; its workloads and timeline do not run.")
    Path scenario;

    @Option(names = "--nodes", defaultValue = "1", description = "Nodes in the simulated cluster, 1 to 1000 (default"
        + " ${DEFAULT-VALUE}: one node, as a fresh Cassandra install and the Cassandra the conformance scripts are"
        + " checked against; ring and serve default to 6; --scenario FILE.sim gives a scenario's ring).")
    int nodes;

    @Option(names = "--vnodes", defaultValue = "16", description = "Tokens per node, 1 to 256, at most 16384 in all (default ${DEFAULT-VALUE}).")
    int vnodes;

    @Option(names = "--racks", defaultValue = "1", description = "Racks (default ${DEFAULT-VALUE}).")
    int racks;

    @Option(names = "--allocator", defaultValue = "balanced", description = "random or balanced.")
    String allocator;

    @Option(names = "--partitioner", defaultValue = "murmur3", description = "murmur3, random or byteordered.")
    String partitioner;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of every random choice (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--consistency", defaultValue = "ONE", description = "Consistency level (default ${DEFAULT-VALUE}).")
    String consistency;

    @Option(names = "--yaml", paramLabel = "NAME=VALUE", description = YamlSwitches.HELP)
    List<String> yaml = new java.util.ArrayList<>();

    /** A script's {@code -- @yaml NAME: VALUE} directives, as NAME=VALUE, applied after --yaml. */
    List<String> scriptYaml = List.of();

    /** The configuration the cluster starts with: ringsim's, with --yaml and the script's @yaml switches on it. */
    com.typesafe.config.Config config() {
      com.typesafe.config.Config c = YamlSwitches.overlay(ConfigFactory.load(), yaml, "--yaml");
      return scriptYaml.isEmpty() ? c : YamlSwitches.overlay(c, scriptYaml, "-- @yaml");
    }

    @Option(names = "--now", defaultValue = "wall", paramLabel = "INSTANT", description = "What the nodes' clocks read"
        + " when the cluster starts: 'wall' (default), the machine's clock, as a real cluster's; or an instant such as"
        + " 2026-01-01T00:00:00Z, for write timestamps, now() and TTL limits that are the same on every run.")
    String now;

    /** The seed the cluster was built with: the scenario's with --scenario. */
    long seed() {
      return fromScenario != null ? fromScenario.spec().seed() : seed;
    }

    private ScenarioRing fromScenario;

    SimCluster start() {
      CliLimits.check("--consistency", () -> ConsistencyLevel.parse(consistency));
      if (scenario != null) return startScenario();
      CliLimits.check("--nodes", () -> Limits.nodes(nodes));
      CliLimits.check("--vnodes", () -> Limits.vnodes(vnodes));
      CliLimits.check("--racks", () -> Limits.racks(racks));
      CliLimits.check("--nodes " + nodes + " --vnodes " + vnodes, () -> Limits.ring(nodes, vnodes));
      if (!allocator.equals("random") && !allocator.equals("balanced"))
        throw BadInputException.said("err.allocator.option", allocator);
      Partitioner p = Partitioners.byName(partitioner);
      var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", nodes, racks)), vnodes, allocator,
          seed, p, ClusterBuilder.defaultAllocationReplication());
      long epochMicros = epochMicros();
      SimCluster sim = ClusterBuilder.start(ring, seed, config());
      // Cassandra's clocks show today's date: TTL limits (2038), now() and write timestamps depend on it.
      sim.setClockEpoch(epochMicros - sim.nowNanos() / 1000);
      return sim;
    }

    private SimCluster startScenario() {
      for (String o : List.of("--nodes", "--vnodes", "--racks", "--allocator", "--partitioner", "--seed")) {
        if (mixee != null && mixee.commandLine() != null && mixee.commandLine().getParseResult() != null
            && mixee.commandLine().getParseResult().hasMatchedOption(o))
          throw BadInputException.said("err.with-scenario.cluster", o);
      }
      fromScenario = ScenarioRing.read(scenario);
      var run = fromScenario.spec();
      var config = config();
      long epochMicros = epochMicros();
      SimCluster sim = SimCluster.start(io.ringsim.cluster.ClusterSpec.from(fromScenario.ring(), run.seed(), config)
          .withLatency(run.latency()).withStorage(run.storage())
          .withConsistentRangeMovement(run.consistentRangeMovement()), config);
      sim.setClockEpoch(epochMicros - sim.nowNanos() / 1000);
      if (run.loss() > 0) sim.setLoss(run.loss());
      ClientSession schema = new ClientSession(sim, run.seed());
      for (String stmt : run.cql()) {
        try {
          schema.execute(stmt);
        } catch (CqlException e) {
          sim.close();
          throw new BadInputException(scenario + ": " + e.errorClass() + ": " + e.getMessage() + " in: " + stmt);
        }
      }
      return sim;
    }

    private long epochMicros() {
      if (now.equals("wall")) return System.currentTimeMillis() * 1000;
      try {
        return java.time.Instant.parse(now).toEpochMilli() * 1000;
      } catch (java.time.format.DateTimeParseException e) {
        throw new BadInputException("--now: '" + now + "' is not an instant such as 2026-01-01T00:00:00Z (or 'wall')");
      }
    }

    ClientSession session(SimCluster sim) {
      ClientSession s = new ClientSession(sim, seed());
      s.setConsistency(ConsistencyLevel.parse(consistency));
      return s;
    }
  }
}
