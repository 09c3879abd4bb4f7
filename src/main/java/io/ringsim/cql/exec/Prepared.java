package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prepared statements: the bind variables of a parsed statement (what PREPARE answers), the partition key's
 * variables (what a driver routes by), and binding values (what EXECUTE and BATCH send) into a statement that the
 * planners run exactly as the same statement written with literals.
 */
public final class Prepared {
  private Prepared() {}

  /** The protocol's "unset" value (v4+): the variable is not given; each position reads that its own way. */
  public static final Object UNSET = new Object() {
    @Override
    public String toString() {
      return "UNSET";
    }
  };

  /** How many bind markers {@code s} holds (a BATCH counts those of all its children). */
  public static int markerCount(Statement s) {
    return BindMarkers.count(s);
  }

  /** The variables in marker order, with Cassandra's names and types. */
  public static List<BindVariable> variables(Statement s, Catalog c, String sessionKeyspace) {
    return MarkerSpecs.of(s, c, sessionKeyspace).stream().map(MarkerSpecs.Spec::variable).toList();
  }

  /**
   * For each partition key column of the statement's table, in key order, the index of the first variable that gives
   * that column's value directly ({@code k = ?}, {@code k IN (?, ...)}, an INSERT value); empty when one of them has
   * none, when the statement has no table, or when a BATCH touches several tables (as Cassandra: drivers then do
   * not route by key).
   */
  public static int[] partitionKeyIndices(Statement s, Catalog c, String sessionKeyspace) {
    TableMetadata t = tableOf(s, c, sessionKeyspace);
    if (t == null) return new int[0];
    List<MarkerSpecs.Spec> specs = MarkerSpecs.of(s, c, sessionKeyspace);
    List<ColumnDef> pk = t.partitionKey();
    int[] out = new int[pk.size()];
    for (int k = 0; k < pk.size(); k++) {
      out[k] = -1;
      for (int i = 0; i < specs.size() && out[k] < 0; i++) {
        BindVariable v = specs.get(i).variable();
        if (pk.get(k).name().equals(specs.get(i).targetColumn()) && v.keyspace().equals(t.keyspace())
            && v.table().equals(t.name())) {
          out[k] = i;
        }
      }
      if (out[k] < 0) return new int[0];
    }
    return out;
  }

  private static TableMetadata tableOf(Statement s, Catalog c, String session) {
    if (s instanceof Statement.Batch b) {
      TableMetadata first = null;
      for (Statement child : b.statements()) {
        TableMetadata t = tableOf(child, c, session);
        if (first != null && !first.qualifiedName().equals(t.qualifiedName())) return null;
        first = t;
      }
      return first;
    }
    Statement.TableName name = Statement.tableOf(s);
    if (name == null) return null;
    return SchemaOps.table(c, SchemaOps.keyspaceOf(name.keyspace(), session), name.table());
  }

  /**
   * {@code s} with {@code values} in place of its markers, in marker order: decoded values as
   * {@code CqlType.deserialize} returns them for the variable's type, null for NULL, {@link #UNSET} for unset.
   */
  public static Statement bind(Statement s, List<Object> values) {
    int markers = markerCount(s);
    if (values.size() != markers) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "there were " + markers + " markers(?) in CQL but "
          + values.size() + " bound variables");
    }
    return new StatementBinder(values).statement(s);
  }

  /**
   * Named values (protocol v5, or v4 with the names flag): each variable takes the value whose name is the
   * variable's name. As in Cassandra's QueryOptions, a variable with no value of its name makes the count of values
   * fall short, which is reported as a count mismatch.
   */
  public static Statement bind(Statement s, Catalog c, String sessionKeyspace, Map<String, Object> named) {
    List<Object> ordered = new ArrayList<>();
    for (BindVariable v : variables(s, c, sessionKeyspace)) {
      if (named.containsKey(v.name())) ordered.add(named.get(v.name()));
    }
    if (ordered.size() != markerCount(s)) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "there were " + markerCount(s) + " markers(?) in CQL but "
          + ordered.size() + " bound variables");
    }
    return bind(s, ordered);
  }
}
