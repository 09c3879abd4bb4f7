package io.ringsim.cli.shell;

import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.storage.ReplayReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BooleanSupplier;
import io.ringsim.sim.Durations;
import io.ringsim.sim.Limits;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell's fault injection, with the words of a scenario's timeline, so that what a student tries by hand in cqlsh
 * can be pasted into a .sim file: CRASH, RESTART, PARTITION, HEAL, SLOW, LOSS, SKEW, FLUSH, COMPACT, REPAIR, and WAIT
 * to let simulated time pass (failure detection, hints, gossip only move when time does).
 */
public final class FaultCommands {
  public static final List<String> WORDS = List.of("CRASH", "RESTART", "PARTITION", "ONEWAY", "HEAL", "SLOW", "LOSS",
      "SKEW", "FLUSH", "COMPACT", "REPAIR", "WAIT");

  public static final String HELP = String.join("\n",
      "Faults (simulated time only moves with WAIT or with requests):",
      "  CRASH n3                     the node stops; its memtable is lost, its commit log kept",
      "  RESTART n3                   the node replays its commit log and rejoins",
      "  PARTITION {n1 n2} {n3 n4}    cut the links between two groups (both ways)",
      "  PARTITION ONEWAY {a} -> {b}  drop messages from a to b only",
      "  HEAL                         restore every link",
      "  SLOW n2 50ms                 extra latency on every message to or from n2 (0ms to clear)",
      "  LOSS 5%                      drop that share of all messages",
      "  SKEW n4 -2s                  n4's clock, and so its write timestamps, runs 2 s behind",
      "  FLUSH [n2] | COMPACT [n2]    nodetool flush / compact, on one node or all",
      "  REPAIR n2                    nodetool repair (Merkle trees against the other replicas)",
      "  WAIT 10s                     let 10 simulated seconds pass");

  /** How much simulated time a WAIT lets pass between looks at Ctrl-C. */
  static final long WAIT_STEP_MILLIS = 1000;
  private static final Pattern PARTITION = Pattern.compile(
      "PARTITION\\s+(ONEWAY\\s+)?\\{([^}]*)}\\s*(->)?\\s*\\{([^}]*)}", Pattern.CASE_INSENSITIVE);

  private FaultCommands() {}

  /** Runs {@code cmd} if it is a fault command (true), printing the outcome or the error; false if it is not one. */
  public static boolean handle(String cmd, SimCluster sim, PrintWriter out) {
    return handle(cmd, sim, out, () -> false);
  }

  /** As {@link #handle(String, SimCluster, PrintWriter)}; a WAIT stops early once {@code cancelled} (Ctrl-C). */
  public static boolean handle(String cmd, SimCluster sim, PrintWriter out, BooleanSupplier cancelled) {
    String[] w = cmd.trim().split("\\s+");
    String verb = w[0].toUpperCase(Locale.ROOT);
    if (!WORDS.contains(verb) || verb.equals("ONEWAY")) return false;
    try {
      out.println(run(verb, w, cmd.trim(), sim, cancelled));
    } catch (IllegalArgumentException e) {
      out.println("Improper " + verb + " command: " + e.getMessage());
    }
    return true;
  }

