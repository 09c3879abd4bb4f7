package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import java.util.List;
import java.util.Map;
import io.ringsim.schema.SasiOptions;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;

/** CREATE INDEX and DROP INDEX, with Cassandra 4.1's checks and messages (what an index may target: IndexTargets). */
public final class IndexOps {
  private IndexOps() {}

  private static CqlException invalid(String m) {
    return SchemaOps.invalid(m);
  }

  /** Cassandra's SASI index class, which USING names in full. */
  static final String SASI_CLASS = IndexMetadata.SASI_CLASS;

  /** Whether {@code s} creates a SASI index (Cassandra warns on each: SASIIndex.USAGE_WARNING). */
  public static boolean createsSasi(Statement s) {
    return s instanceof Statement.CreateIndex ci && ci.custom() && SASI_CLASS.equals(ci.indexClass());
  }

  /** Cassandra's SASIIndex.USAGE_WARNING, sent with every CREATE CUSTOM INDEX ... USING its SASI class. */
  public static final String SASI_WARNING = "SASI indexes are experimental and are not recommended for production use.";

  static Catalog createIndex(Catalog c, Statement.CreateIndex s, String session, CqlFeatures features) {
    boolean sasi = createsSasi(s);
    if (sasi) features.requireSasiIndexes();
    // Cassandra's IndexAttributes.validate (its spelling kept).
    if (s.custom() && s.indexClass() == null) throw invalid("CUSTOM index requires specifiying the index class");
    if (!s.custom() && s.indexClass() != null) throw invalid("Cannot specify index class for a non-CUSTOM index");
    if (!s.custom() && s.options() != null) throw invalid("Cannot specify options for a non-CUSTOM index");
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (c.keyspace(ks).isEmpty()) throw invalid("Keyspace '" + ks + "' doesn't exist");
    TableMetadata t = c.table(ks, s.table()).orElseThrow(() -> invalid("Table '" + s.table() + "' doesn't exist"));
    if (s.indexName() != null && c.index(ks, s.indexName()).isPresent()) {
      if (s.ifNotExists()) return c;
      throw invalid("Index '" + s.indexName() + "' already exists");
    }
    if (t.isCounterTable()) throw invalid("Secondary indexes on counter tables aren't supported");
    ColumnDef col = t.column(s.column()).orElseThrow(() -> invalid("Undefined column name " + s.column()
        + " in table " + ks + "." + s.table()));
    CompactTables.checkIndexTarget(t, col);
    if (col.kind() == ColumnKind.PARTITION_KEY && t.partitionKey().size() == 1)
      throw invalid("Cannot create secondary index on the only partition key column " + s.column());
    if (SchemaOps.containsDuration(col.type())) {
      CqlType ct = col.type();
      throw invalid("Secondary indexes are not supported on " + (ct instanceof ListType || ct instanceof SetType
          || ct instanceof MapType ? "collections containing durations" : ct instanceof TupleType
          ? "tuples containing durations" : ct instanceof io.ringsim.schema.collection.UserType
          ? "UDTs containing durations" : "duration columns"));
    }
    IndexTargets.validate(col, s.kind());
    String name = s.indexName() != null ? s.indexName() : IndexTargets.availableName(c, ks, s.table(), s.column());
    if (c.index(ks, name).isPresent()) {
      if (s.ifNotExists()) return c;
      throw new CqlException(CqlErrorClass.InvalidRequest, "Index '" + name + "' already exists");
    }
    IndexMetadata index = new IndexMetadata(ks, name, s.table(), s.column(), IndexTargets.kind(s.kind()));
    // A custom index is never a duplicate of a plain one (Cassandra's equalsWithoutName compares the index kinds and
    // options); two SASI indexes are duplicates when their target and options are the same.
    Map<String, String> written = sasi ? SasiIndexes.options(s.options()) : Map.of();
    for (IndexMetadata other : s.custom() && !sasi ? List.<IndexMetadata>of() : c.indexesOn(ks, s.table())) {
      boolean sameKind = sasi ? other.isSasi() && other.sasi().options().equals(new java.util.TreeMap<>(written))
          : !other.isSasi();
      if (sameKind && other.column().equals(index.column()) && other.kind().equals(index.kind())) {
        if (s.ifNotExists()) return c;
        throw invalid("Index " + name + " is a duplicate of existing index " + other.name());
      }
    }
    if (sasi) {
      SasiOptions o = SasiIndexes.validate(col, written, DescribeStatement.indexTarget(t, index));
      return c.withIndex(new IndexMetadata(ks, name, s.table(), s.column(), index.kind(), o));
    }
    // Cassandra loads a custom index's class last, when it validates the table with its new index: custom index
    // classes are Java classes on a real node's classpath, and ringsim has none to load.
    if (s.custom()) {
      throw new CqlException(CqlErrorClass.ConfigurationError, "Unable to find custom indexer class '"
          + s.indexClass() + "'");
    }
    return c.withIndex(index);
  }

  static Catalog dropIndex(Catalog c, Statement.DropIndex s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (c.index(ks, s.name()).isEmpty()) {
      if (s.ifExists()) return c;
      throw invalid("Index '" + ks + "." + s.name() + "' doesn't exist'");
    }
    return c.withoutIndex(ks, s.name());
  }
}
