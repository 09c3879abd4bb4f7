package io.ringsim.sim.model;

import static io.ringsim.sim.Say.EN;

import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.report.ModelReport.Change;
import io.ringsim.report.ModelReport.Finding;
import io.ringsim.report.ModelReport.Suggestion;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.model.Findings.Code;
import io.ringsim.sim.model.Predictor.Prediction;
import io.ringsim.sim.script.QuerySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Suggestions that fix a finding, each written out as CQL and verified by modelling the changed scenario again: a
 * time bucket in the partition key (UNBOUNDED_GROWTH, or LARGE_PARTITION when nothing else splits it), the first
 * clustering column moved into the partition key (LARGE_PARTITION on a key of few values), and a table per query
 * (FILTERING_QUERY, INDEX_QUERY).
 */
final class Suggester {
  private Suggester() {}

  /** The bucket sizes offered, smallest first: the largest whose largest partition fits the limits is chosen. */
  static final long[] BUCKETS = {1_000L, 10_000L, 60_000L, 600_000L, 3_600_000L, 6 * 3_600_000L, 86_400_000L,
      7 * 86_400_000L, 30 * 86_400_000L, 365 * 86_400_000L};

  static List<Suggestion> suggest(Modeler.Result r, List<QuerySpec> queries, Modeler.Options o) {
    List<Suggestion> out = new ArrayList<>();
    Set<String> done = new LinkedHashSet<>();
    for (Finding f : r.findings()) {
      Code code = Code.valueOf(f.code());
      if (code == Code.LARGE_PARTITION || code == Code.UNBOUNDED_GROWTH) {
        TableMetadata t = r.ctx().catalog.table(f.subject()).orElseThrow();
        ColumnDef first = t.clusteringColumns().isEmpty() ? null : t.clusteringColumns().get(0);
        boolean finiteFirst = first != null && r.ctx().plansByTable.get(t.qualifiedName()).stream()
            .filter(p -> p.writes() > 0).allMatch(p -> Dist.of(p.gens().get(first.name()), first) instanceof Dist.Finite);
        // A key of few values with a clustering column of few values: split by that column. Growth with time, or a
        // large partition nothing else splits: a time bucket.
        if (code == Code.LARGE_PARTITION && finiteFirst && done.add("composite:" + f.subject()))
          out.add(compositeKey(r, queries, o, t, first));
        else if ((code == Code.UNBOUNDED_GROWTH || !finiteFirst) && timeClustered(r, t)
            && done.add("bucket:" + f.subject()))
          out.add(timeBucket(r, queries, o, t));
      } else if ((code == Code.FILTERING_QUERY || code == Code.INDEX_QUERY) && done.add("query:" + f.subject())) {
        QueryAnalyzer.Analysis a = r.queries().stream().filter(x -> f.subject().endsWith(x.spec().file() + ":"
            + x.spec().line() + ":" + x.spec().col())).findFirst().orElseThrow();
        Suggestion s = tablePerQuery(r, queries, o, a, code);
        if (s != null) out.add(s);
      }
    }
    return out;
  }

  // ---- time bucket ----

  /**
   * Whether the rows are ordered by a time the application knows (a clustering column drawn from the simulated time):
   * only then can a reader compute the buckets its time range covers, so only then is a time bucket a fix.
   */
  private static boolean timeClustered(Modeler.Result r, TableMetadata t) {
    List<ModelContext.Plan> writers = r.ctx().plansByTable.get(t.qualifiedName()).stream().filter(p -> p.writes() > 0)
        .toList();
    for (ColumnDef c : t.clusteringColumns()) {
      if (!writers.isEmpty() && writers.stream().allMatch(p -> Dist.of(p.gens().get(c.name()), c) instanceof Dist.Timed))
        return true;
    }
    return false;
  }

  private static Suggestion timeBucket(Modeler.Result r, List<QuerySpec> queries, Modeler.Options o, TableMetadata t) {
    String col = t.column("bucket").isPresent() ? "time_bucket" : "bucket";
    long chosen = -1;
    for (int i = BUCKETS.length - 1; i >= 0 && chosen < 0; i--) {
      RunSpec changed = withBucket(r.ctx().spec, t, col, BUCKETS[i]);
      ModelContext c = new ModelContext(changed, o.scale());
      Prediction p = Predictor.predict(c, c.catalog.table(t.qualifiedName()).orElseThrow());
      if (p.bytesQ()[2] <= o.limits().partitionBytes() && p.rowsQ()[2] <= o.limits().partitionRows()) chosen = BUCKETS[i];
    }
    if (chosen < 0) chosen = BUCKETS[0];
    RunSpec changed = withBucket(r.ctx().spec, t, col, chosen);
    List<QuerySpec> rewritten = new ArrayList<>();
    List<String> newQueries = new ArrayList<>();
    for (QuerySpec q : queries) {
      if (targets(q, t)) {
        String nq = addRestriction(q.cql(), col + " = ?");
        rewritten.add(new QuerySpec(nq, q.file(), q.line(), q.col()));
        newQueries.add(nq);
      } else rewritten.add(q);
    }
    String create = createTable(t, t.name(), pkWith(t, col), clusteringOf(t), Map.of(col, "timestamp"));
    String title = EN.f("say.model.fix.bucket", Fmt.duration(chosen), t.qualifiedName(), col);
    return verify(r, o, changed, rewritten, t.qualifiedName(), t.qualifiedName(),
        Set.of(Code.UNBOUNDED_GROWTH, Code.LARGE_PARTITION), Code.UNBOUNDED_GROWTH.name(), title, List.of(create),
        newQueries);
  }

