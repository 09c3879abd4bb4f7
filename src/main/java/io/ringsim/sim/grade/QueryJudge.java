package io.ringsim.sim.grade;

import static io.ringsim.sim.Say.EN;

import io.ringsim.cluster.ClientSession;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.Prepared;
import io.ringsim.cql.exec.ReadPlan;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.exec.SelectPlanner;
import io.ringsim.cql.exec.Values;
import io.ringsim.schema.CqlType;
import io.ringsim.sim.grade.Assignment.AccessPattern;
import io.ringsim.sim.grade.Assignment.Condition;
import io.ringsim.sim.grade.Assignment.Entity;
import io.ringsim.sim.grade.Assignment.Ordering;
import io.ringsim.sim.grade.GradeResult.Criterion;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs one access pattern's query for many parameter values on the loaded cluster and judges it: valid CQL; served
 * from a bounded number of partitions without ALLOW FILTERING or an index; the right rows in the right order,
 * against the rows the pattern asks for among the loaded instances.
 */
final class QueryJudge {
  private final Assignment a;
  private final String file;
  private final ClientSession session;
  private final int nodes;

  QueryJudge(Assignment a, String file, ClientSession session, int nodes) {
    this.a = a;
    this.file = file;
    this.session = session;
    this.nodes = nodes;
  }

  /** The three criteria of a pattern and its report line. */
  record Verdict(List<Criterion> criteria, GradeResult.QueryReport report) {}

  Verdict judge(SubmissionSchema.Query q, Entity e, List<Entities.Instance> instances, int patternIndex) {
    AccessPattern p = q.pattern();
    String id = p.id();
    String at = q.stmt().at(file);
    String cqlText = q.stmt().text().replaceAll("\\s+", " ");
    Statement.Select sel = q.select();
    SplittableRandom rng = new SplittableRandom(a.seed() * 31 + patternIndex);
    String invalid = null, filtering = null, partitions = null, rowsWrong = null;
    int runs = 0, right = 0, maxParts = 0;
    String access = "";
    for (int r = 0; r < p.runs(); r++) {
      Entities.Instance source = instances.get(rng.nextInt(instances.size()));
      Map<String, Object> params = params(p, e, source);
      Statement.Select bound;
      ReadPlan plan;
      ResultSet result;
      try {
        bound = (Statement.Select) Prepared.bind(sel, session.cluster().catalog(), Grader.KEYSPACE,
            new HashMap<>(params));
        plan = SelectPlanner.plan(bound, session.cluster().catalog(), Grader.KEYSPACE, new Values(0, a.seed()),
            session.cluster().ring().partitioner(), 0);
        result = session.execute(bound);
      } catch (CqlException ex) {
        if (needsFilteringMessage(ex)) {
          filtering = EN.f("say.grade.refused", id, keyNames(sel), sel.table(), ex.getMessage());
        } else {
          invalid = EN.f("say.grade.invalid", SubmissionSchema.where(file, q.stmt(), ex), show(params));
        }
        break;
      }
      runs++;
      if (sel.allowFiltering() && filtering == null) filtering = needsFiltering(bound, id);
      int touched;
      if (plan.index() != null) {
        touched = nodes;
        access = EN.f("say.grade.access.index", plan.index());
        if (partitions == null) {
          partitions = EN.f("say.grade.index", id, plan.index(), nodes, indexedColumn(plan.index()));
        }
      } else if (plan.isRangeScan()) {
        touched = Integer.MAX_VALUE;
        access = EN.get("say.grade.access.scan");
        if (partitions == null) {
          partitions = EN.f("say.grade.scan", id, sel.table(), keyNames(sel));
        }
      } else {
        touched = plan.keys().size();
        access = touched == 1 ? EN.get("say.grade.one-partition") : EN.f("say.grade.n-partitions", touched);
        if (touched > p.partitions() && partitions == null) {
          partitions = EN.f("say.grade.too-many", id, touched, show(params), p.partitions());
        }
      }
      maxParts = Math.max(maxParts, touched);
      String wrong = compare(p, e, instances, result, params);
      if (wrong == null) right++;
      else if (rowsWrong == null) rowsWrong = wrong;
    }
    List<Criterion> cs = new ArrayList<>();
    if (invalid != null) {
      cs.add(new Criterion(id + ".valid", id, EN.get("say.grade.valid"), false, invalid));
      cs.add(new Criterion(id + ".partitions", id, EN.f("say.grade.no-filtering", EN.get("say.grade.one-partition")),
          false, EN.get("say.grade.not-run")));
      cs.add(new Criterion(id + ".rows", id, EN.get("say.grade.right-rows"), false, EN.get("say.grade.not-run")));
      return new Verdict(cs, new GradeResult.QueryReport(id, p.description(), cqlText, at, runs, right, maxParts,
          EN.get("say.grade.access.refused"), p.descriptions()));
    }
    cs.add(new Criterion(id + ".valid", id, EN.get("say.grade.valid"), true, runs == 0 ? EN.get("say.grade.parses")
        : EN.get("say.grade.runs-it")));
    String limitWord = p.partitions() == 1 ? EN.get("say.grade.one-partition")
        : EN.f("say.grade.at-most", p.partitions());
    if (filtering != null && runs == 0) {
      cs.add(new Criterion(id + ".partitions", id, EN.f("say.grade.no-filtering", limitWord), false, filtering));
      cs.add(new Criterion(id + ".rows", id, EN.get("say.grade.right-rows"), false,
          EN.get("say.grade.not-run.filtering")));
      return new Verdict(cs, new GradeResult.QueryReport(id, p.description(), cqlText, at, 0, 0, 0,
          EN.get("say.grade.access.needs-filtering"), p.descriptions()));
    }
    String fail = filtering != null ? filtering : partitions;
    cs.add(new Criterion(id + ".partitions", id, EN.f("say.grade.no-filtering", limitWord), fail == null,
        fail != null ? fail : EN.f("say.grade.every-run", maxParts == 1 ? EN.get("say.grade.one-partition")
            : EN.f("say.grade.at-most", maxParts), runs)));
    cs.add(new Criterion(id + ".rows", id, EN.get("say.grade.right-rows"), rowsWrong == null,
        rowsWrong == null ? EN.f("say.grade.all-right", runs, id)
            : EN.f("say.grade.wrong", runs - right, runs, rowsWrong)));
    return new Verdict(cs, new GradeResult.QueryReport(id, p.description(), cqlText, at, runs, right,
        maxParts == Integer.MAX_VALUE ? -1 : maxParts, access, p.descriptions()));
  }

