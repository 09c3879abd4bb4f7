package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.AggregationWarning;
import io.ringsim.cql.exec.GeneratedRows;
import io.ringsim.cql.exec.ReadPlan;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.exec.SelectPlanner;
import io.ringsim.cql.exec.Values;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A SELECT on a system keyspace, run by the same engine as a user table's (selection, restrictions, ordering,
 * limits, JSON) over the rows the node generates for the table ({@link SystemKeyspaces#table}). The table is known
 * to the engine by its real CQL definition, as captured in {@link SystemSchema}: its partition key and clustering
 * columns decide what may be restricted and how rows are ordered, as in Cassandra.
 */
final class SystemSelect {
  /** The keyspaces the server answers itself: Cassandra's system keyspaces, as captured ({@link SystemSchema}). */
  static final Set<String> KEYSPACES = Set.copyOf(SystemSchema.CASSANDRA_4_1.keyspaces());

  private SystemSelect() {}

  /** The SELECT, if {@code s} is one that reads a system keyspace (named, or the session's); null otherwise. */
  static Statement.Select of(Statement s, String sessionKeyspace) {
    if (!(s instanceof Statement.Select sel)) return null;
    String ks = keyspace(sel, sessionKeyspace);
    return ks != null && KEYSPACES.contains(ks) ? sel : null;
  }

  static String keyspace(Statement.Select s, String sessionKeyspace) {
    return s.keyspace() != null ? s.keyspace() : sessionKeyspace;
  }

  /**
   * {@code base} with the system keyspace the SELECT reads and, if Cassandra has it, its table: what the engine
   * plans and binds the statement against. A table Cassandra does not have stays unknown, for the engine's refusal.
   */
  static Catalog catalog(Catalog base, Statement.Select s, String sessionKeyspace) {
    return catalog(base, keyspace(s, sessionKeyspace), s.table());
  }

  /** {@code base} with system keyspace {@code ks} (unless it has it) and, if Cassandra has it, its table. */
  static Catalog catalog(Catalog base, String ks, String table) {
    Catalog c = base.keyspace(ks).isPresent() ? base : base.withKeyspace(new KeyspaceMetadata(ks, Map.of("class",
        "org.apache.cassandra.locator.LocalStrategy"), true));
    return SystemSchema.CASSANDRA_4_1.table(ks, table).map(t -> c.withTable(metadata(t))).orElse(c);
  }

  /** The table's definition as Cassandra declares it: its key columns, their positions and clustering orders. */
  static TableMetadata metadata(SystemSchema.Table t) {
    List<ColumnDef> columns = new ArrayList<>();
    for (SystemSchema.Column c : t.columns()) {
      columns.add(switch (c.kind()) {
        case "partition_key" -> ColumnDef.partitionKey(c.name(), c.cqlType(), c.position());
        case "clustering" -> ColumnDef.clustering(c.name(), c.cqlType(), c.position(),
            c.clusteringOrder().equalsIgnoreCase("desc") ? ClusteringOrder.DESC : ClusteringOrder.ASC);
        case "static" -> ColumnDef.staticColumn(c.name(), c.cqlType());
        default -> ColumnDef.regular(c.name(), c.cqlType());
      });
    }
    return new TableMetadata(t.keyspace(), t.name(), columns, TableParams.DEFAULTS);
  }

  /**
   * Runs {@code s} (its markers bound) on the table's rows as the node generates them now. {@code catalog}: from
   * {@link #catalog}; {@code paged}: the client asked for pages, and Cassandra cannot page rows it sorts after
   * reading them (ORDER BY over the partitions of an IN).
   */
  static ResultSet run(Statement.Select s, String sessionKeyspace, Catalog catalog, SystemKeyspaces.View view,
      Partitioner partitioner, long nowMicros, boolean paged) {
    String ks = keyspace(s, sessionKeyspace);
    refuseWriteTimes(s, ks);
    ReadPlan plan = SelectPlanner.plan(s, catalog, sessionKeyspace, new Values(nowMicros, 0), partitioner,
        (int) Math.floorDiv(nowMicros, 1_000_000L));
    if (paged && !s.orderBy().isEmpty() && plan.keyOrder() != null && plan.keys().size() > 1) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Cannot page queries with both ORDER BY and a IN "
          + "restriction on the partition key; you must either remove the ORDER BY or the IN and sort client side, "
          + "or disable paging for this query");
    }
    VirtualTable rows = SystemKeyspaces.table(ks, s.table(), view);
    // A virtual table's rows are made at the read, and Cassandra 4.1 stamps their cells with its clock in
    // milliseconds (AbstractVirtualTable), which writetime() then reads.
    long writeTime = Math.floorDiv(nowMicros, 1000L);
    // A virtual table orders its partitions by its own partitioner, as its generator does; the others by token.
    GeneratedRows.PartitionOrder order = SystemSchema.VIRTUAL_KEYSPACES.contains(ks)
        ? GeneratedRows.PartitionOrder.AS_GIVEN : GeneratedRows.PartitionOrder.TOKEN;
    // What clients wrote into the table is read back with the generated rows, as Cassandra reconciles them.
    int nowInSec = (int) Math.floorDiv(nowMicros, 1_000_000L);
    GeneratedRows source = view.store() != null && view.store().holds(view.self(), ks, s.table())
        ? new GeneratedRows(plan.table(), view.store().rows(view.self(), ks, s.table(), view, nowInSec), partitioner)
        : new GeneratedRows(plan.table(), rows.columns(), rows.rows(), partitioner, writeTime, order);
    ResultSet r = plan.execute(source);
    return AggregationWarning.prepend(AggregationWarning.of(plan), r);
  }

  /**
   * writetime() and ttl() on a system table that is not virtual: Cassandra answers with the time its node wrote the
   * row, but ringsim generates these tables from the cluster's state and has no true write time to give, so it
   * refuses rather than invent one. Virtual tables (system_views) answer them, as Cassandra's do.
   */
  static void refuseWriteTimes(Statement.Select s, String ks) {
    if (SystemSchema.VIRTUAL_KEYSPACES.contains(ks)) return;
    for (Selector sel : s.selectors()) {
      String fn = writeTimeFunction(sel);
      if (fn == null) continue;
      throw new CqlException(CqlErrorClass.InvalidRequest, "ringsim generates the system tables from the cluster's "
          + "state and keeps no write time for their cells, so it cannot answer " + fn + "() on " + ks + "."
          + s.table() + " (Cassandra 4.1 answers with the time its node wrote the row)");
    }
  }

  /** The writetime or ttl call in {@code s}, at any depth; null if none. */
  private static String writeTimeFunction(Selector s) {
    if (s instanceof Selector.Function f) {
      String name = f.name().toLowerCase(Locale.ROOT);
      if (name.equals("writetime") || name.equals("ttl")) return name;
      for (Selector a : f.args()) {
        String in = writeTimeFunction(a);
        if (in != null) return in;
      }
      return null;
    }
    if (s instanceof Selector.Aliased a) return writeTimeFunction(a.selector());
    if (s instanceof Selector.Cast c) return writeTimeFunction(c.arg());
    if (s instanceof Selector.Parenthesized p) return writeTimeFunction(p.inner());
    if (s instanceof Selector.Negation n) return writeTimeFunction(n.operand());
    if (s instanceof Selector.TypeHint h) return writeTimeFunction(h.value());
    if (s instanceof Selector.Operation o) {
      String l = writeTimeFunction(o.left());
      return l != null ? l : writeTimeFunction(o.right());
    }
    return null;
  }
}