  private static RunSpec withBucket(RunSpec s, TableMetadata t, String col, long bucket) {
    String create = createTable(t, t.name(), pkWith(t, col), clusteringOf(t), Map.of(col, "timestamp"));
    List<WorkloadSpec> ws = new ArrayList<>();
    for (WorkloadSpec w : s.workloads()) {
      if (!sameTable(w.table(), t)) {
        ws.add(w);
        continue;
      }
      Map<String, ValueGen> g = new LinkedHashMap<>(w.generators());
      g.put(col, new ValueGen.TimeBucket(bucket));
      ws.add(new WorkloadSpec(w.name(), w.table(), g, w.writeFraction(), w.readFraction(), w.deleteFraction(),
          w.lwtFraction(), w.writeConsistency(), w.readConsistency(), w.rate(), w.concurrency(), w.startMillis(),
          w.endMillis(), w.ttlSeconds(), w.cellOps()));
    }
    return respec(s, replaceCreate(s.cql(), t, create), ws);
  }

  private static List<String> pkWith(TableMetadata t, String col) {
    List<String> pk = new ArrayList<>(t.partitionKey().stream().map(ColumnDef::name).toList());
    pk.add(col);
    return pk;
  }

  private static List<String> clusteringOf(TableMetadata t) {
    return t.clusteringColumns().stream().map(ColumnDef::name).toList();
  }

  // ---- composite partition key ----

  private static Suggestion compositeKey(Modeler.Result r, List<QuerySpec> queries, Modeler.Options o,
      TableMetadata t, ColumnDef moved) {
    List<String> pk = new ArrayList<>(t.partitionKey().stream().map(ColumnDef::name).toList());
    pk.add(moved.name());
    List<String> ck = new ArrayList<>(clusteringOf(t));
    ck.remove(moved.name());
    String create = createTable(t, t.name(), pk, ck, Map.of());
    RunSpec changed = respec(r.ctx().spec, replaceCreate(r.ctx().spec.cql(), t, create), r.ctx().spec.workloads());
    String title = EN.f("say.model.fix.composite", moved.name(), t.qualifiedName(), Findings.keyNames(t));
    List<String> nq = queries.stream().filter(q -> targets(q, t)).map(QuerySpec::cql).toList();
    return verify(r, o, changed, queries, t.qualifiedName(), t.qualifiedName(), Set.of(Code.LARGE_PARTITION),
        Code.LARGE_PARTITION.name(), title, List.of(create), nq);
  }

  // ---- table per query ----

