package io.ringsim.cli;

import io.ringsim.cli.shell.FaultCommands;
import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.server.ProtocolClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * ringsim's shell against a served cluster ({@code cqlsh --connect HOST[:PORT]}): statements go over the native
 * protocol to the node at that address, which coordinates them. CONSISTENCY, TRACING and EXPAND work as in the
 * local shell; faults are typed in the console of `serve` (this shell has no hold on the cluster's processes).
 */
final class RemoteShell {
  private final ProtocolClient client;
  private final PrintWriter out;
  private ConsistencyLevel consistency = ConsistencyLevel.ONE;
  private boolean tracing;
  private boolean expand;

  /** The shell's own words; Cassandra's errors are printed as the server sends them. */
  private final io.ringsim.report.Labels t;

  RemoteShell(ProtocolClient client, PrintWriter out, io.ringsim.report.Labels t) {
    this.client = client;
    this.out = out;
    this.t = t;
  }

  String prompt(StatementBuffer buffer) {
    return buffer.isIncomplete() ? "   ... " : "cqlsh" + (client.keyspace() == null ? "" : ":" + client.keyspace())
        + "> ";
  }

  void banner() throws IOException {
    ResultSet local = client.execute("SELECT cluster_name, release_version, data_center FROM system.local",
        ConsistencyLevel.ONE, false);
    List<Object> row = local.rows().get(0);
    out.println(t.f("cqlsh.connected.remote", row.get(0), client.address(), row.get(1), row.get(2)));
    out.println(t.f("cqlsh.use-help", consistency));
  }

  void readAll(BufferedReader in) throws IOException {
    StatementBuffer buffer = new StatementBuffer();
    String line;
    while ((line = in.readLine()) != null) {
      if (!handleLine(line, buffer)) return;
      out.flush();
    }
  }

  /** One input line; false to quit. */
  boolean handleLine(String line, StatementBuffer buffer) throws IOException {
    if (!buffer.isIncomplete()) {
      String cmd = line.trim().replaceAll(";$", "").trim();
      String upper = cmd.toUpperCase(Locale.ROOT);
      if (upper.equals("EXIT") || upper.equals("QUIT")) return false;
      if (shellCommand(upper)) return true;
      if ((upper.startsWith("DESCRIBE") || upper.startsWith("DESC ")) && !line.trim().endsWith(";")) {
        run(cmd);
        return true;
      }
    }
    for (String stmt : buffer.add(line)) run(stmt);
    return true;
  }

  private boolean shellCommand(String upper) {
    String[] w = upper.split("\\s+");
    switch (w[0]) {
      case "HELP" -> out.println(t.get("cqlsh.help.remote"));
      case "TRACING" -> {
        if (w.length == 2 && (w[1].equals("ON") || w[1].equals("OFF"))) {
          tracing = w[1].equals("ON");
          out.println(t.get(tracing ? "cqlsh.tracing.on" : "cqlsh.tracing.off"));
        } else {
          out.println(t.get(w.length >= 2 ? "cqlsh.tracing.improper" : tracing ? "cqlsh.tracing.is.on"
              : "cqlsh.tracing.is.off"));
        }
      }
      case "EXPAND" -> {
        if (w.length == 2 && (w[1].equals("ON") || w[1].equals("OFF"))) {
          expand = w[1].equals("ON");
          out.println(t.get(expand ? "cqlsh.expand.on" : "cqlsh.expand.off"));
        } else {
          out.println(t.get(w.length >= 2 ? "cqlsh.expand.improper" : expand ? "cqlsh.expand.is.on"
              : "cqlsh.expand.is.off"));
        }
      }
      case "CONSISTENCY" -> {
        if (w.length < 2) {
          out.println(t.f("cqlsh.consistency.is", consistency));
        } else {
          try {
            consistency = ConsistencyLevel.parse(w[1]);
            out.println(t.f("cqlsh.consistency.set", consistency));
          } catch (IllegalArgumentException e) {
            out.println(t.f("cqlsh.consistency.improper", e.getMessage()));
          }
        }
      }
      default -> {
        if (!FaultCommands.WORDS.contains(w[0]) || w[0].equals("ONEWAY")) return false;
        out.println(t.f("cqlsh.remote.fault", w[0], client.address()));
      }
    }
    return true;
  }

  private void run(String stmt) throws IOException {
    try {
      CqlshCommand.print(client.execute(stmt, consistency, tracing), expand, client.keyspace() != null, out);
    } catch (CqlException e) {
      out.println(e.errorClass() + ": " + e.getMessage());
    }
    if (tracing && client.lastTracingId() != null) printTrace();
  }

  /**
   * The trace session the server kept, read back from system_traces.events as cqlsh does and shown in its columns:
   * each event's time is its event_id's (a time UUID on its source's clock), its elapsed time counts on its source.
   */
  private void printTrace() throws IOException {
    java.util.UUID session = client.lastTracingId(); // the next request (this query) forgets it
    ResultSet events = client.execute("SELECT event_id, activity, source, source_elapsed, thread FROM "
        + "system_traces.events WHERE session_id = " + session, ConsistencyLevel.ONE, false);
    List<List<String>> rows = new ArrayList<>();
    for (List<Object> e : events.rows()) {
      long micros = (((java.util.UUID) e.get(0)).timestamp() - 0x01B21DD213814000L) / 10; // 100 ns since 1582
      String source = e.get(2) instanceof java.net.InetAddress a ? a.getHostAddress() : String.valueOf(e.get(2));
      rows.add(List.of(e.get(1) + " [" + e.get(4) + "]", CqlCommand.EVENT_TIME.format(java.time.Instant.EPOCH.plusNanos(
          micros * 1000)), source, String.valueOf(e.get(3))));
    }
    if (rows.isEmpty()) return;
    out.println();
    out.println("Tracing session: " + session);
    out.println();
    out.print(io.ringsim.report.TextTable.render(List.of("activity", "timestamp", "source", "source_elapsed"), rows));
    out.println();
  }
}
