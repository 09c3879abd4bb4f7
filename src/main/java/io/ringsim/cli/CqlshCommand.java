package io.ringsim.cli;

import io.ringsim.cli.shell.FaultCommands;
import io.ringsim.cli.shell.ShellCompleter;
import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.exec.DescribeStatement;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.report.TextTable;
import io.ringsim.server.ProtocolClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.completer.StringsCompleter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** An interactive CQL shell on a simulated cluster, in the spirit of cqlsh. */
@Command(
    name = "cqlsh",
    mixinStandardHelpOptions = true,
    description = {"An interactive CQL shell on a simulated cluster (history, multi-line statements, completion).",
        "Shell commands: TRACING ON|OFF, EXPAND ON|OFF, CONSISTENCY [LEVEL], COORDINATOR [NODE|ANY], NODES,",
        "GETENDPOINTS KS TABLE KEY (nodetool getendpoints), HELP, EXIT; faults as in a scenario's timeline: CRASH n, RESTART n, PARTITION {a b} {c}, HEAL, SLOW n 50ms,",
        "LOSS 5%%, SKEW n -2s, FLUSH [n], COMPACT [n], REPAIR n, and WAIT 10s to let simulated time pass.",
        "With input piped in, statements are read from stdin.",
        "",
        "Examples:",
        "  ringsim cqlsh --nodes 6 --vnodes 16",
        "  ringsim cqlsh --scenario simulations/quickstart.sim     (that scenario's ring and schema)",
        "  ringsim cqlsh --yaml user_defined_functions_enabled=true (CREATE FUNCTION, as cassandra.yaml allows it)"})
