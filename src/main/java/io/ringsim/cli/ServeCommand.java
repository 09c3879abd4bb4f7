package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunOutcome;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.ScenarioRunner;
import io.ringsim.sim.script.ScenarioReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ringsim serve}: a simulated cluster that cqlsh, the drivers and a user's own application connect to over
 * the CQL native protocol, with faults typed on standard input. It is a scenario run in real time: with a scenario
 * file its workloads and timeline play alongside the clients; without one, an empty cluster of the given shape is
 * served until QUIT. Either way the results folder is the one `run` writes, with the clients' operations checked.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    header = "Serve a simulated cluster to cqlsh, the drivers and your own application over the CQL native protocol.",
    description = {"Serve a simulated cluster over the CQL native protocol, so cqlsh, the Java, Python and Node.js "
        + "drivers and your own application can connect; node i listens on the i-th loopback address from "
        + "--address, all on --port. Type fault words on standard input (CRASH n3, RESTART n3, PARTITION {n1 n2} "
        + "{n3}, HEAL, SLOW n2 50ms, LOSS 5%%, SKEW n2 -2s, FLUSH, COMPACT, REPAIR n2, STATUS). QUIT, the end of "
        + "input, Ctrl-C or the scenario's end stops it and writes the results as run does."})
public final class ServeCommand implements Callable<Integer> {
  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.sim",
      description = "A scenario whose cluster, schema, workloads and timeline to serve (optional).")
  Path file;

  @Option(names = "--scenario", paramLabel = "FILE.sim",
      description = "The same as giving SCENARIO.sim: serve exactly that scenario's cluster, as ring, token and cqlsh"
          + " --scenario build it.")
  Path scenario;

  @Option(names = "--nodes", description = "Nodes in one data centre (default 6, the ring command's default ring;"
      + " SCENARIO.sim serves that scenario's ring).")
  Integer nodes;

  @Option(names = "--vnodes", description = "Tokens per node (default 16).")
  Integer vnodes;

  @Option(names = "--racks", description = "Racks in that data centre (default 1).")
  Integer racks;

  @Option(names = "--dc", description = "A data centre NAME:NODES:RACKS (repeat for several; replaces --nodes).")
  List<String> dcs = new ArrayList<>();

  @Option(names = "--seed", description = "Seed of every random choice (default 1, or the scenario's).")
  Long seed;

  @Option(names = "--set", description = "Override a scenario setting: key=value, as with run.")
  List<String> sets = new ArrayList<>();

  @Option(names = "--yaml", paramLabel = "NAME=VALUE", description = YamlSwitches.HELP)
  java.util.List<String> yaml = new java.util.ArrayList<>();

  @Option(names = "--address", defaultValue = "127.0.0.1",
      description = "Address of the first node; node i gets the i-th next one (default ${DEFAULT-VALUE}).")
  String address;

  @Option(names = "--port", defaultValue = "9042", description = "Port every node listens on (default ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--speed", defaultValue = "1", description = "Simulated seconds per wall-clock second (default ${DEFAULT-VALUE}).")
  double speed;

  @Option(names = "--out", description = "Directory for the results (default: runs/NAME-serve).")
  Path out;

  @Option(names = "--live", description = "Also show the cluster on a page at 127.0.0.1 (its address is printed), "
      + "with buttons for faults (docs/live.md).")
  boolean live;

  @Option(names = "--live-port", description = "With --live: the page's port on 127.0.0.1 (default 0: any free one).")
  Integer livePort;

  /** At most this many nodes: one loopback address each, and a real-time pace the machine can keep. */
  static final int MAX_NODES = 250;

  @Override
  public Integer call() throws Exception {
    Lang lang = langOption.resolve();
    if (!(speed > 0 && speed <= 1000)) throw new BadInputException("--speed must be in (0, 1000], got " + speed);
    if (port < 1 || port > 65535) throw new BadInputException("--port must be in 1..65535, got " + port);
    if (livePort != null && !live) throw BadInputException.said("err.live.needs", "--live-port");
    if (livePort != null && (livePort < 0 || livePort > 65535))
      throw new BadInputException("--live-port must be in 0..65535, got " + livePort);
    com.typesafe.config.Config config = YamlSwitches.overlay(ConfigFactory.load(), yaml, "--yaml");
    InetAddress first = firstAddress();
    RunSpec run = spec();
    if (run.nodeCount() > MAX_NODES)
      throw new BadInputException("serve runs at most " + MAX_NODES + " nodes (one loopback address each), got "
          + run.nodeCount());
    Path dir = OutputDir.prepare(out != null ? out : OutputDir.defaultFor(run.name(), "-serve"), out != null);
    PrintWriter w = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    ServeLive live = new ServeLive(first, port, speed, w, this.live ? (livePort == null ? 0 : livePort) : null,
        run.name(), run.durationMillis(), lang.labels());
    // SIGINT/SIGTERM end the live part as QUIT does; the JVM waits for the results to be written.
    CountDownLatch finished = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      live.requestStop();
      try {
        finished.await(120, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      RunOutcome outcome;
      try {
        outcome = new ScenarioRunner(run, config, line -> { }).withLive(live).run();
      } catch (ScenarioRunner.ScenarioFailure e) {
        throw new BadInputException((file != null ? file + ": " : "") + e.getMessage());
      }
      long ranMillis = outcome.result().simulatedMillis();
      Labels t = lang.labels();
      return RunCommand.publish(dir, outcome, t.get("term.how.served") + (file != null && ranMillis < run.durationMillis()
          ? t.f("term.how.served-stopped", Durations.format(ranMillis), Durations.format(run.durationMillis())) : ""), w,
          null, lang);
    } finally {
      live.closeLiveView();
      finished.countDown();
    }
  }

  /** The scenario to serve: the file with --set/--seed/cluster options applied, or an empty cluster's. */
  private RunSpec spec() {
    if (scenario != null) {
      if (file != null && !file.equals(scenario))
        throw new BadInputException("two scenarios given (" + file + " and --scenario " + scenario + "): serve one");
      file = scenario;
    }
    Map<String, String> overrides = RunCommand.overrides(sets, seed);
    if (file != null) {
      if (!dcs.isEmpty()) throw new BadInputException("--dc cannot be combined with a scenario (it has a cluster)");
      if (nodes != null) overrides.put("cluster.nodes", String.valueOf(nodes));
      if (vnodes != null) overrides.put("cluster.vnodes", String.valueOf(vnodes));
      if (racks != null) overrides.put("cluster.racks", String.valueOf(racks));
      return ScenarioReader.read(file, overrides);
    }
    return ScenarioReader.parse(emptyScenario(), "serve", overrides);
  }

  /** An empty cluster of the options' shape, served for at most the longest duration a scenario may have. */
  private String emptyScenario() {
    StringBuilder sb = new StringBuilder();
    sb.append("scenario serve \"a cluster served to real clients\"\n");
    sb.append("duration 24h\n");
    sb.append("seed 1\n");
    sb.append("cluster {\n");
    if (dcs.isEmpty()) {
      sb.append("  nodes ").append(nodes == null ? 6 : nodes).append('\n');
      sb.append("  racks ").append(racks == null ? 1 : racks).append('\n');
    } else {
      for (String d : dcs) {
        String[] p = d.split(":");
        if (p.length != 3 || !p[0].matches("[A-Za-z][A-Za-z0-9_-]*") || !p[1].matches("\\d{1,6}")
            || !p[2].matches("\\d{1,6}"))
          throw new BadInputException("--dc must be NAME:NODES:RACKS, got " + d);
        sb.append("  dc ").append(p[0]).append(" nodes ").append(p[1]).append(" racks ").append(p[2]).append('\n');
      }
    }
    sb.append("  vnodes ").append(vnodes == null ? 16 : vnodes).append('\n');
    sb.append("  allocator balanced\n");
    sb.append("}\n");
    return sb.toString();
  }

  private InetAddress firstAddress() {
    try {
      InetAddress a = InetAddress.getByName(address);
      if (a.getAddress().length != 4) throw new BadInputException("--address must be an IPv4 address, got " + address);
      return a;
    } catch (java.net.UnknownHostException e) {
      throw new BadInputException("--address: unknown host " + address);
    }
  }
}