  /** Why a query (bound) written with ALLOW FILTERING needs it, or null when it does not. */
  private String needsFiltering(Statement.Select sel, String id) {
    Statement.Select without = new Statement.Select(sel.keyspace(), sel.table(), sel.json(), sel.distinct(),
        sel.selectors(), sel.where(), sel.groupBy(), sel.orderBy(), sel.perPartitionLimit(), sel.limit(), false);
    try {
      SelectPlanner.plan(without, session.cluster().catalog(), Grader.KEYSPACE, new Values(0, a.seed()),
          session.cluster().ring().partitioner(), 0);
      return null;
    } catch (CqlException ex) {
      if (!needsFilteringMessage(ex)) return null;
      return EN.f("say.grade.uses-filtering", id, keyNames(sel), sel.table(), ex.getMessage());
    }
  }

  /** Cassandra's refusals of a query its table's primary key cannot serve without filtering. */
  private static boolean needsFilteringMessage(CqlException ex) {
    String m = ex.getMessage();
    return m.contains("ALLOW FILTERING") || m.contains("cannot be restricted as preceding column");
  }

  private String keyNames(Statement.Select sel) {
    var t = session.cluster().catalog().table(Grader.KEYSPACE, sel.table()).orElseThrow();
    String pk = String.join(", ", t.partitionKey().stream().map(c -> c.name()).toList());
    return EN.f("say.grade.pk", sel.table(), pk);
  }

  private String indexedColumn(String index) {
    return session.cluster().catalog().index(Grader.KEYSPACE, index).map(i -> i.column()).orElse(EN.get("say.grade.indexed-column"));
  }

