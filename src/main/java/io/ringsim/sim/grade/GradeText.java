package io.ringsim.sim.grade;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ringsim.sim.grade.GradeResult.Criterion;
import io.ringsim.sim.grade.GradeResult.QueryReport;
import io.ringsim.sim.grade.GradeResult.TableReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A grading result as a student reads it in a terminal, or as JSON for an autograder. */
public final class GradeText {
  private GradeText() {}

  public static String text(GradeResult r) {
    StringBuilder sb = new StringBuilder();
    GradeResult.Scale sc = r.scale();
    sb.append("Grading ").append(r.submission()).append(" against ").append(r.assignment()).append(" (")
        .append(r.assignmentName()).append(")\n");
    sb.append(scaleNote(r)).append("\n");
    for (QueryReport q : r.queries()) {
      sb.append("\n").append(q.id()).append("  ").append(q.description()).append("\n");
      sb.append("    ").append(q.at()).append(": ").append(q.cql()).append("\n");
      for (Criterion c : r.criteria()) {
        if (q.id().equals(c.pattern())) line(sb, c);
      }
    }
    sb.append("\nTables at full scale (").append(String.format("%,d", sc.generated())).append(" ")
        .append(plural(sc.entity())).append("; bytes are the storage engine's serialized partition sizes)\n");
    for (TableReport t : r.tables()) {
      sb.append(String.format("  %-24s %,d partitions, %s; partition size p50 %s, p99 %s, max %s (%s, %s)%n",
          t.table(), t.partitions(), Sizes.rows(t.rows()), Sizes.bytes(t.p50Bytes()), Sizes.bytes(t.p99Bytes()),
          Sizes.bytes(t.largestBytes()), t.largestKey(), Sizes.rows(t.largestRows())));
      if (t.overwrites() > 0) {
        sb.append(String.format("  %-24s %,d writes replaced an earlier row with the same primary key (an upsert):"
            + " the key does not identify %s %s%n", "", t.overwrites(), "aeiou".indexOf(t.entity().charAt(0)) >= 0 ? "an" : "a",
            t.entity()));
      }
      if (sc.sampled()) {
        sb.append(String.format("  %-24s on the %,d loaded: largest partition %s computed, %s measured on the "
            + "nodes%n", "", sc.loaded(), Sizes.bytes(t.sampleLargestBytes()),
            Sizes.bytes(t.sampleLargestBytesMeasured())));
      }
    }
    if (r.criteria().stream().anyMatch(c -> c.pattern() == null)) {
      sb.append("\nLimits\n");
      for (Criterion c : r.criteria()) if (c.pattern() == null) line(sb, c);
    }
    sb.append("\nScore: ").append(r.score()).append("/").append(r.max())
        .append(r.allPassed() ? " (every criterion passes)" : "").append("\n");
    return sb.toString();
  }

  static String scaleNote(GradeResult r) {
    GradeResult.Scale sc = r.scale();
    String cluster = sc.nodes() + " nodes, " + sc.vnodes() + " vnodes, replication " + sc.replication();
    if (!sc.sampled()) {
      return String.format("Data: all %,d %s generated and loaded into a simulated cluster (%s).", sc.generated(),
          plural(sc.entity()), cluster);
    }
    return String.format("Data: %,d %s generated; the queries run on a sample, the first %,d of them, loaded into "
        + "a simulated cluster (%s); partition sizes, rows and node load are counted over all %,d.",
        sc.generated(), plural(sc.entity()), sc.loaded(), cluster, sc.generated());
  }

  /** user -> users, entry -> entries. */
  static String plural(String noun) {
    if (noun.endsWith("y") && noun.length() > 1 && "aeiou".indexOf(noun.charAt(noun.length() - 2)) < 0) {
      return noun.substring(0, noun.length() - 1) + "ies";
    }
    return noun.endsWith("s") ? noun + "es" : noun + "s";
  }

  private static void line(StringBuilder sb, Criterion c) {
    sb.append("  ").append(c.passed() ? "PASS" : "FAIL").append("  ").append(c.name()).append(": ")
        .append(c.reason()).append("\n");
  }

  public static String json(GradeResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("assignment", r.assignment());
    m.put("submission", r.submission());
    m.put("score", r.score());
    m.put("max", r.max());
    m.put("passed", r.allPassed());
    GradeResult.Scale sc = r.scale();
    Map<String, Object> scale = new LinkedHashMap<>();
    scale.put("entity", sc.entity());
    scale.put("generated", sc.generated());
    scale.put("loaded", sc.loaded());
    scale.put("sampled", sc.sampled());
    scale.put("note", scaleNote(r));
    scale.put("nodes", sc.nodes());
    scale.put("vnodes", sc.vnodes());
    scale.put("replication", sc.replication());
    m.put("scale", scale);
    m.put("criteria", r.criteria());
    List<Map<String, Object>> qs = new ArrayList<>();
    for (QueryReport q : r.queries()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("id", q.id());
      x.put("description", q.description());
      x.put("cql", q.cql());
      x.put("at", q.at());
      x.put("runs", q.runs());
      x.put("runsRight", q.runsRight());
      x.put("maxPartitions", q.maxPartitions() < 0 ? "all" : q.maxPartitions());
      x.put("access", q.access());
      x.put("passed", r.criteria().stream().filter(c -> q.id().equals(c.pattern())).allMatch(Criterion::passed));
      qs.add(x);
    }
    m.put("queries", qs);
    m.put("tables", r.tables());
    m.put("nodes", r.nodes());
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
