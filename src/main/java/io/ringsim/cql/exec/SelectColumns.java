package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns a SELECT returns, worked out without reading anything: what a PREPARED reply announces as its result
 * metadata, so that a driver can ask for rows without theirs (skip_metadata).
 */
public final class SelectColumns {
  private SelectColumns() {}

  /**
   * Names and types, in the order rows carry them. {@code reversed}: the column is a clustering column in
   * descending order selected as it is (aliased or not), which Cassandra types as ReversedType in its result
   * metadata: the wire type is the same, the result_metadata_id is not.
   */
  public record Columns(List<String> names, List<CqlType> types, List<Boolean> reversed) {}

  /** {@code session}: the keyspace an unqualified table name resolves in. */
  public static Columns of(Statement.Select s, Catalog catalog, String session) {
    if (s.json()) return new Columns(List.of(SelectJson.COLUMN), List.of(CqlTypes.TEXT), List.of(false));
    TableMetadata t = SchemaOps.table(catalog, SchemaOps.keyspaceOf(s.keyspace(), session), s.table());
    // The projection only names and types its selectors here; the clock and seed matter only to reading rows.
    Projection p = new Projection(t, s.selectors(), 0, new Values(0, 0).useFunctions(catalog, t.keyspace()),
        new java.util.HashMap<>());
    List<Boolean> reversed = new ArrayList<>();
    if (s.selectors().isEmpty()) {
      for (ColumnDef d : RowValues.starColumns(t)) reversed.add(descending(d));
    } else {
      for (Selector sel : s.selectors()) {
        Selector plain = sel instanceof Selector.Aliased a ? a.selector() : sel;
        reversed.add(plain instanceof Selector.Column c && descending(Projection.column(t, c.name())));
      }
    }
    return new Columns(p.names(), p.types(), reversed);
  }

  private static boolean descending(ColumnDef d) {
    return d.kind() == ColumnKind.CLUSTERING && d.order() == ClusteringOrder.DESC;
  }
}
