package io.ringsim.sim.grade;

import static io.ringsim.sim.Say.EN;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ringsim.sim.grade.GradeResult.Criterion;
import io.ringsim.sim.grade.GradeResult.QueryReport;
import io.ringsim.sim.grade.GradeResult.TableReport;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A grading result as a student reads it in a terminal, or as JSON for an autograder. */
public final class GradeText {
  private GradeText() {}

  public static String text(GradeResult r) {
    return text(r, Lang.EN);
  }

  /**
   * The result in {@code lang}: the criteria's names and reasons (written in English from the say.grade.* labels) said
   * in that language, the frame from the grade.* labels; ids, CQL, keys, tables and figures as they are.
   */
  public static String text(GradeResult r, Lang lang) {
    Labels t = lang.labels();
    StringBuilder sb = new StringBuilder();
    GradeResult.Scale sc = r.scale();
    sb.append(t.f("grade.head", r.submission(), r.assignment(), r.assignmentName())).append("\n");
    sb.append(said(t, r, scaleNote(r))).append("\n");
    for (QueryReport q : r.queries()) {
      sb.append("\n").append(q.id()).append("  ").append(q.description(lang)).append("\n");
      sb.append("    ").append(q.at()).append(": ").append(q.cql()).append("\n");
      for (Criterion c : r.criteria()) {
        if (q.id().equals(c.pattern())) line(sb, c, t, r);
      }
    }
    sb.append("\n").append(t.f("grade.tables", String.format("%,d", sc.generated()), noun(sc.entity(), lang)))
        .append("\n");
    for (TableReport tb : r.tables()) {
      sb.append(String.format("  %-24s ", tb.table())).append(t.f("grade.table", String.format("%,d", tb.partitions()),
          t.say(Sizes.rows(tb.rows())), t.say(Sizes.bytes(tb.p50Bytes())), t.say(Sizes.bytes(tb.p99Bytes())),
          t.say(Sizes.bytes(tb.largestBytes())), tb.largestKey(), t.say(Sizes.rows(tb.largestRows())))).append("\n");
      if (tb.overwrites() > 0) {
        String key = "aeiou".indexOf(tb.entity().charAt(0)) >= 0 ? "grade.overwrites.an" : "grade.overwrites.a";
        sb.append(String.format("  %-24s ", "")).append(t.f(key, String.format("%,d", tb.overwrites()), tb.entity())).append("\n");
      }
      if (sc.sampled()) {
        sb.append(String.format("  %-24s ", "")).append(t.f("grade.sampled", String.format("%,d", sc.loaded()),
            t.say(Sizes.bytes(tb.sampleLargestBytes())), t.say(Sizes.bytes(tb.sampleLargestBytesMeasured()))))
            .append("\n");
      }
    }
    if (r.criteria().stream().anyMatch(c -> c.pattern() == null)) {
      sb.append("\n").append(t.get("grade.limits")).append("\n");
      for (Criterion c : r.criteria()) if (c.pattern() == null) line(sb, c, t, r);
    }
    sb.append("\n").append(t.f("grade.score", r.score(), r.max()))
        .append(r.allPassed() ? t.get("grade.score.all") : "").append("\n");
    return sb.toString();
  }

  static String scaleNote(GradeResult r) {
    GradeResult.Scale sc = r.scale();
    String cluster = EN.f("say.grade.cluster", sc.nodes(), sc.vnodes(), sc.replication());
    if (!sc.sampled()) {
      return EN.f("say.grade.data.all", String.format("%,d", sc.generated()), plural(sc.entity()), cluster);
    }
    return EN.f("say.grade.data.sample", String.format("%,d", sc.generated()), plural(sc.entity()),
        String.format("%,d", sc.loaded()), cluster);
  }

  /** user -> users, entry -> entries. */
  static String plural(String noun) {
    if (noun.endsWith("y") && noun.length() > 1 && "aeiou".indexOf(noun.charAt(noun.length() - 2)) < 0) {
      return noun.substring(0, noun.length() - 1) + "ies";
    }
    return noun.endsWith("s") ? noun + "es" : noun + "s";
  }

  private static void line(StringBuilder sb, Criterion c, Labels t, GradeResult r) {
    sb.append("  ").append(t.get(c.passed() ? "verdict.pass" : "verdict.fail")).append("  ")
        .append(t.f("grade.criterion", said(t, r, c.name()), said(t, r, c.reason()))).append("\n");
  }

  /** An entity's name where a count of them is said: English counts "users", Chinese "个 user" (no plural). */
  private static String noun(String entity, Lang lang) {
    return lang == Lang.EN ? plural(entity) : entity;
  }

  /**
   * The grader's English sentence in {@code t}'s language; a count of an entity in it ("1,000,000 users") as that
   * language counts it ({@code grade.count}), with the entity's name as the assignment writes it.
   */
  private static String said(Labels t, GradeResult r, String english) {
    String s = t.say(english);
    if (t.lang() == Lang.EN) return s;
    java.util.Set<String> entities = new java.util.LinkedHashSet<>();
    entities.add(r.scale().entity());
    for (TableReport tb : r.tables()) entities.add(tb.entity());
    for (String e : entities) {
      s = java.util.regex.Pattern.compile("(\\d[\\d,]*) (?:个 )?" + java.util.regex.Pattern.quote(plural(e)) + "\\b")
          .matcher(s).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(t.f("grade.count", m.group(1), e)));
    }
    return s;
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
