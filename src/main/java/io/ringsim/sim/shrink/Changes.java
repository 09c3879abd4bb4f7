package io.ringsim.sim.shrink;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.report.Labels;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.Say;
import io.ringsim.sim.TimedAction;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.script.ScenarioWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** What shrinking removed and reduced, in words, for the header of the smaller scenario. */
public final class Changes {
  private Changes() {}

  /** One line per kind of change, in the order of the file (checks, duration, cluster, workloads, timeline). */
  public static List<String> of(RunSpec original, RunSpec smallest) {
    return of(original, smallest, Say.EN);
  }

  /** {@link #of(RunSpec, RunSpec)} in {@code t}'s language (the result's header is always English). */
  public static List<String> of(RunSpec original, RunSpec smallest, Labels t) {
    String sep = t.get("shrink.sep");
    List<String> out = new ArrayList<>();
    List<String> otherChecks = new ArrayList<>();
    for (CheckSpec c : original.checks()) {
      if (smallest.checks().stream().noneMatch(k -> k.text().equals(c.text()))) otherChecks.add("'" + c.text() + "'");
    }
    if (!otherChecks.isEmpty()) out.add(t.f("shrink.changes.checks", String.join(sep, otherChecks)));
    if (original.durationMillis() != smallest.durationMillis()) {
      out.add(t.f("shrink.changes.duration", Durations.format(original.durationMillis()),
          Durations.format(smallest.durationMillis())));
    }
    for (ClusterBuilder.Dc dc : original.dcs()) {
      for (ClusterBuilder.Dc now : smallest.dcs()) {
        if (now.name().equals(dc.name()) && now.nodes() != dc.nodes()) {
          out.add(original.dcs().size() == 1 ? t.f("shrink.changes.nodes", dc.nodes(), now.nodes())
              : t.f("shrink.changes.dc-nodes", dc.name(), dc.nodes(), now.nodes()));
        }
      }
    }
    if (original.vnodes() != smallest.vnodes())
      out.add(t.f("shrink.changes.vnodes", original.vnodes(), smallest.vnodes()));
    List<String> goneWorkloads = new ArrayList<>();
    for (WorkloadSpec w : original.workloads()) {
      WorkloadSpec now = smallest.workloads().stream().filter(x -> x.name().equals(w.name())).findFirst().orElse(null);
      if (now == null) goneWorkloads.add(w.name());
      else {
        List<String> d = workload(w, now, t);
        if (!d.isEmpty()) out.add(t.f("shrink.changes.workload", w.name(), String.join(sep, d)));
      }
    }
    if (!goneWorkloads.isEmpty()) out.add(t.f("shrink.changes.workloads", String.join(sep, goneWorkloads)));
    List<String> goneLines = new ArrayList<>();
    List<TimedAction> kept = new ArrayList<>(smallest.timeline());
    for (TimedAction a : original.timeline()) {
      TimedAction match = kept.stream().filter(k -> k.atMillis() == a.atMillis() && k.text().equals(a.text()))
          .findFirst().orElse(null);
      if (match != null) kept.remove(match);
      else goneLines.add("'" + a.text() + "'");
    }
    if (!goneLines.isEmpty()) out.add(t.f("shrink.changes.timeline", String.join(sep, goneLines)));
    return out;
  }

  private static String window(WorkloadSpec w, Labels t) {
    return t.f("shrink.changes.window.range", ScenarioWriter.duration(w.startMillis()),
        ScenarioWriter.duration(w.endMillis()));
  }

  private static List<String> workload(WorkloadSpec was, WorkloadSpec now, Labels t) {
    List<String> d = new ArrayList<>();
    if (Math.round(was.rate()) != Math.round(now.rate())) {
      d.add(t.f("shrink.changes.rate", Math.round(was.rate()), Math.round(now.rate())));
    }
    if (was.startMillis() != now.startMillis() || was.endMillis() != now.endMillis()) {
      d.add(t.f("shrink.changes.window", window(was, t), window(now, t)));
    }
    for (var g : new TreeMap<>(was.generators()).entrySet()) {
      ValueGen smaller = now.generators().get(g.getKey());
      if (smaller != null && !smaller.equals(g.getValue())) {
        d.add(g.getKey() + " " + ScenarioWriter.generator(g.getValue()) + " -> " + ScenarioWriter.generator(smaller));
      }
    }
    return d;
  }
}
