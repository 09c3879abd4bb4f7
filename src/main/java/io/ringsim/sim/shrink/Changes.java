package io.ringsim.sim.shrink;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunSpec;
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
    List<String> out = new ArrayList<>();
    List<String> otherChecks = new ArrayList<>();
    for (CheckSpec c : original.checks()) {
      if (smallest.checks().stream().noneMatch(k -> k.text().equals(c.text()))) otherChecks.add("'" + c.text() + "'");
    }
    if (!otherChecks.isEmpty()) out.add("removed the other checks: " + String.join(", ", otherChecks));
    if (original.durationMillis() != smallest.durationMillis()) {
      out.add("duration " + Durations.format(original.durationMillis()) + " -> "
          + Durations.format(smallest.durationMillis()));
    }
    for (ClusterBuilder.Dc dc : original.dcs()) {
      for (ClusterBuilder.Dc now : smallest.dcs()) {
        if (now.name().equals(dc.name()) && now.nodes() != dc.nodes()) {
          out.add((original.dcs().size() == 1 ? "" : "dc " + dc.name() + ": ") + "nodes " + dc.nodes() + " -> "
              + now.nodes());
        }
      }
    }
    if (original.vnodes() != smallest.vnodes()) out.add("vnodes " + original.vnodes() + " -> " + smallest.vnodes());
    List<String> goneWorkloads = new ArrayList<>();
    for (WorkloadSpec w : original.workloads()) {
      WorkloadSpec now = smallest.workloads().stream().filter(x -> x.name().equals(w.name())).findFirst().orElse(null);
      if (now == null) goneWorkloads.add(w.name());
      else {
        List<String> d = workload(w, now);
        if (!d.isEmpty()) out.add("workload " + w.name() + ": " + String.join(", ", d));
      }
    }
    if (!goneWorkloads.isEmpty()) out.add("removed workloads: " + String.join(", ", goneWorkloads));
    List<String> goneLines = new ArrayList<>();
    List<TimedAction> kept = new ArrayList<>(smallest.timeline());
    for (TimedAction a : original.timeline()) {
      TimedAction match = kept.stream().filter(k -> k.atMillis() == a.atMillis() && k.text().equals(a.text()))
          .findFirst().orElse(null);
      if (match != null) kept.remove(match);
      else goneLines.add("'" + a.text() + "'");
    }
    if (!goneLines.isEmpty()) out.add("removed timeline lines: " + String.join(", ", goneLines));
    return out;
  }

  private static String window(WorkloadSpec w) {
    return ScenarioWriter.duration(w.startMillis()) + " to " + ScenarioWriter.duration(w.endMillis());
  }

  private static List<String> workload(WorkloadSpec was, WorkloadSpec now) {
    List<String> d = new ArrayList<>();
    if (Math.round(was.rate()) != Math.round(now.rate())) {
      d.add("rate " + Math.round(was.rate()) + "/s -> " + Math.round(now.rate()) + "/s");
    }
    if (was.startMillis() != now.startMillis() || was.endMillis() != now.endMillis()) {
      d.add("from " + window(was) + " -> from " + window(now));
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
