package io.ringsim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text the {@code run} command prints when a scenario ends: per node ownership and load (with max/mean and CV),
 * per consistency level operations, errors and latency, anomalies by kind, and each check PASS or FAIL.
 */
public final class SummaryTable {
  private SummaryTable() {}

  public static String render(RunReport r) {
    Summary s = r.summary() == null ? Summary.of(r) : r.summary();
    StringBuilder b = new StringBuilder();
    ScenarioInfo sc = r.scenario();
    b.append(String.format(Locale.ROOT, "Scenario %s (seed %d): %s s simulated, %d nodes%n", sc.name(), sc.seed(),
        Html.fig(sc.simulatedMillis() / 1000.0), r.cluster().nodes().size()));

    Map<String, NodeLoad> load = new LinkedHashMap<>();
    for (NodeLoad l : r.load()) load.put(l.node(), l);
    List<List<String>> rows = new ArrayList<>();
    for (ClusterInfo.NodeInfo n : r.cluster().nodes()) {
      NodeLoad l = load.getOrDefault(n.name(), new NodeLoad(n.name(), 0, 0, 0, 0, 0));
      rows.add(List.of(n.name(), n.dc(), n.rack(), n.up() ? "UP" : "DOWN", Html.pct(n.ownership()), Long.toString(l.partitions()),
          Long.toString(l.rows()), Html.bytes(l.bytes()), Long.toString(l.coordinatedOps()), Long.toString(l.replicaOps())));
    }
    b.append(TextTable.render(List.of("node", "dc", "rack", "status", "owns", "partitions", "rows", "load", "coordinated", "replica ops"), rows));
    b.append(String.format(Locale.ROOT, "Skew max/mean (CV): ownership %s, partitions %s, bytes %s, coordinated ops %s%n",
        skew(s.ownership()), skew(s.partitions()), skew(s.bytes()), skew(s.coordinatedOps())));

    if (!s.levels().isEmpty()) {
      List<List<String>> cl = new ArrayList<>();
      boolean throttled = s.levels().stream().anyMatch(t -> t.throttled() > 0);
      for (Summary.LevelTotal t : s.levels()) {
        List<String> row = new ArrayList<>(List.of(t.consistency(), Long.toString(t.ops()), Long.toString(t.ok()),
            Long.toString(t.failed()), Html.pct(t.errorRate()), errors(t.failures()), Html.ms(t.latency().p50Ms()),
            Html.ms(t.latency().p99Ms()), Html.ms(t.latency().maxMs())));
        if (throttled) row.addAll(List.of(Long.toString(t.throttled()),
            t.consistency().contains(" ") ? "-" : Html.pct(t.availability())));
        cl.add(row);
      }
      List<String> head = new ArrayList<>(List.of("consistency", "ops", "ok", "failed", "error rate", "errors", "p50",
          "p99", "max"));
      if (throttled) head.addAll(List.of("throttled", "available"));
      b.append(TextTable.render(head, cl));
      b.append("ops count the coordinators' replies to the clients; latencies include timeouts")
          .append(throttled ? "; throttled operations were never sent and count as not available" : "")
          .append('\n');
    }
    if (s.largestPartitionBytes() > 0)
      b.append("Largest partition: ").append(s.largestPartition()).append(", ").append(Html.bytes(s.largestPartitionBytes())).append('\n');
    b.append("Anomalies: ").append(s.anomaliesByKind().isEmpty() ? "none" : errors(s.anomaliesByKind())).append('\n');
    if (!r.checks().isEmpty()) {
      b.append('\n');
      for (Check c : r.checks())
        b.append(String.format("%-6s", c.label())).append(c.name()).append(c.detail().isEmpty() ? "" : ": " + c.detail()).append('\n');
      b.append(String.format(Locale.ROOT, "%d of %d checks passed%n", s.checksPassed(), r.checks().size()));
    }
    return b.toString();
  }

  private static String skew(Skew k) {
    return String.format(Locale.ROOT, "%.3f (%.3f)", k.maxOverMean(), k.cv());
  }

  private static String errors(Map<String, Long> m) {
    if (m.isEmpty()) return "-";
    StringBuilder b = new StringBuilder();
    m.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
    return b.toString();
  }
}
