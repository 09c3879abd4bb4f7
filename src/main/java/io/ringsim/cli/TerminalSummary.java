package io.ringsim.cli;

import io.ringsim.report.ClientRetries;
import io.ringsim.report.TextTable;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The text {@code run} and {@code serve} print when a run ends: per node ownership and load (with max/mean and CV),
 * per consistency level operations, errors and latency, what the checker found, the events, and each check's verdict.
 */
final class TerminalSummary {
  private TerminalSummary() {}

  static String of(RunResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append("Scenario ").append(r.scenario()).append(" (seed ").append(r.seed()).append(", ")
        .append(Durations.format(r.simulatedMillis())).append(" simulated)\n\n");
    List<List<String>> nodes = new ArrayList<>();
    for (RunResult.NodeRow n : r.nodes()) {
      nodes.add(List.of(n.name(), n.dc(), n.rack(), n.upAtEnd() ? "UN" : "DN", pct(n.effectiveOwnership()),
          String.valueOf(n.partitions()), kb(n.bytes()), String.valueOf(n.coordinated()),
          n.hintsStored() + "/" + n.hintsReplayed(), String.valueOf(n.readRepairs())));
    }
    sb.append(TextTable.render(List.of("node", "dc", "rack", "state", "owns", "partitions", "load", "coordinated",
        "hints stored/replayed", "read repairs"), nodes));
    sb.append(String.format("%nownership max/mean %.3f  CV %.3f    load max/mean %.3f  CV %.3f%n%n",
        r.ownershipSkew().maxOverMean(), r.ownershipSkew().cv(), r.loadSkew().maxOverMean(), r.loadSkew().cv()));
    List<List<String>> series = new ArrayList<>();
    for (RunResult.SeriesRow s : r.series()) {
      long failed = s.failures().values().stream().mapToLong(Long::longValue).sum();
      series.add(List.of(s.series(), String.valueOf(s.ok()), String.valueOf(failed),
          String.format("%.2f%%", s.availabilityPercent()), ms(s.p50Ms()), ms(s.p99Ms()), ms(s.maxMs()),
          s.failures().isEmpty() ? "" : s.failures().toString()));
    }
    sb.append(TextTable.render(List.of("operations", "ok", "failed", "available", "p50", "p99", "max", "errors"),
        series));
    List<ClientRetries> retries = r.clientRetries() == null ? List.of() : r.clientRetries();
    sb.append(retries.isEmpty()
        ? "ok and failed count the coordinators' replies to the workloads' clients (which do not retry);"
        : "ok and failed count the coordinators' replies, one per try (a served client's driver may retry);")
        .append(" p50, p99 and max are of the successful operations\n");
    if (!retries.isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (ClientRetries c : retries) {
        rows.add(List.of(c.consistency(), String.valueOf(c.replies()), String.valueOf(c.failed()),
            String.valueOf(c.retries()), String.valueOf(c.failuresRetried())));
      }
      sb.append("\nserved clients:\n").append(TextTable.render(List.of("level", "replies", "failed",
          "of which driver retries", "failures followed by a retry"), rows));
      for (ClientRetries c : retries) {
        if (c.retries() > 0 || c.failuresRetried() > 0) {
          sb.append(String.format("%s: %d replies, of which %d look like driver retries of an earlier failed request;"
              + " %d of the %d failures were followed by a recognised retry%n", c.consistency(), c.replies(),
              c.retries(), c.failuresRetried(), c.failed()));
        }
      }
      sb.append(ClientRetries.explanation()).append('\n');
    }
    if (r.throttled() > 0) {
      List<List<String>> levels = new ArrayList<>();
      for (RunResult.LevelRow l : r.levels()) {
        levels.add(List.of(l.consistency(), String.valueOf(l.ok()), String.valueOf(l.failed()),
            String.valueOf(l.throttled()), l.availabilityPercent() == null ? "-"
                : String.format("%.2f%%", l.availabilityPercent())));
      }
      sb.append(String.format("%n%d operations were throttled: a client had its concurrency cap in flight and did"
          + " not send them; availability counts them as not available%n", r.throttled()));
      sb.append(TextTable.render(List.of("level", "ok", "failed", "throttled", "available"), levels));
    }
    RunResult.AnomalyCounts a = r.anomalyCounts();
    if (!r.historyRecorded()) {
      sb.append(String.format("%nnot checked: 'history off' keeps no per-operation history (history.jsonl is empty,"
          + " no read-back, no hot partitions)%n"));
    } else {
      sb.append(String.format("%nchecked %d reads and %d keys: %d stale reads (%d read-your-writes), %d lost writes,"
          + " %d LWT violations%n", a.readsChecked(), a.keysChecked(), a.staleReads(), a.readYourWritesViolations(),
          a.lostWrites(), a.lwtViolations()));
      if (a.notJudgedTotal() > 0) {
        sb.append(String.format("not judged: %d (%s), never counted as anomalies%n", a.notJudgedTotal(),
            String.join(", ", a.notJudged().entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList())));
      }
    }
    long listed = r.anomalies().size();
    if (a.anomaliesUnlisted() > 0) {
      sb.append(String.format("the first %d of the %d anomalies are listed in summary.json%n", listed,
          listed + a.anomaliesUnlisted()));
    }
    if (listed > 5) sb.append(String.format("the first 5 of the %d anomalies:%n", listed + a.anomaliesUnlisted()));
    for (int i = 0; i < Math.min(5, r.anomalies().size()); i++) {
      var an = r.anomalies().get(i);
      sb.append("  ").append(an.kind()).append(" at ").append(Durations.format(an.atMicros() / 1000)).append(" key ")
          .append(an.key()).append(": ").append(an.detail()).append('\n');
    }
    if (!r.events().isEmpty()) {
      sb.append("\nevents:\n");
      for (RunResult.Event e : r.events()) {
        sb.append("  ").append(Durations.format(e.atMicros() / 1000)).append("  ").append(e.text()).append('\n');
      }
    }
    if (!r.checks().isEmpty()) {
      sb.append('\n');
      for (RunResult.CheckRow c : r.checks()) {
        sb.append(switch (c.verdict()) {
          case PASS -> "PASS  ";
          case FAIL -> "FAIL  ";
          case NOT_APPLICABLE -> "N/A   ";
        }).append(c.check()).append(" - ").append(c.detail()).append('\n');
      }
    }
    return sb.toString();
  }

  private static String pct(double v) {
    return String.format("%.1f%%", v * 100);
  }

  private static String kb(long b) {
    return b < 10_240 ? b + " B" : String.format("%.1f KiB", b / 1024.0);
  }

  private static String ms(double v) {
    return String.format("%.2f ms", v);
  }
}
