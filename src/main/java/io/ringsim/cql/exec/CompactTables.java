package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.invalid;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.TableSchema;
import java.util.List;
import java.util.Optional;

/**
 * The rules of tables created WITH COMPACT STORAGE (Cassandra 4.1's CreateTableStatement.validateCompactTable,
 * CreateIndexStatement, AlterTableStatement and UpdateStatement), in Cassandra's words. A compact table with
 * clustering columns is "dense": at most one non-key column, its "compact value". One without is "static compact":
 * its compact value is a hidden column named {@code value}. A compact table's row has no row marker: it lives only
 * while one of its non-key columns does.
 */
final class CompactTables {
  private CompactTables() {}

  /** The hidden compact value column of a static compact table, as Cassandra names it in its messages. */
  private static final String HIDDEN_VALUE = "value";

  static boolean isCompact(TableMetadata t) {
    return t.params().compactStorage();
  }

  /** CREATE TABLE ... WITH COMPACT STORAGE: the shapes Cassandra refuses. */
  static void checkCreate(List<ColumnDef> defs, boolean hasClustering) {
    List<ColumnDef> nonKey = defs.stream().filter(d -> !d.isPrimaryKey()).toList();
    if (nonKey.stream().anyMatch(d -> TableSchema.isComplex(d.type()) && !d.type().name().equals("counter")))
      throw invalid("Non-frozen collections and UDTs are not supported with COMPACT STORAGE");
    if (nonKey.stream().anyMatch(d -> d.kind() == io.ringsim.schema.ColumnKind.STATIC))
      throw invalid("Static columns are not supported in COMPACT STORAGE tables");
    if (hasClustering) {
      if (nonKey.size() > 1) throw invalid("COMPACT STORAGE with composite PRIMARY KEY allows no more than one column"
          + " not part of the PRIMARY KEY (got: " + String.join(", ", nonKey.stream().map(ColumnDef::name).toList())
          + ")");
    } else if (nonKey.isEmpty()) {
      throw invalid("No definition found that is not part of the PRIMARY KEY");
    }
  }

  static void checkAlterAdd(TableMetadata t) {
    if (isCompact(t)) throw invalid("Cannot add new column to a COMPACT STORAGE table");
  }

  static void checkIndexTarget(TableMetadata t, ColumnDef col) {
    if (!isCompact(t)) return;
    if (col.isPrimaryKey())
      throw invalid("Secondary indexes are not supported on PRIMARY KEY columns in COMPACT STORAGE tables");
    if (compactValue(t).filter(v -> v.equals(col.name())).isPresent())
      throw invalid("Secondary indexes are not supported on compact value column of COMPACT STORAGE tables");
  }

  /**
   * The compact value column's name: a dense table's only non-key column (none when it has only key columns), a
   * static compact table's hidden {@code value}.
   */
  static Optional<String> compactValue(TableMetadata t) {
    if (t.clusteringColumns().isEmpty()) return Optional.of(hiddenName(t, HIDDEN_VALUE, 0));
    return t.regularColumns().stream().findFirst().map(ColumnDef::name);
  }

  /**
   * Whether an INSERT's row gets a row marker: not in a compact table that has a compact value, where a row lives
   * only while a non-key column does. A dense table of only key columns keeps it: Cassandra writes its empty
   * compact value instead, which ringsim's marker stands for.
   */
  static boolean writesRowMarker(TableMetadata t) {
    return !isCompact(t) || compactValue(t).isEmpty();
  }

  /**
   * An INSERT of a compact table's row that sets no non-key column. A static compact table's columns are, inside
   * Cassandra, cells of a row under a hidden clustering column ({@code column1}), which such an INSERT lacks.
   */
  static void checkSetsValue(TableMetadata t, boolean setsNonKeyColumn) {
    if (!isCompact(t) || setsNonKeyColumn) return;
    if (t.clusteringColumns().isEmpty())
      throw invalid("Some clustering keys are missing: " + hiddenName(t, "column", 1));
    compactValue(t).ifPresent(v -> {
      throw invalid("Column " + v + " is mandatory for this COMPACT STORAGE table");
    });
  }

  /** Cassandra's name for a hidden column: {@code base}, then base1, base2... (from {@code first}) until unused. */
  private static String hiddenName(TableMetadata t, String base, int first) {
    for (int i = first; ; i++) {
      String n = i == 0 ? base : base + i;
      if (t.column(n).isEmpty()) return n;
    }
  }

  /**
   * A dense table of one clustering column keeps each row under that value alone, where an empty value means the
   * row itself: Cassandra refuses it in an INSERT or UPDATE.
   */
  static void checkClustering(TableMetadata t, byte[][] clustering) {
    if (!isCompact(t) || t.clusteringColumns().size() != 1) return;
    if (clustering.length == 1 && clustering[0].length == 0)
      throw invalid("Invalid empty or null value for column " + t.clusteringColumns().get(0).name());
  }

  /**
   * A dense table with several clustering columns takes a row under a clustering prefix (the last ones missing,
   * read back as null), as Thrift-era wide rows had: Cassandra lets INSERT and UPDATE name only the first ones.
   */
  static boolean allowsClusteringPrefix(TableMetadata t, int missing) {
    return isCompact(t) && t.clusteringColumns().size() > 1 && missing < t.clusteringColumns().size();
  }

  /** In a table that takes clustering prefixes, an INSERT naming a clustering column after one it leaves out. */
  static void checkNoClusteringGap(TableMetadata t, java.util.Set<String> named) {
    List<ColumnDef> cc = t.clusteringColumns();
    if (!isCompact(t) || cc.size() < 2) return;
    int prefix = 0;
    while (prefix < cc.size() && named.contains(cc.get(prefix).name())) prefix++;
    for (int i = prefix + 1; i < cc.size(); i++) {
      if (named.contains(cc.get(i).name())) throw invalid("PRIMARY KEY column \"" + cc.get(i).name()
          + "\" cannot be restricted as preceding column \"" + cc.get(prefix).name() + "\" is not restricted");
    }
  }
}
