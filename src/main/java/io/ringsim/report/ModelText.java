package io.ringsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ringsim.report.ModelReport.Figures;
import io.ringsim.report.ModelReport.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The model's report as terminal text, and as JSON (the same content, for scripts). */
public final class ModelText {
  private ModelText() {}

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public static String json(ModelReport r) {
    try {
      return MAPPER.writeValueAsString(r) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String text(ModelReport r) {
    StringBuilder sb = new StringBuilder();
    sb.append("model of scenario ").append(r.scenario()).append(": ").append(r.cluster().nodes()).append(" nodes x ")
        .append(r.cluster().vnodes()).append(" vnodes (").append(r.cluster().partitioner()).append("), data of ")
        .append(duration(r.durationMillis()));
    if (r.scale() != 1) sb.append(" (the scenario's duration x ").append(num(r.scale())).append(")");
    sb.append("\nlimits: partition ").append(bytes(r.limits().partitionBytes())).append(" or ")
        .append(String.format(Locale.ROOT, "%,d", r.limits().partitionRows())).append(" rows; tombstones per read ")
        .append(r.limits().tombstones()).append(" (a read past ").append(r.limits().tombstoneFailure())
        .append(" fails); hot partition ").append(num(r.limits().hotRatio()))
        .append(" x the mean share; node load max/mean ").append(num(r.limits().skew())).append("\n");
    for (ModelReport.Table t : r.tables()) {
      sb.append("\ntable ").append(t.name()).append("  ").append(t.primaryKey()).append("  RF ")
          .append(t.replicationFactor()).append("  written by: ")
          .append(t.workloads().isEmpty() ? "no workload" : String.join(", ", t.workloads())).append("\n");
      sb.append("  formula: ").append(t.formula()).append("\n");
      List<List<String>> rows = new ArrayList<>();
      rows.add(row("predicted", t.predicted()));
      if (t.measured() != null) rows.add(row("measured", t.measured()));
      sb.append(indent(TextTable.render(List.of("", "partitions", "rows", "bytes", "rows/partition p50 p99 max",
          "cells/partition p50 p99 max", "bytes/partition p50 p99 max", "tombstones/read max"), rows)));
      if (t.sampling() != null) sb.append("  measured: ").append(t.sampling().note()).append("\n");
      if (tombstones(t)) {
        List<List<String>> tr = new ArrayList<>();
        tr.add(tombstoneRow("predicted", t.predicted().tombstones()));
        if (t.measured() != null) tr.add(tombstoneRow("measured", t.measured().tombstones()));
        sb.append("  tombstones a read of a whole partition crosses, per partition (p50 p99 max):\n");
        sb.append(indent(TextTable.render(TOMBSTONE_HEADER, tr)));
      }
      if (!t.hottest().isEmpty()) {
        sb.append("  hottest partitions (measured):\n");
        for (ModelReport.Partition p : t.hottest()) {
          sb.append(String.format(Locale.ROOT, "    (%s)  %,d writes (%s)  %,d rows  %s  on %s%n", p.key(),
              p.writes(), pct(p.writeShare()), p.rows(), bytes(p.bytes()), String.join(", ", p.replicas())));
        }
      }
      if (!t.nodes().isEmpty()) {
        sb.append("  node load (measured, all replicas): ");
        StringBuilder nl = new StringBuilder();
        for (ModelReport.Node n : t.nodes()) {
          if (nl.length() > 0) nl.append(", ");
          nl.append(n.node()).append(" ").append(bytes(n.bytes())).append(" (own ").append(pct(n.ownership()))
              .append(")");
        }
        sb.append(nl).append("; max/mean ").append(num(t.loadMaxOverMean())).append("\n");
      }
    }
    if (!r.queries().isEmpty()) {
      sb.append("\nqueries:\n");
      for (ModelReport.Query q : r.queries()) {
        sb.append("  ").append(q.at()).append("  ").append(q.cql()).append("\n    ").append(q.access())
            .append(", reads ").append(String.format(Locale.ROOT, "%,d", q.partitionsTouched()))
            .append(q.partitionsTouched() == 1 ? " partition" : " partitions")
            .append(q.needsFiltering() ? "; needs ALLOW FILTERING" : "").append("\n");
      }
    }
    sb.append("\nfindings: ").append(r.findings().isEmpty() ? "none" : r.findings().size()).append("\n");
    for (ModelReport.Finding f : r.findings()) {
      sb.append("  ").append(f.code()).append("  ").append(f.subject()).append("\n    evidence: ").append(f.evidence())
          .append("\n    threshold: ").append(f.threshold()).append("\n");
    }
    if (!r.suggestions().isEmpty()) {
      sb.append("\nsuggestions:\n");
      for (ModelReport.Suggestion s : r.suggestions()) {
        sb.append("  fixes ").append(s.fixes()).append(" on ").append(s.subject()).append(": ").append(s.title())
            .append("\n");
        for (String c : s.cql()) sb.append("    ").append(c).append("\n");
        for (String q : s.queries()) sb.append("    ").append(q).append("\n");
        List<List<String>> ch = new ArrayList<>();
        for (ModelReport.Change c : s.changes()) ch.add(List.of(c.figure(), c.before(), c.after()));
        sb.append(indent(indent(TextTable.render(List.of("", "before", "after"), ch))));
        sb.append("    ").append(s.verdict()).append("\n");
      }
    }
    return sb.toString();
  }

  private static List<String> row(String label, Figures f) {
    return List.of(label, String.format(Locale.ROOT, "%,d", f.partitions()), String.format(Locale.ROOT, "%,d", f.rows()),
        bytes(f.bytes()), counts(f.rowsPerPartition()), counts(f.cellsPerPartition()), sizes(f.bytesPerPartition()),
        String.format(Locale.ROOT, "%,d", f.maxTombstonesPerRead()));
  }

  static final List<String> TOMBSTONE_HEADER = List.of("", "all", "deleted cells", "expired cells (TTL)",
      "row deletions", "range tombstones", "partition deletions");

  /** Whether either side has a tombstone to show (a table without deletes or TTL shows none). */
  static boolean tombstones(ModelReport.Table t) {
    return t.predicted().tombstones().any() || (t.measured() != null && t.measured().tombstones().any());
  }

  static List<String> tombstoneRow(String label, ModelReport.Tombstones k) {
    return List.of(label, counts(k.total()), counts(k.cell()), counts(k.expired()), counts(k.row()), counts(k.range()),
        counts(k.partition()));
  }

  static String counts(Spread s) {
    return String.format(Locale.ROOT, "%,d %,d %,d", s.p50(), s.p99(), s.max());
  }

  private static String sizes(Spread s) {
    return bytes(s.p50()) + " " + bytes(s.p99()) + " " + bytes(s.max());
  }

  /** Indented by two spaces; the table's "(N rows)" footer and blank lines dropped. */
  private static String indent(String s) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.split("\n")) {
      if (line.isBlank() || line.matches("\\(\\d+ rows?\\)")) continue;
      sb.append("  ").append(line).append("\n");
    }
    return sb.toString();
  }

  static String bytes(double b) {
    if (b < 1024) return Math.round(b) + " B";
    if (b < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", b / 1024);
    if (b < 1024.0 * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MiB", b / 1024 / 1024);
    return String.format(Locale.ROOT, "%.2f GiB", b / 1024 / 1024 / 1024);
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, share < 0.001 && share > 0 ? "%.4f%%" : "%.1f%%", share * 100);
  }

  static String num(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.2f", d);
  }

  static String duration(long ms) {
    long d = 86_400_000L;
    if (ms >= d) return num((double) ms / d) + (ms == d ? " day" : " days");
    if (ms >= 3_600_000L) return num(ms / 3_600_000.0) + " h";
    if (ms >= 60_000L) return num(ms / 60_000.0) + " min";
    return num(ms / 1000.0) + " s";
  }
}
