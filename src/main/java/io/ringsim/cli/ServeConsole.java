package io.ringsim.cli;

import io.ringsim.cli.shell.FaultCommands;
import io.ringsim.cluster.ConsistentRangeMovement;
import io.ringsim.report.Labels;
import io.ringsim.server.ServedCluster;
import io.ringsim.sim.RunResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The fault console of {@code serve}: one command per line on standard input, with a scenario timeline's words.
 * CRASH and RESTART also close and reopen the node's port; WAIT has no meaning here (time follows the wall clock).
 */
final class ServeConsole {
  private final ServedCluster served;
  private final PrintWriter out;
  /** What was typed, for the report's events (shared with the run: guarded by itself). */
  private final List<RunResult.Event> events;
  /** How the commands came, for the events: typed on the console, or clicked in the live view. */
  private final String how;

  /** The language of its answers; the events it keeps are English, as every run's. */
  private final Labels t;

  ServeConsole(ServedCluster served, PrintWriter out, List<RunResult.Event> events, Labels t) {
    this(served, out, events, "typed", t);
  }

  ServeConsole(ServedCluster served, PrintWriter out, List<RunResult.Event> events, String how, Labels t) {
    this.t = t;
    this.served = served;
    this.out = out;
    this.events = events;
    this.how = how;
  }

  private void event(String kind, String text) {
    synchronized (events) {
      events.add(new RunResult.Event(served.cluster().nowNanos() / 1000, kind, text + " (" + how + ")"));
    }
  }

  /** Runs one line; false when the server should stop. */
  boolean handle(String line) {
    String cmd = line.trim();
    if (cmd.endsWith(";")) cmd = cmd.substring(0, cmd.length() - 1).trim();
    if (cmd.isEmpty()) return true;
    String[] w = cmd.split("\\s+");
    String verb = w[0].toUpperCase(Locale.ROOT);
    try {
      switch (verb) {
        case "QUIT", "EXIT" -> {
          return false;
        }
        case "STATUS" -> status();
        case "CRASH" -> {
          served.crash(node(w));
          event("crash", node(w) + " crashed");
          out.println(t.f("serve.console.crashed", node(w)));
        }
        case "RESTART" -> {
          served.restart(node(w));
          event("restart", node(w) + " restarted");
          out.println(t.f("serve.console.restarted", node(w)));
        }
        case "WAIT" -> out.println(t.get("serve.console.wait"));
        case "BOOTSTRAP" -> {
          try {
            String joined = served.bootstrap();
            out.println(joined);
            event("bootstrap", joined);
          } catch (ConsistentRangeMovement.Refused e) {
            out.println(t.f("serve.console.not-joined", e.getMessage()));
          }
        }
        case "DECOMMISSION" -> {
          String left = served.decommission(node(w));
          out.println(left);
          event("decommission", left);
        }
        default -> {
          if (FaultCommands.handle(cmd, served.cluster(), out, () -> false, t)) event(verb.toLowerCase(Locale.ROOT), cmd);
          else
            out.println(t.f("serve.console.unknown", w[0]));
        }
      }
    } catch (IllegalArgumentException e) {
      out.println(t.f("fault.improper", verb, e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return true;
  }

  private String node(String[] w) {
    if (w.length != 2) throw new IllegalArgumentException(t.f("fault.node.expected", String.join(", ", served.nodes())));
    if (!served.nodes().contains(w[1]))
      throw new IllegalArgumentException(t.f("fault.node.unknown", w[1], String.join(", ", served.nodes())));
    return w[1];
  }

  private void status() {
    for (String n : served.nodes()) {
      out.println(n + "  " + served.addresses().get(n).getHostAddress() + ":" + served.port() + "  "
          + (served.cluster().isCrashed(n) ? "DN" : "UN"));
    }
  }
}