  private static Suggestion tablePerQuery(Modeler.Result r, List<QuerySpec> queries, Modeler.Options o,
      QueryAnalyzer.Analysis a, Code code) {
    Statement.Select sel = (Statement.Select) CqlParser.parse(a.spec().cql());
    TableMetadata t = a.table();
    List<String> eq = new ArrayList<>(), range = new ArrayList<>();
    for (Relation rel : sel.where()) {
      if (rel instanceof Relation.Single s && t.column(s.column()).isPresent()) {
        if (s.op() == Relation.Op.EQ) eq.add(s.column());
        else if (s.op() != Relation.Op.NEQ && !range.contains(s.column())) range.add(s.column());
      } else if (rel instanceof Relation.In in && t.column(in.column()).isPresent()) eq.add(in.column());
    }
    if (eq.isEmpty()) return null; // nothing to key a table by: the query reads everything by design
    List<String> ck = new ArrayList<>(range);
    for (ColumnDef c : t.partitionKey()) if (!eq.contains(c.name()) && !ck.contains(c.name())) ck.add(c.name());
    for (ColumnDef c : t.clusteringColumns()) if (!eq.contains(c.name()) && !ck.contains(c.name())) ck.add(c.name());
    String name = t.name() + "_by_" + String.join("_", eq);
    String create = createTable(t, name, eq, ck, Map.of());
    String qualified = t.keyspace() + "." + name;
    String nq = QueryAnalyzer.stripAllowFiltering(a.spec().cql()).replaceFirst(
        "(?i)FROM\\s+" + Pattern.quote(t.keyspace()) + "\\s*\\.\\s*" + Pattern.quote(t.name()) + "\\b",
        Matcher.quoteReplacement("FROM " + qualified));
    List<String> cql = new ArrayList<>(r.ctx().spec.cql());
    cql.add(create);
    List<WorkloadSpec> ws = new ArrayList<>(r.ctx().spec.workloads());
    for (WorkloadSpec w : r.ctx().spec.workloads()) {
      if (!sameTable(w.table(), t) || w.writeFraction() + w.lwtFraction() == 0) continue;
      ws.add(new WorkloadSpec(w.name() + "_" + name, qualified, w.generators(), w.writeFraction(), w.readFraction(),
          w.deleteFraction(), w.lwtFraction(), w.writeConsistency(), w.readConsistency(), w.rate(), w.concurrency(),
          w.startMillis(), w.endMillis(), w.ttlSeconds(), w.cellOps()));
    }
    RunSpec changed = respec(r.ctx().spec, cql, ws);
    List<QuerySpec> rewritten = new ArrayList<>();
    for (QuerySpec q : queries) rewritten.add(q == a.spec() ? new QuerySpec(nq, q.file(), q.line(), q.col()) : q);
    String title = EN.f("say.model.fix.table", qualified, String.join(", ", eq));
    String subject = EN.f("say.model.query-at", a.spec().file() + ":" + a.spec().line() + ":" + a.spec().col());
    return verify(r, o, changed, rewritten, subject, qualified, Set.of(Code.FILTERING_QUERY, Code.INDEX_QUERY,
        Code.MULTI_PARTITION_QUERY), code.name(), title, List.of(create), List.of(nq));
  }

  // ---- verification ----

  /**
   * Models the changed scenario and compares: the suggestion is verified when none of {@code codes} remains on the
   * subject. {@code table} names the table whose figures are compared (the changed one, or the new one).
   */
  private static Suggestion verify(Modeler.Result before, Modeler.Options o, RunSpec changed,
      List<QuerySpec> queries, String subject, String table, Set<Code> codes, String fixes, String title,
      List<String> cql, List<String> newQueries) {
    Modeler.Result after = Modeler.analyze(changed, queries, o, true);
    List<Change> changes = new ArrayList<>();
    String beforeTable = subject.startsWith("query at ") ? before.queries().stream()
        .filter(x -> subject.endsWith(x.spec().line() + ":" + x.spec().col())).findFirst()
        .map(x -> x.table().qualifiedName()).orElse(table) : table;
    Prediction pb = before.predictions().get(beforeTable), pa = after.predictions().get(table);
    if (pb != null && pa != null) {
      changes.add(new Change(EN.get("say.model.change.table"), beforeTable, table));
      changes.add(new Change(EN.get("say.model.change.partitions"), Fmt.count(pb.partitions()),
          Fmt.count(pa.partitions())));
      changes.add(new Change(EN.get("say.model.change.rows"), Fmt.count(pb.rowsQ()[2]), Fmt.count(pa.rowsQ()[2])));
      changes.add(new Change(EN.get("say.model.change.bytes"), Fmt.bytes(pb.bytesQ()[2]),
          Fmt.bytes(pa.bytesQ()[2])));
      Loader.Measurement mb = before.measurements().get(beforeTable), ma = after.measurements().get(table);
      if (mb != null && ma != null) {
        changes.add(new Change(EN.get("say.model.change.bytes.measured"),
            Fmt.bytes(Findings.maxOf(mb, Loader.PartitionFigures::bytes)),
            Fmt.bytes(Findings.maxOf(ma, Loader.PartitionFigures::bytes))));
        changes.add(new Change(EN.get("say.model.change.skew"), Fmt.ratio(Findings.skew(mb.nodeBytes())),
            Fmt.ratio(Findings.skew(ma.nodeBytes()))));
      }
    }
    if (subject.startsWith("query at ")) {
      for (int i = 0; i < after.queryRows().size(); i++) {
        if (!subject.endsWith(after.queryRows().get(i).at())) continue;
        var qa = after.queryRows().get(i);
        var qb = before.queryRows().get(i);
        changes.add(new Change(EN.get("say.model.change.access"), qb.access(), qa.access()));
        changes.add(new Change(EN.get("say.model.change.filtering"), EN.get(qb.needsFiltering() ? "say.model.yes"
            : "say.model.no"), EN.get(qa.needsFiltering() ? "say.model.yes" : "say.model.no")));
        changes.add(new Change(EN.get("say.model.change.read"), Fmt.count(qb.partitionsTouched()), Fmt.count(qa.partitionsTouched())));
      }
    }
    List<String> remaining = new ArrayList<>();
    for (Finding f : after.findings()) {
      if (f.subject().equals(subject) && codes.contains(Code.valueOf(f.code()))) remaining.add(f.code());
    }
    boolean verified = remaining.isEmpty();
    String found = verified ? String.join(" or ", codes.stream().map(Code::name).sorted().toList())
        : String.join(", ", remaining);
    // What the change costs: findings the changed or new table has that the one before did not.
    Set<String> had = new LinkedHashSet<>();
    for (Finding f : before.findings()) if (f.subject().equals(beforeTable)) had.add(f.code());
    List<String> costs = new ArrayList<>();
    for (Finding f : after.findings()) {
      if (f.subject().equals(table) && (!table.equals(beforeTable) || !had.contains(f.code()))
          && !f.code().endsWith("_QUERY")) costs.add(EN.f("model.cost", f.code(), f.evidence()));
    }
    String verdict = EN.f(verified ? "say.model.verified" : "say.model.not-enough", found, subject);
    if (!costs.isEmpty()) verdict += "; " + EN.f("say.model.but", table, String.join("; ", costs));
    return new Suggestion(fixes, subject, title, cql, newQueries, changes, verified, verdict);
  }

