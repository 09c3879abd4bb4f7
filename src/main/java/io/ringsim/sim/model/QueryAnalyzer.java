package io.ringsim.sim.model;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.BindVariable;
import io.ringsim.cql.exec.Prepared;
import io.ringsim.cql.exec.ReadPlan;
import io.ringsim.cql.exec.SelectPlanner;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.script.QuerySpec;
import io.ringsim.sim.script.ScenarioException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * How Cassandra would run each query of the queries section, decided by ringsim's CQL engine: the query is parsed,
 * its bind markers bound to values of their types, and planned against the scenario's schema as a coordinator plans
 * it. Planned as written, it is refused when it needs ALLOW FILTERING (Cassandra's own check); planned with ALLOW
 * FILTERING, the plan says which partitions it reads (the keys, or a range scan) and which index it uses.
 */
final class QueryAnalyzer {
  private QueryAnalyzer() {}

  private static final Pattern ALLOW = Pattern.compile("(?i)\\s+ALLOW\\s+FILTERING\\s*;?\\s*$");

  static String stripAllowFiltering(String cql) {
    return ALLOW.matcher(cql).replaceFirst(cql.trim().endsWith(";") ? ";" : "");
  }

  /** The outcome for one query; {@code plan} is the plan with ALLOW FILTERING (null only for a refused query). */
  record Analysis(QuerySpec spec, TableMetadata table, boolean needsFiltering, String refusal, ReadPlan plan) {
    boolean rangeScan() {
      return plan.isRangeScan();
    }

    int keys() {
      return plan.isRangeScan() ? -1 : plan.keys().size();
    }

    String index() {
      return plan.index();
    }
  }

  /** Bad input (a query that does not parse, an unknown table or column) is a ScenarioException at the query. */
  static Analysis analyze(QuerySpec q, Catalog catalog, ModelContext ctx) {
    Statement s;
    try {
      s = CqlParser.parse(q.cql());
    } catch (CqlException e) {
      throw new ScenarioException(q.at("query does not parse: " + e.getMessage()));
    }
    if (!(s instanceof Statement.Select sel)) throw new ScenarioException(q.at("only SELECT queries can be modelled"
        + " (the writes come from the workloads)"));
    String withoutAllow = ALLOW.matcher(q.cql()).replaceFirst("");
    String withAllow = withoutAllow.replaceFirst(";\\s*$", "") + " ALLOW FILTERING";
    ReadPlan plan;
    TableMetadata t;
    try {
      Statement.Select filtered = (Statement.Select) CqlParser.parse(withAllow);
      t = table(catalog, sel);
      plan = SelectPlanner.plan((Statement.Select) bound(filtered, catalog, ctx, t), catalog, null, new Values(0, 1), ctx.partitioner, 0);
    } catch (CqlException e) {
      throw new ScenarioException(q.at("CQL: " + e.errorClass() + ": " + e.getMessage()));
    } catch (IllegalArgumentException e) {
      if (e instanceof ScenarioException se) throw se;
      // A marker whose value the model cannot make (IN ? takes a list): the query as the model can read it.
      throw new ScenarioException(q.at("cannot bind the query's markers: " + e.getMessage()
          + " (write IN (?, ?) rather than IN ?)"));
    }
    boolean needsFiltering = false;
    String refusal = null;
    try {
      Statement.Select plain = (Statement.Select) CqlParser.parse(withoutAllow);
      SelectPlanner.plan((Statement.Select) bound(plain, catalog, ctx, t), catalog, null, new Values(0, 1), ctx.partitioner, 0);
    } catch (CqlException e) {
      // Planned with ALLOW FILTERING it was accepted: what refuses it now is the filtering it needs (Cassandra words
      // some of those refusals otherwise, e.g. a clustering column restricted without the one before it).
      needsFiltering = true;
      refusal = e.getMessage();
    }
    return new Analysis(q, t, needsFiltering, refusal, plan);
  }

  private static TableMetadata table(Catalog catalog, Statement.Select s) {
    if (s.keyspace() == null) throw new CqlException(io.ringsim.cql.CqlErrorClass.InvalidRequest,
        "No keyspace has been specified: name the table KEYSPACE.TABLE");
    return catalog.table(s.keyspace(), s.table()).orElseThrow(() -> new CqlException(
        io.ringsim.cql.CqlErrorClass.InvalidRequest, "table " + s.keyspace() + "." + s.table() + " does not exist"));
  }

  /**
   * The query with each bind marker given a value: for a marker on a column, a value the column's workload
   * generator draws (so that a query finds the data); otherwise a value of the marker's type.
   */
  private static Statement bound(Statement.Select s, Catalog catalog, ModelContext ctx, TableMetadata t) {
    if (Prepared.markerCount(s) == 0) return s;
    List<Object> values = new ArrayList<>();
    SplittableRandom rng = new SplittableRandom(7);
    var plans = ctx.plansByTable.getOrDefault(t.qualifiedName(), List.of());
    for (BindVariable v : Prepared.variables(s, catalog, null)) {
      ColumnDef c = t.column(v.name()).orElse(null);
      ValueGen g = c == null ? null : plans.isEmpty() ? ValueGen.defaultFor(c) : plans.get(0).gens().get(c.name());
      Object value;
      if (c != null && c.type().equals(v.type())) value = g.next(rng, 0, 0, c.type());
      else if (v.name().equals("[limit]") || v.name().equals("[per_partition_limit]")) value = 100;
      else value = new ValueGen.Uniform(1).next(rng, 0, 0, v.type());
      values.add(value);
    }
    return Prepared.bind(s, values);
  }
}