  private static String run(String verb, String[] w, String cmd, SimCluster sim, BooleanSupplier cancelled) {
    switch (verb) {
      case "CRASH" -> {
        String n = node(w, 1, sim);
        sim.crash(n);
        return n + " crashed: it stops answering; its memtable is lost, its commit log kept.";
      }
      case "RESTART" -> {
        String n = node(w, 1, sim);
        ReplayReport r = sim.restart(n);
        return n + " restarted, commit log replayed " + r.replayed() + " entries" + (r.lostUnsynced() > 0 ? ", "
            + r.lostUnsynced() + " lost (unsynced: periodic sync)" : "") + (r.corrupt().isEmpty() ? "" : ", "
            + r.corrupt().size() + " corrupt skipped") + ". Peers see it up again after gossip (WAIT a few seconds).";
      }
      case "PARTITION" -> {
        Matcher m = PARTITION.matcher(cmd);
        if (!m.matches()) throw new IllegalArgumentException("expected PARTITION {n1 n2} {n3} or "
            + "PARTITION ONEWAY {n1} -> {n2}");
        boolean oneWay = m.group(1) != null;
        if (oneWay != (m.group(3) != null)) throw new IllegalArgumentException("a one-way partition is written "
            + "PARTITION ONEWAY {from} -> {to}");
        Set<String> a = group(m.group(2), sim);
        Set<String> b = group(m.group(4), sim);
        for (String n : a) if (b.contains(n)) throw new IllegalArgumentException(n + " is on both sides");
        sim.partition(a, b, oneWay);
        return oneWay ? "Messages from " + a + " to " + b + " are dropped." : "Links between " + a + " and " + b
            + " are cut.";
      }
      case "HEAL" -> {
        sim.heal();
        return "Every link restored.";
      }
      case "SLOW" -> {
        String n = node(w, 1, sim);
        Duration d = duration(w, 2);
        if (d.isNegative()) throw new IllegalArgumentException("a delay cannot be negative: " + w[2]);
        sim.slow(n, d);
        return d.isZero() ? n + " is no longer slowed." : "Every message to or from " + n + " takes " + w[2]
            + " longer.";
      }
      case "LOSS" -> {
        if (w.length < 2 || !w[1].matches("\\d+(\\.\\d+)?%")) throw new IllegalArgumentException(
            "expected a percentage, e.g. LOSS 5%");
        double p = Double.parseDouble(w[1].substring(0, w[1].length() - 1)) / 100;
        if (p > 1) throw new IllegalArgumentException("at most 100%, got " + w[1]);
        sim.setLoss(p);
        return w[1] + " of messages are now dropped.";
      }
      case "SKEW" -> {
        String n = node(w, 1, sim);
        Duration d = duration(w, 2);
        sim.clockSkew(n, d);
        return n + "'s clock now runs " + (d.isZero() ? "on time." : w[2].replace("-", "") + (d.isNegative()
            ? " behind." : " ahead."));
      }
      case "FLUSH", "COMPACT" -> {
        List<String> targets = w.length > 1 ? List.of(node(w, 1, sim)) : liveNodes(sim);
        for (String n : targets) {
          if (verb.equals("FLUSH")) sim.flush(n);
          else sim.compact(n);
        }
        return (verb.equals("FLUSH") ? "Flushed " : "Compacted ") + String.join(", ", targets) + ".";
      }
      case "REPAIR" -> {
        String n = node(w, 1, sim);
        if (sim.isCrashed(n)) throw new IllegalArgumentException(n + " is down");
        NodeCommand.RepairResult r = sim.repair(n);
        return "Repair on " + n + ": " + r.rangesCompared() + " ranges compared, " + r.rangesMismatched()
            + " differed (" + r.leavesMismatched() + " of " + r.leavesCompared() + " Merkle leaves), "
            + r.partitionsStreamed() + " partitions streamed.";
      }
      case "WAIT" -> {
        Duration d = duration(w, 1);
        if (d.isNegative() || d.isZero()) throw new IllegalArgumentException("expected a positive duration, e.g. "
            + "WAIT 10s");
        if (d.toMillis() > Limits.MAX_WAIT_MILLIS) throw new IllegalArgumentException("at most "
            + Durations.format(Limits.MAX_WAIT_MILLIS) + " at a time, got " + w[1]);
        // A simulated second at a time, so that Ctrl-C stops a long WAIT and keeps the shell.
        long waited = 0;
        while (waited < d.toMillis()) {
          if (cancelled.getAsBoolean()) {
            return "WAIT stopped (Ctrl-C) after " + Durations.format(waited) + " of simulated time.";
          }
          long step = Math.min(WAIT_STEP_MILLIS, d.toMillis() - waited);
          sim.advance(Duration.ofMillis(step));
          waited += step;
        }
        return w[1] + " of simulated time passed.";
      }
      default -> throw new IllegalStateException(verb);
    }
  }

  private static String node(String[] w, int i, SimCluster sim) {
    if (w.length <= i) throw new IllegalArgumentException("expected a node name (nodes: "
        + String.join(", ", sim.nodeNames()) + ")");
    String n = w[i];
    if (!sim.nodeNames().contains(n)) throw new IllegalArgumentException("no node named '" + n + "' (nodes: "
        + String.join(", ", sim.nodeNames()) + ")");
    return n;
  }

  private static Set<String> group(String names, SimCluster sim) {
    Set<String> out = new LinkedHashSet<>();
    for (String n : names.trim().split("[\\s,]+")) {
      if (n.isEmpty()) continue;
      node(new String[] {n}, 0, sim);
      out.add(n);
    }
    if (out.isEmpty()) throw new IllegalArgumentException("a side of a partition needs at least one node");
    return out;
  }

  private static List<String> liveNodes(SimCluster sim) {
    return sim.nodeNames().stream().filter(n -> !sim.isCrashed(n)).toList();
  }

  /** A simulated duration as scenario files write it: 500ms, 30s, 2m30s, 1h, with an optional minus sign. */
  static Duration duration(String[] w, int i) {
    if (w.length <= i) throw new IllegalArgumentException("expected a duration such as 50ms, 2s or 1m30s");
    return Duration.ofMillis(Durations.parseSigned(w[i]));
  }
}
