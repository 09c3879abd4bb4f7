package io.ringsim.cli;

import io.ringsim.report.ClientRetries;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.report.ReportHtml;
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
    return of(r, Lang.EN);
  }

  /** The summary with its labels in {@code lang}; the figures are the same in every language. */
  static String of(RunResult r, Lang lang) {
    Labels t = lang.labels();
    StringBuilder sb = new StringBuilder();
    sb.append(t.f("term.header", r.scenario(), r.seed(), Durations.format(r.simulatedMillis()))).append("\n\n");
    List<List<String>> nodes = new ArrayList<>();
    for (RunResult.NodeRow n : r.nodes()) {
      nodes.add(List.of(n.name(), n.dc(), n.rack(), n.upAtEnd() ? "UN" : "DN", pct(n.effectiveOwnership()),
          String.valueOf(n.partitions()), kb(n.bytes()), String.valueOf(n.coordinated()),
          n.hintsStored() + "/" + n.hintsReplayed(), String.valueOf(n.readRepairs())));
    }
    sb.append(TextTable.render(heads(t, "term.th.node", "term.th.dc", "term.th.rack", "term.th.state", "term.th.owns",
        "term.th.partitions", "term.th.load", "term.th.coordinated", "term.th.hints", "term.th.read-repairs"), nodes, t));
    sb.append(String.format("%n")).append(t.f("term.skew", f3(r.ownershipSkew().maxOverMean()), f3(r.ownershipSkew().cv()),
        f3(r.loadSkew().maxOverMean()), f3(r.loadSkew().cv()))).append(String.format("%n%n"));
    List<List<String>> series = new ArrayList<>();
    for (RunResult.SeriesRow s : r.series()) {
      long failed = s.failures().values().stream().mapToLong(Long::longValue).sum();
      series.add(List.of(s.series(), String.valueOf(s.ok()), String.valueOf(failed),
          String.format("%.2f%%", s.availabilityPercent()), ms(s.p50Ms()), ms(s.p99Ms()), ms(s.maxMs()),
          s.failures().isEmpty() ? "" : s.failures().toString()));
    }
    sb.append(TextTable.render(heads(t, "term.th.operations", "term.th.ok", "term.th.failed", "term.th.available",
        "term.th.p50", "term.th.p99", "term.th.max", "term.th.errors"), series, t));
    List<ClientRetries> retries = r.clientRetries() == null ? List.of() : r.clientRetries();
    sb.append(t.get(retries.isEmpty() ? "term.note.workloads" : "term.note.served"))
        .append(t.get("term.note.percentiles")).append('\n');
    if (!retries.isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (ClientRetries c : retries) {
        rows.add(List.of(c.consistency(), String.valueOf(c.replies()), String.valueOf(c.failed()),
            String.valueOf(c.retries()), String.valueOf(c.failuresRetried())));
      }
      sb.append('\n').append(t.get("term.served")).append('\n').append(TextTable.render(heads(t, "term.th.level",
          "term.th.replies", "term.th.failed", "term.th.driver-retries", "term.th.failures-retried"), rows, t));
      for (ClientRetries c : retries) {
        if (c.retries() > 0 || c.failuresRetried() > 0) {
          sb.append(t.f("term.retries", c.consistency(), c.replies(), c.retries(), c.failuresRetried(), c.failed()))
              .append(String.format("%n"));
        }
      }
      sb.append(ClientRetries.explanation(t)).append('\n');
    }
    if (r.throttled() > 0) {
      List<List<String>> levels = new ArrayList<>();
      for (RunResult.LevelRow l : r.levels()) {
        levels.add(List.of(l.consistency(), String.valueOf(l.ok()), String.valueOf(l.failed()),
            String.valueOf(l.throttled()), l.availabilityPercent() == null ? "-"
                : String.format("%.2f%%", l.availabilityPercent())));
      }
      sb.append(String.format("%n")).append(t.f("term.throttled", r.throttled())).append(String.format("%n"));
      sb.append(TextTable.render(heads(t, "term.th.level", "term.th.ok", "term.th.failed", "term.th.throttled",
          "term.th.available"), levels, t));
    }
    RunResult.AnomalyCounts a = r.anomalyCounts();
    if (!r.historyRecorded()) {
      sb.append(String.format("%n")).append(t.get("term.not-checked")).append(String.format("%n"));
    } else {
      sb.append(String.format("%n")).append(t.f("term.checked", a.readsChecked(), a.keysChecked(), a.staleReads(),
          a.readYourWritesViolations(), a.lostWrites(), a.lwtViolations())).append(String.format("%n"));
      if (a.notJudgedTotal() > 0) {
        sb.append(t.f("term.not-judged", a.notJudgedTotal(),
            String.join(", ", a.notJudged().entrySet().stream()
                .map(e -> e.getValue() + " " + notJudged(t, e.getKey())).toList())))
            .append(String.format("%n"));
      }
    }
    long listed = r.anomalies().size();
    if (a.anomaliesUnlisted() > 0) {
      sb.append(t.f("term.anomalies.listed", listed, listed + a.anomaliesUnlisted())).append(String.format("%n"));
    }
    if (listed > 5) sb.append(t.f("term.anomalies.first5", listed + a.anomaliesUnlisted())).append(String.format("%n"));
    for (int i = 0; i < Math.min(5, r.anomalies().size()); i++) {
      var an = r.anomalies().get(i);
      sb.append("  ").append(t.f("term.anomaly", t.name("anomaly.kind.", an.kind().label()),
              Durations.format(an.atMicros() / 1000), an.key(), t.say(an.detail())))
          .append('\n');
    }
    if (!r.events().isEmpty()) {
      sb.append('\n').append(t.get("term.events")).append('\n');
      for (RunResult.Event e : r.events()) {
        sb.append("  ").append(Durations.format(e.atMicros() / 1000)).append("  ").append(t.say(e.text())).append('\n');
      }
    }
    if (!r.checks().isEmpty()) {
      sb.append('\n');
      int width = 0;
      for (io.ringsim.report.Check.Verdict v : io.ringsim.report.Check.Verdict.values())
        width = Math.max(width, TextTable.columns(ReportHtml.verdict(v, t)));
      for (RunResult.CheckRow c : r.checks()) {
        String word = ReportHtml.verdict(verdict(c.verdict()), t);
        sb.append(word).append(" ".repeat(width + 2 - TextTable.columns(word))).append(c.check()).append(" - ")
            .append(t.say(c.detail())).append('\n');
      }
    }
    return sb.toString();
  }

  private static List<String> heads(Labels t, String... keys) {
    List<String> out = new ArrayList<>(keys.length);
    for (String k : keys) out.add(t.get(k));
    return out;
  }

  /** A "not judged" reason's short name: summary.json's name in English, its label in another language. */
  private static String notJudged(Labels t, String key) {
    return t.has("notjudged." + key) ? t.get("notjudged." + key) : key;
  }

  private static String f3(double v) {
    return String.format("%.3f", v);
  }

  private static io.ringsim.report.Check.Verdict verdict(RunResult.Verdict v) {
    return io.ringsim.report.Check.Verdict.valueOf(v.name());
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