  // ---- CQL text ----

  static String createTable(TableMetadata t, String name, List<String> pk, List<String> ck, Map<String, String> extra) {
    StringBuilder sb = new StringBuilder("CREATE TABLE " + t.keyspace() + "." + name + " (");
    List<String> cols = new ArrayList<>();
    for (ColumnDef c : t.columns()) cols.add(c.name() + " " + c.type().name()
        + (c.kind() == io.ringsim.schema.ColumnKind.STATIC && !pk.contains(c.name()) && !ck.contains(c.name())
            ? " static" : ""));
    extra.forEach((c, type) -> cols.add(c + " " + type));
    sb.append(String.join(", ", cols));
    sb.append(", PRIMARY KEY ((").append(String.join(", ", pk)).append(")");
    for (String c : ck) sb.append(", ").append(c);
    sb.append("))");
    List<String> order = new ArrayList<>();
    boolean anyDesc = false;
    for (String c : ck) {
      ColumnDef d = t.column(c).orElse(null);
      boolean desc = d != null && d.kind() == io.ringsim.schema.ColumnKind.CLUSTERING && d.order() == ClusteringOrder.DESC;
      anyDesc |= desc;
      order.add(c + (desc ? " DESC" : " ASC"));
    }
    if (anyDesc) sb.append(" WITH CLUSTERING ORDER BY (").append(String.join(", ", order)).append(")");
    return sb.append(";").toString();
  }

  /** {@code cql} with {@code restriction} ANDed to its WHERE clause. */
  static String addRestriction(String cql, String restriction) {
    String body = cql.replaceFirst(";\\s*$", "");
    Matcher m = Pattern.compile("(?i)\\s+(ORDER\\s+BY|GROUP\\s+BY|PER\\s+PARTITION\\s+LIMIT|LIMIT|ALLOW\\s+FILTERING)\\b")
        .matcher(body);
    int cut = m.find() ? m.start() : body.length();
    String head = body.substring(0, cut), tail = body.substring(cut);
    boolean hasWhere = Pattern.compile("(?i)\\bWHERE\\b").matcher(head).find();
    return head + (hasWhere ? " AND " : " WHERE ") + restriction + tail;
  }

  private static boolean targets(QuerySpec q, TableMetadata t) {
    try {
      Statement s = CqlParser.parse(q.cql());
      return s instanceof Statement.Select sel && t.name().equals(sel.table()) && t.keyspace().equals(sel.keyspace());
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean sameTable(String workloadTable, TableMetadata t) {
    return workloadTable.equals(t.qualifiedName());
  }

  private static List<String> replaceCreate(List<String> cql, TableMetadata t, String create) {
    List<String> out = new ArrayList<>();
    for (String s : cql) {
      Statement st = CqlParser.parse(s);
      boolean same = st instanceof Statement.CreateTable ct && ct.name().equals(t.name())
          && (ct.keyspace() == null || ct.keyspace().equals(t.keyspace()));
      out.add(same ? create : s);
    }
    return out;
  }

  private static RunSpec respec(RunSpec s, List<String> cql, List<WorkloadSpec> ws) {
    return new RunSpec(s.name(), s.description(), s.seed(), s.durationMillis(), s.dcs(), s.vnodes(), s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), cql, ws, s.timeline(), s.checks(), s.recordHistory(),
        s.consistentRangeMovement());
  }
}