public final class CqlshCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin CqlCommand.ClusterOptions cluster = new CqlCommand.ClusterOptions();

  @picocli.CommandLine.Option(names = "--connect", paramLabel = "HOST[:PORT]",
      description = "Connect to a cluster served by 'ringsim serve' (or any CQL native-protocol server) instead of "
          + "simulating one here; the port defaults to 9042.")
  String connect;

  @picocli.CommandLine.Option(names = "--lang", paramLabel = "LANG",
      description = "Language of what ringsim's cqlsh says itself (its banner, HELP, the shell commands' answers and"
          + " the fault commands' lines): en or zh-CN (default: ringsim.lang in the configuration, else the locale,"
          + " LC_ALL/LC_MESSAGES/LANG). Cassandra's error messages stay Cassandra's words, as a real cqlsh shows them.")
  String lang;

  /** cqlsh's own words in the chosen language. */
  private Labels t = Lang.EN.labels();

  private boolean expand;

  /** Set by Ctrl-C while a command runs. */
  private final java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();

  private static final List<String> KEYWORDS = List.of("SELECT", "FROM", "WHERE", "AND", "INSERT", "INTO", "VALUES",
      "UPDATE", "SET", "DELETE", "CREATE", "DROP", "ALTER", "TABLE", "KEYSPACE", "KEYSPACES", "TABLES", "USE",
      "TRUNCATE", "INDEX", "ON", "WITH", "PRIMARY", "KEY", "CLUSTERING", "ORDER", "BY", "ASC", "DESC", "DESCRIBE",
      "LIMIT", "ALLOW", "FILTERING", "IF", "NOT", "EXISTS", "USING", "TTL", "TIMESTAMP", "BEGIN", "BATCH", "APPLY",
      "TOKEN", "WRITETIME", "COUNT", "DISTINCT", "IN", "CONTAINS", "STATIC", "COUNTER", "UNLOGGED", "JSON", "GROUP",
      "DEFAULT", "UNSET", "TYPE", "TYPES", "RENAME", "TO", "FROZEN", "replication", "SimpleStrategy",
      "NetworkTopologyStrategy", "TRACING", "GETENDPOINTS", "EXPAND", "CONSISTENCY", "COORDINATOR", "NODES", "EXIT", "QUIT",
      "HELP", "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_QUORUM", "EACH_QUORUM", "LOCAL_ONE", "ANY", "CRASH",
      "RESTART", "PARTITION", "ONEWAY", "HEAL", "SLOW", "LOSS", "SKEW", "FLUSH", "COMPACT", "REPAIR", "WAIT");

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    t = LangOption.resolve(lang, com.typesafe.config.ConfigFactory.load(), System.getenv(),
        System.getProperty("user.language")).labels();
    if (connect != null) return remote(out);
    try (SimCluster sim = cluster.start()) {
      ClientSession session = cluster.session(sim);
      boolean interactive = System.console() != null;
      out.println(t.f("cqlsh.connected", sim.nodeNames().size(), sim.ring().partitioner().name(), cluster.seed(),
          cluster.scenario == null ? "" : t.f("cqlsh.connected.scenario", cluster.scenario)));
      out.println(t.f("cqlsh.use-help", session.consistency()));
      out.flush();
      StatementBuffer buffer = new StatementBuffer();
      if (interactive) {
        Terminal terminal = TerminalBuilder.builder().system(true).build();
        LineReader reader = LineReaderBuilder.builder().terminal(terminal)
            .completer((r, line, candidates) -> new StringsCompleter(ShellCompleter.candidates(
                line.line().substring(0, line.cursor()), sim.catalog(), sim.nodeNames(), KEYWORDS))
                .complete(r, line, candidates))
            .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".ringsim_history"))
            .build();
        // Ctrl-C while a command runs (a long WAIT) stops the command, not the shell; at the prompt JLine turns it
        // into a UserInterruptException instead.
        terminal.handle(Terminal.Signal.INT, signal -> interrupted.set(true));
        while (true) {
          String prompt = buffer.isIncomplete() ? "   ... " : "cqlsh" + (session.keyspace() == null ? ""
              : ":" + session.keyspace()) + "> ";
          String line;
          try {
            line = reader.readLine(prompt);
          } catch (UserInterruptException e) {
            buffer.reset();
            continue;
          } catch (EndOfFileException e) {
            break;
          }
          interrupted.set(false);
          if (!handleLine(line, buffer, session, sim, terminal.writer())) break;
          terminal.writer().flush();
        }
      } else {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
          if (!handleLine(line, buffer, session, sim, out)) break;
          out.flush();
        }
      }
    }
    return ExitCodes.OK;
  }

  private Integer remote(PrintWriter out) throws IOException {
    String host = connect;
    int port = 9042;
    int colon = connect.lastIndexOf(':');
    if (colon > 0) {
      host = connect.substring(0, colon);
      try {
        port = Integer.parseInt(connect.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw BadInputException.said("err.connect", connect);
      }
    }
    ProtocolClient client;
    try {
      client = new ProtocolClient(host, port);
    } catch (IOException e) {
      throw BadInputException.said("err.connect.cannot", connect, e.getMessage());
    }
    try (client) {
      RemoteShell shell = new RemoteShell(client, out, t);
      shell.banner();
      out.flush();
      if (System.console() != null) {
        Terminal terminal = TerminalBuilder.builder().system(true).build();
        LineReader reader = LineReaderBuilder.builder().terminal(terminal)
            .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".ringsim_history")).build();
        StatementBuffer buffer = new StatementBuffer();
        while (true) {
          String line;
          try {
            line = reader.readLine(shell.prompt(buffer));
          } catch (UserInterruptException e) {
            buffer.reset();
            continue;
          } catch (EndOfFileException e) {
            break;
          }
          if (!shell.handleLine(line, buffer)) break;
          terminal.writer().flush();
        }
      } else {
        shell.readAll(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
      }
    } catch (IOException e) {
      out.println(t.f("cqlsh.lost", connect, e.getMessage()));
      return ExitCodes.FAILED;
    }
    return ExitCodes.OK;
  }

  /** Handles one input line; false to quit. */
  boolean handleLine(String line, StatementBuffer buffer, ClientSession session, SimCluster sim, PrintWriter out) {
    if (!buffer.isIncomplete()) {
      String cmd = line.trim().replaceAll(";$", "").trim();
      String upper = cmd.toUpperCase(Locale.ROOT);
      if (upper.equals("EXIT") || upper.equals("QUIT")) return false;
      if (shellCommand(upper, cmd, session, sim, out)) return true;
      // cqlsh runs DESCRIBE without a ';' too: it is a shell command there.
      if ((upper.startsWith("DESCRIBE") || upper.startsWith("DESC ") || upper.equals("DESC"))
          && !line.trim().endsWith(";")) {
        run(cmd, session, sim, out);
        return true;
      }
    }
    for (String stmt : buffer.add(line)) run(stmt, session, sim, out);
    return true;
  }

  private boolean shellCommand(String upper, String cmd, ClientSession session, SimCluster sim, PrintWriter out) {
    String[] w = upper.split("\\s+");
    switch (w[0]) {
      case "HELP" -> {
        out.println(t.get("cqlsh.help"));
        out.println(FaultCommands.help(t));
        return true;
      }
      case "TRACING" -> {
        if (w.length < 2) out.println(t.get(session.tracing() ? "cqlsh.tracing.is.on" : "cqlsh.tracing.is.off"));
        else if (!onOff(w)) out.println(t.get("cqlsh.tracing.improper"));
        else {
          session.setTracing(w[1].equals("ON"));
          out.println(t.get(session.tracing() ? "cqlsh.tracing.on" : "cqlsh.tracing.off"));
        }
        return true;
      }
      case "EXPAND" -> {
        if (w.length < 2) out.println(t.get(expand ? "cqlsh.expand.is.on" : "cqlsh.expand.is.off"));
        else if (!onOff(w)) out.println(t.get("cqlsh.expand.improper"));
        else {
          expand = w[1].equals("ON");
          out.println(t.get(expand ? "cqlsh.expand.on" : "cqlsh.expand.off"));
        }
        return true;
      }
      case "CONSISTENCY" -> {
        if (w.length < 2) out.println(t.f("cqlsh.consistency.is", session.consistency()));
        else {
          try {
            session.setConsistency(ConsistencyLevel.parse(w[1]));
            out.println(t.f("cqlsh.consistency.set", session.consistency()));
          } catch (IllegalArgumentException e) {
            out.println(t.f("cqlsh.consistency.improper", e.getMessage()));
          }
        }
        return true;
      }
      case "COORDINATOR" -> {
        if (w.length < 2) out.println(t.f("cqlsh.coordinator.is", session.lastCoordinator() == null ? "n1"
            : session.lastCoordinator()));
        else {
          try {
            session.setCoordinator(w[1].equals("ANY") ? null : cmd.split("\\s+")[1]);
            out.println(t.f("cqlsh.coordinator.set", cmd.split("\\s+")[1]));
          } catch (IllegalArgumentException e) {
            out.println(e.getMessage());
          }
        }
        return true;
      }
      case "GETENDPOINTS" -> {
        // nodetool getendpoints KEYSPACE TABLE KEY: the replicas of a partition key, in Cassandra's order.
        String[] a = cmd.split("\\s+", 4);
        if (a.length != 4) {
          out.println(t.get("cqlsh.endpoints.usage"));
          return true;
        }
        var table = sim.catalog().table(a[1], a[2]);
        var ks = sim.catalog().keyspace(a[1]);
        if (table.isEmpty() || ks.isEmpty()) {
          out.println(t.f("cqlsh.endpoints.no-table", a[1] + "." + a[2]));
          return true;
        }
        try {
          var token = ScenarioRing.token(sim.ring(), table.get(), a[3]);
          out.println("token " + token);
          ScenarioRing.replicas(sim.ring(), ks.get(), token).forEach(out::println);
        } catch (IllegalArgumentException e) {
          out.println(t.f("cqlsh.endpoints.improper", e.getMessage()));
        }
        return true;
      }
      case "NODES" -> {
        List<List<String>> rows = new ArrayList<>();
        for (var r : sim.reports()) {
          long bytes = r.tables().stream().mapToLong(t -> t.liveBytes()).sum();
          rows.add(List.of(r.running() ? "UN" : "DN", r.node(), r.dc(), String.valueOf(bytes), String.valueOf(
              r.tables().stream().mapToLong(t -> t.partitions()).sum())));
        }
        out.print(TextTable.render(List.of(t.get("cqlsh.nodes.th.status"), t.get("cqlsh.nodes.th.node"),
            t.get("cqlsh.nodes.th.dc"), t.get("cqlsh.nodes.th.load"), t.get("cqlsh.nodes.th.partitions")), rows, t));
        out.println();
        return true;
      }
      default -> {
        return FaultCommands.handle(cmd, sim, out, interrupted::get, t);
      }
    }
  }

  /** A statement's answer as cqlsh prints it: warnings, then DESCRIBE text or a table (expanded or not). */
  static void print(ResultSet r, boolean expand, boolean inKeyspace, PrintWriter out) {
    for (String warn : r.warnings()) out.println("Warnings :\n" + warn + "\n");
    java.util.Optional<String> cluster = ShellStatements.clusterText(r);
    if (cluster.isPresent()) {
      out.print(cluster.get());
    } else if (DescribeStatement.isDescribe(r)) {
      out.print(DescribeStatement.cqlshText(r, inKeyspace));
    } else if (!r.columns().isEmpty()) {
      out.print(expand ? TextTable.renderExpanded(r.columns(), r.formattedRows())
          : TextTable.render(r.columns(), r.formattedRows()));
    }
  }

  /** ON or OFF, and nothing after it: anything else (TRACING MAYBE) is refused rather than read as OFF. */
  private static boolean onOff(String[] w) {
    return w.length == 2 && (w[1].equals("ON") || w[1].equals("OFF"));
  }

  /** The session's system keyspaces: made once, as they keep what is written into them. */
  private io.ringsim.server.SystemReads system;

  private void run(String stmt, ClientSession session, SimCluster sim, PrintWriter out) {
    if (system == null) system = new io.ringsim.server.SystemReads(sim);
    try {
      ResultSet r = ShellStatements.execute(session, system, stmt);
      print(r, expand, session.keyspace() != null, out);
      if (session.tracing() && !session.lastTrace().isEmpty()) CqlCommand.printTrace(out, session.lastTrace());
    } catch (CqlException e) {
      out.println(e.errorClass() + ": " + e.getMessage());
      if (session.tracing() && !session.lastTrace().isEmpty()) CqlCommand.printTrace(out, session.lastTrace());
    } catch (RuntimeException e) {
      // A bug behind one statement must not end the session the user built up: say so, as cqlsh does for a
      // server error, and keep the shell.
      out.println("ServerError: " + e.getClass().getSimpleName() + (e.getMessage() == null ? ""
          : ": " + ExitCodes.oneLine(e.getMessage())));
    }
  }
}
