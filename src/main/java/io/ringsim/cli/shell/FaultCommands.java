package io.ringsim.cli.shell;

import io.ringsim.cluster.SimCluster;
import io.ringsim.report.Lang;
import io.ringsim.report.Labels;
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

  /** The fault words and what each does, in English (cqlsh's HELP). */
  public static final String HELP = help(Lang.EN.labels());

  /** The fault words and what each does, in {@code t}'s language; the words themselves are the timeline's. */
  public static String help(Labels t) {
    StringBuilder b = new StringBuilder(t.get("fault.help.head"));
    String[][] lines = {
      {"CRASH n3", t.get("fault.help.crash")},
      {"RESTART n3", t.get("fault.help.restart")},
      {"PARTITION {n1 n2} {n3 n4}", t.get("fault.help.partition")},
      {"PARTITION ONEWAY {a} -> {b}", t.get("fault.help.oneway")},
      {"HEAL", t.get("fault.help.heal")},
      {"SLOW n2 50ms", t.get("fault.help.slow")},
      {"LOSS 5%", t.get("fault.help.loss")},
      {"SKEW n4 -2s", t.get("fault.help.skew")},
      {"FLUSH [n2] | COMPACT [n2]", t.get("fault.help.flush")},
      {"REPAIR n2", t.get("fault.help.repair")},
      {"WAIT 10s", t.get("fault.help.wait")}};
    for (String[] l : lines) b.append('\n').append(String.format(Locale.ROOT, "  %-28s %s", l[0], l[1]));
    return b.toString();
  }

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
    return handle(cmd, sim, out, cancelled, Lang.EN.labels());
  }

  /** As {@link #handle(String, SimCluster, PrintWriter, BooleanSupplier)}, answering in {@code t}'s language. */
  public static boolean handle(String cmd, SimCluster sim, PrintWriter out, BooleanSupplier cancelled, Labels t) {
    String[] w = cmd.trim().split("\\s+");
    String verb = w[0].toUpperCase(Locale.ROOT);
    if (!WORDS.contains(verb) || verb.equals("ONEWAY")) return false;
    try {
      out.println(run(verb, w, cmd.trim(), sim, cancelled, t));
    } catch (IllegalArgumentException e) {
      out.println(t.f("fault.improper", verb, e.getMessage()));
    }
    return true;
  }

  /** Whether {@code answer} is the refusal of a fault word (its usage was wrong), in {@code t}'s language. */
  public static boolean refused(String answer, String verb, Labels t) {
    return answer.startsWith(t.f("fault.improper", verb.toUpperCase(Locale.ROOT), ""));
  }

  private static String run(String verb, String[] w, String cmd, SimCluster sim, BooleanSupplier cancelled,
      Labels t) {
    switch (verb) {
      case "CRASH" -> {
        String n = node(w, 1, sim, t);
        sim.crash(n);
        return t.f("fault.crashed", n);
      }
      case "RESTART" -> {
        String n = node(w, 1, sim, t);
        ReplayReport r = sim.restart(n);
        return t.f("fault.restarted", n, r.replayed(), r.lostUnsynced() > 0 ? t.f("fault.restarted.lost",
            r.lostUnsynced()) : "", r.corrupt().isEmpty() ? "" : t.f("fault.restarted.corrupt", r.corrupt().size()));
      }
      case "PARTITION" -> {
        Matcher m = PARTITION.matcher(cmd);
        if (!m.matches()) throw new IllegalArgumentException(t.get("fault.partition.expected"));
        boolean oneWay = m.group(1) != null;
        if (oneWay != (m.group(3) != null)) throw new IllegalArgumentException(t.get("fault.partition.oneway-form"));
        Set<String> a = group(m.group(2), sim, t);
        Set<String> b = group(m.group(4), sim, t);
        for (String n : a) if (b.contains(n)) throw new IllegalArgumentException(t.f("fault.partition.both-sides", n));
        sim.partition(a, b, oneWay);
        return t.f(oneWay ? "fault.partition.oneway" : "fault.partition.cut", a, b);
      }
      case "HEAL" -> {
        sim.heal();
        return t.get("fault.healed");
      }
      case "SLOW" -> {
        String n = node(w, 1, sim, t);
        Duration d = duration(w, 2, t);
        if (d.isNegative()) throw new IllegalArgumentException(t.f("fault.slow.negative", w[2]));
        sim.slow(n, d);
        return d.isZero() ? t.f("fault.slow.cleared", n) : t.f("fault.slow", n, w[2]);
      }
      case "LOSS" -> {
        if (w.length < 2 || !w[1].matches("\\d+(\\.\\d+)?%")) throw new IllegalArgumentException(
            t.get("fault.loss.expected"));
        double p = Double.parseDouble(w[1].substring(0, w[1].length() - 1)) / 100;
        if (p > 1) throw new IllegalArgumentException(t.f("fault.loss.most", w[1]));
        sim.setLoss(p);
        return t.f("fault.loss", w[1]);
      }
      case "SKEW" -> {
        String n = node(w, 1, sim, t);
        Duration d = duration(w, 2, t);
        sim.clockSkew(n, d);
        return d.isZero() ? t.f("fault.skew.on-time", n)
            : t.f(d.isNegative() ? "fault.skew.behind" : "fault.skew.ahead", n, w[2].replace("-", ""));
      }
      case "FLUSH", "COMPACT" -> {
        List<String> targets = w.length > 1 ? List.of(node(w, 1, sim, t)) : liveNodes(sim);
        for (String n : targets) {
          if (verb.equals("FLUSH")) sim.flush(n);
          else sim.compact(n);
        }
        return t.f(verb.equals("FLUSH") ? "fault.flushed" : "fault.compacted", String.join(", ", targets));
      }
      case "REPAIR" -> {
        String n = node(w, 1, sim, t);
        if (sim.isCrashed(n)) throw new IllegalArgumentException(t.f("fault.repair.down", n));
        NodeCommand.RepairResult r = sim.repair(n);
        return t.f("fault.repair", n, r.rangesCompared(), r.rangesMismatched(), r.leavesMismatched(),
            r.leavesCompared(), r.partitionsStreamed());
      }
      case "WAIT" -> {
        Duration d = duration(w, 1, t);
        if (d.isNegative() || d.isZero()) throw new IllegalArgumentException(t.get("fault.wait.expected"));
        if (d.toMillis() > Limits.MAX_WAIT_MILLIS) throw new IllegalArgumentException(
            t.f("fault.wait.most", Durations.format(Limits.MAX_WAIT_MILLIS), w[1]));
        // A simulated second at a time, so that Ctrl-C stops a long WAIT and keeps the shell.
        long waited = 0;
        while (waited < d.toMillis()) {
          if (cancelled.getAsBoolean()) {
            return t.f("fault.wait.stopped", Durations.format(waited));
          }
          long step = Math.min(WAIT_STEP_MILLIS, d.toMillis() - waited);
          sim.advance(Duration.ofMillis(step));
          waited += step;
        }
        return t.f("fault.wait", w[1]);
      }
      default -> throw new IllegalStateException(verb);
    }
  }

  private static String node(String[] w, int i, SimCluster sim, Labels t) {
    if (w.length <= i) throw new IllegalArgumentException(t.f("fault.node.expected", String.join(", ", sim.nodeNames())));
    String n = w[i];
    if (!sim.nodeNames().contains(n)) throw new IllegalArgumentException(t.f("fault.node.unknown", n,
        String.join(", ", sim.nodeNames())));
    return n;
  }

  private static Set<String> group(String names, SimCluster sim, Labels t) {
    Set<String> out = new LinkedHashSet<>();
    for (String n : names.trim().split("[\\s,]+")) {
      if (n.isEmpty()) continue;
      node(new String[] {n}, 0, sim, t);
      out.add(n);
    }
    if (out.isEmpty()) throw new IllegalArgumentException(t.get("fault.group.empty"));
    return out;
  }

  private static List<String> liveNodes(SimCluster sim) {
    return sim.nodeNames().stream().filter(n -> !sim.isCrashed(n)).toList();
  }

  /** A simulated duration as scenario files write it: 500ms, 30s, 2m30s, 1h, with an optional minus sign. */
  static Duration duration(String[] w, int i, Labels t) {
    if (w.length <= i) throw new IllegalArgumentException(t.get("fault.duration.expected"));
    return Duration.ofMillis(Durations.parseSigned(w[i]));
  }
}
