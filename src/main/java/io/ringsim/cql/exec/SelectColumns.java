package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import java.util.List;

/**
 * The columns a SELECT returns, worked out without reading anything: what a PREPARED reply announces as its result
 * metadata, so that a driver can ask for rows without theirs (skip_metadata).
 */
public final class SelectColumns {
  private SelectColumns() {}

  /** Names and types, in the order rows carry them. */
  public record Columns(List<String> names, List<CqlType> types) {}

  /** {@code session}: the keyspace an unqualified table name resolves in. */
  public static Columns of(Statement.Select s, Catalog catalog, String session) {
    if (s.json()) return new Columns(List.of(SelectJson.COLUMN), List.of(CqlTypes.TEXT));
    TableMetadata t = SchemaOps.table(catalog, SchemaOps.keyspaceOf(s.keyspace(), session), s.table());
    // The projection only names and types its selectors here; the clock and seed matter only to reading rows.
    Projection p = new Projection(t, s.selectors(), 0, new Values(0, 0));
    return new Columns(p.names(), p.types());
  }
}