  /** The parameters of one run, drawn from one loaded instance: = takes its value, a range bound lies around it. */
  private Map<String, Object> params(AccessPattern p, Entity e, Entities.Instance source) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Condition c : p.conditions()) {
      int i = e.indexOf(c.attribute());
      Object v = source.value(i);
      if (c.op() != Assignment.Op.EQ) {
        long half = p.window() / 2;
        Object bound = shift(v, c.op().lower() ? -half : p.window() - half);
        if (p.within() > 0 && v instanceof Instant t && bound instanceof Instant b) {
          long block = Math.floorDiv(t.toEpochMilli(), p.within()) * p.within();
          long clipped = Math.max(block, Math.min(block + p.within(), b.toEpochMilli()));
          bound = Instant.ofEpochMilli(clipped);
        }
        v = bound;
      }
      out.put(c.parameter(), v);
    }
    return out;
  }

  static Object shift(Object v, long by) {
    if (v instanceof Instant t) return t.plusMillis(by);
    if (v instanceof LocalDate d) return d.plusDays(by);
    if (v instanceof Integer n) return (int) (n + by);
    if (v instanceof Long n) return n + by;
    if (v instanceof Short n) return (short) (n + by);
    if (v instanceof Byte n) return (byte) (n + by);
    return v;
  }

  private static String show(Map<String, Object> params) {
    List<String> parts = new ArrayList<>();
    params.forEach((k, v) -> parts.add(":" + k + " = " + (v instanceof String || v instanceof Instant
        || v instanceof LocalDate ? "'" + v + "'" : v)));
    return String.join(", ", parts);
  }

  private static int cmp(CqlType t, Object x, Object y) {
    return t.compare(t.serialize(x), t.serialize(y));
  }

  /** The rows the pattern asks for among the loaded instances, in its order. */
  static List<Entities.Instance> expected(AccessPattern p, Entity e, List<Entities.Instance> instances,
      Map<String, Object> params) {
    List<Entities.Instance> out = new ArrayList<>();
    for (Entities.Instance inst : instances) {
      boolean ok = true;
      for (Condition c : p.conditions()) {
        int i = e.indexOf(c.attribute());
        int k = cmp(e.attributes().get(i).type(), inst.value(i), params.get(c.parameter()));
        ok = switch (c.op()) {
          case EQ -> k == 0;
          case LT -> k < 0;
          case LE -> k <= 0;
          case GT -> k > 0;
          case GE -> k >= 0;
        };
        if (!ok) break;
      }
      if (ok) out.add(inst);
    }
    out.sort(orderOf(p, e));
    return out;
  }

  private static Comparator<Entities.Instance> orderOf(AccessPattern p, Entity e) {
    Comparator<Entities.Instance> c = (x, y) -> 0;
    for (Ordering o : p.order()) {
      int i = e.indexOf(o.attribute());
      CqlType t = e.attributes().get(i).type();
      Comparator<Entities.Instance> one = (x, y) -> cmp(t, x.value(i), y.value(i));
      c = c.thenComparing(o.descending() ? one.reversed() : one);
    }
    return c;
  }

  /** Null when the result holds the expected rows in the pattern's order; else what is wrong, in words. */
  private static String compare(AccessPattern p, Entity e, List<Entities.Instance> instances, ResultSet result,
      Map<String, Object> params) {
    List<String> cols = result.columns();
    int[] at = new int[p.returns().size()];
    List<String> missingCols = new ArrayList<>();
    for (int k = 0; k < at.length; k++) {
      at[k] = cols.indexOf(p.returns().get(k));
      if (at[k] < 0) missingCols.add(p.returns().get(k));
    }
    if (!missingCols.isEmpty()) {
      return EN.f("say.grade.no-column", show(params), String.join(", ", missingCols), String.join(", ", cols), p.id(),
          String.join(", ", p.returns()));
    }
    List<Entities.Instance> want = expected(p, e, instances, params);
    List<String> wantText = new ArrayList<>();
    for (Entities.Instance inst : want) wantText.add(rowText(p, e, inst));
    List<String> gotText = new ArrayList<>();
    for (List<Object> row : result.rows()) {
      List<String> parts = new ArrayList<>();
      for (int k = 0; k < at.length; k++) {
        CqlType t = result.types().get(at[k]);
        Object v = row.get(at[k]);
        parts.add(p.returns().get(k) + "=" + (v == null ? "null" : Cql.literal(t, v)));
      }
      gotText.add("(" + String.join(", ", parts) + ")");
    }
    Map<String, Integer> balance = new LinkedHashMap<>();
    for (String w : wantText) balance.merge(w, 1, Integer::sum);
    for (String g : gotText) balance.merge(g, -1, Integer::sum);
    List<String> missing = new ArrayList<>(), extra = new ArrayList<>();
    for (var en : balance.entrySet()) {
      for (int k = 0; k < en.getValue(); k++) missing.add(en.getKey());
      for (int k = 0; k < -en.getValue(); k++) extra.add(en.getKey());
    }
    if (!missing.isEmpty() || !extra.isEmpty()) {
      String head = EN.f(want.size() == 1 ? "say.grade.must-return.one" : "say.grade.must-return", show(params), p.id(),
          want.size(), gotText.size());
      if (missing.isEmpty()) return EN.f("say.grade.extra", head, extra.size(), extra.get(0));
      if (extra.isEmpty()) return EN.f("say.grade.missing", head, missing.size(), missing.get(0));
      return EN.f("say.grade.missing-extra", head, missing.size(), missing.get(0), extra.size(), extra.get(0));
    }
    // Same rows: now the order, group by group of rows that the order cannot tell apart.
    Comparator<Entities.Instance> order = orderOf(p, e);
    int i = 0;
    while (i < want.size()) {
      int j = i + 1;
      while (j < want.size() && order.compare(want.get(i), want.get(j)) == 0) j++;
      Map<String, Integer> group = new HashMap<>();
      for (int k = i; k < j; k++) group.merge(wantText.get(k), 1, Integer::sum);
      for (int k = i; k < j; k++) group.merge(gotText.get(k), -1, Integer::sum);
      if (group.values().stream().anyMatch(v -> v != 0)) {
        return EN.f("say.grade.order", show(params), i + 1, gotText.get(i), p.id(), wantText.get(i),
            String.join(", ", p.order().stream().map(Ordering::toString).toList()));
      }
      i = j;
    }
    return null;
  }

  private static String rowText(AccessPattern p, Entity e, Entities.Instance inst) {
    List<String> parts = new ArrayList<>();
    for (String r : p.returns()) {
      int i = e.indexOf(r);
      parts.add(r + "=" + Cql.literal(e.attributes().get(i).type(), inst.value(i)));
    }
    return "(" + String.join(", ", parts) + ")";
  }
}
