package io.ringsim.schema;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A table's schema: its columns in declaration order and its options. The accessors return the partition key and
 * clustering columns in key order, which is what hashing and clustering comparisons need. Immutable; the key
 * column lists are computed once because every read and write asks for them.
 */
public final class TableMetadata {
  private final String keyspace;
  private final String name;
  private final List<ColumnDef> columns;
  private final TableParams params;
  private final List<ColumnDef> partitionKey;
  private final List<ColumnDef> clustering;
  private final List<ColumnDef> statics;
  private final List<ColumnDef> regulars;
  private final String qualifiedName;
  private final boolean counterTable;
  private final Map<String, DroppedColumn> dropped;
  private final boolean strictLiveness;

  /**
   * A column ALTER TABLE ... DROP removed, as Cassandra remembers it: its type (a column of that name may only be
   * added again with a compatible type) and when it was dropped. Cells of that name written at or before that
   * time stay invisible for good, even once a column of that name is added again; later ones are the new column's.
   * {@code droppedAtMicros} is Long.MIN_VALUE when the time is unknown (a schema rebuilt from its statements).
   * {@code kind} is REGULAR or STATIC: a column of that name may only come back as the same kind.
   */
  public record DroppedColumn(CqlType type, ColumnKind kind, long droppedAtMicros) {
    /** The same dropped column, dropped at {@code micros}. */
    public DroppedColumn at(long micros) {
      return new DroppedColumn(type, kind, micros);
    }

    /**
     * Its type as Cassandra keeps it (system_schema.dropped_columns, DESCRIBE ... WITH INTERNALS): every user type,
     * nested ones too, as the tuple of its fields (AbstractType.expandUserTypes).
     */
    public CqlType expandedType() {
      return expand(type);
    }

    private static CqlType expand(CqlType t) {
      if (t instanceof io.ringsim.schema.collection.UserType u)
        return new io.ringsim.schema.collection.TupleType(u.fieldTypes().stream().map(DroppedColumn::expand).toList());
      if (t instanceof io.ringsim.schema.collection.TupleType x)
        return new io.ringsim.schema.collection.TupleType(x.components().stream().map(DroppedColumn::expand).toList());
      if (t instanceof io.ringsim.schema.collection.ListType l)
        return new io.ringsim.schema.collection.ListType(expand(l.element()), l.frozen());
      if (t instanceof io.ringsim.schema.collection.SetType x)
        return new io.ringsim.schema.collection.SetType(expand(x.element()), x.frozen());
      if (t instanceof io.ringsim.schema.collection.MapType m)
        return new io.ringsim.schema.collection.MapType(expand(m.key()), expand(m.value()), m.frozen());
      return t;
    }
  }

  public TableMetadata(String keyspace, String name, List<ColumnDef> columns, TableParams params) {
    this(keyspace, name, columns, params, Map.of());
  }

  public TableMetadata(String keyspace, String name, List<ColumnDef> columns, TableParams params,
      Map<String, DroppedColumn> dropped) {
    this(keyspace, name, columns, params, dropped, false);
  }

  /**
   * {@code strictLiveness}: a row is live only while its row marker is (Cassandra's enforceStrictLiveness), which a
   * materialized view keyed on a base column outside the base key has: its row lives and dies with that column.
   */
  public TableMetadata(String keyspace, String name, List<ColumnDef> columns, TableParams params,
      Map<String, DroppedColumn> dropped, boolean strictLiveness) {
    this.strictLiveness = strictLiveness;
    // In the order the columns were dropped, which DESCRIBE ... WITH INTERNALS needs (see its droppedInOrder).
    this.dropped = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(dropped));
    this.keyspace = keyspace;
    this.name = name;
    this.columns = List.copyOf(columns);
    this.params = params;
    this.partitionKey = ofKind(this.columns, ColumnKind.PARTITION_KEY);
    if (partitionKey.isEmpty())
      throw new IllegalArgumentException("table " + keyspace + "." + name + " has no partition key column");
    this.clustering = ofKind(this.columns, ColumnKind.CLUSTERING);
    this.statics = ofKind(this.columns, ColumnKind.STATIC);
    this.regulars = ofKind(this.columns, ColumnKind.REGULAR);
    this.qualifiedName = keyspace + "." + name;
    // Asked on every write by the coordinator: computed once. Cassandra fixes a table's COUNTER flag at CREATE and
    // never adds a counter to a table without it nor another column to one with it, so a table is a counter table
    // while it has a counter column or remembers a dropped one (dropping its last counter leaves it one).
    this.counterTable = this.columns.stream().anyMatch(c -> !c.isPrimaryKey() && c.type().name().equals("counter"))
        || this.dropped.values().stream().anyMatch(d -> d.type().name().equals("counter"));
  }

  public String keyspace() {
    return keyspace;
  }

  public String name() {
    return name;
  }

  public List<ColumnDef> columns() {
    return columns;
  }

  public TableParams params() {
    return params;
  }

  public List<ColumnDef> partitionKey() {
    return partitionKey;
  }

  public List<ColumnDef> clusteringColumns() {
    return clustering;
  }

  public List<ColumnDef> staticColumns() {
    return statics;
  }

  public List<ColumnDef> regularColumns() {
    return regulars;
  }

  public Optional<ColumnDef> column(String columnName) {
    for (ColumnDef c : columns) if (c.name().equals(columnName)) return Optional.of(c);
    return Optional.empty();
  }

  public String qualifiedName() {
    return qualifiedName;
  }

  /**
   * The table's id: the one CREATE TABLE ... WITH ID gave, else one derived from its name, so that a simulation
   * gives the same ids each run (Cassandra's are random).
   */
  public java.util.UUID id() {
    java.util.UUID given = params.shown().id();
    return given != null ? given : java.util.UUID.nameUUIDFromBytes(("ringsim table " + qualifiedName)
        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** The columns dropped from this table, by name, in the order they were dropped (see {@link DroppedColumn}). */
  public Map<String, DroppedColumn> droppedColumns() {
    return dropped;
  }

  /** A row is live only while its row marker is (see the constructor). */
  public boolean strictLiveness() {
    return strictLiveness;
  }

  /** True when a cell of column {@code columnName} written at {@code timestamp} went with a DROP of that column. */
  public boolean droppedWith(String columnName, long timestamp) {
    DroppedColumn d = dropped.get(columnName);
    return d != null && timestamp <= d.droppedAtMicros();
  }

  /** A counter table: its columns outside the primary key are counters (Cassandra forbids mixing). */
  public boolean isCounterTable() {
    return counterTable;
  }

  private static List<ColumnDef> ofKind(List<ColumnDef> cols, ColumnKind kind) {
    return cols.stream()
        .filter(c -> c.kind() == kind)
        .sorted(Comparator.comparingInt(ColumnDef::position))
        .toList();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableMetadata t && t.keyspace.equals(keyspace) && t.name.equals(name)
        && t.columns.equals(columns) && t.params.equals(params) && t.dropped.equals(dropped)
        && t.strictLiveness == strictLiveness;
  }

  @Override
  public int hashCode() {
    return Objects.hash(keyspace, name, columns, params, dropped);
  }

  @Override
  public String toString() {
    return "TableMetadata[" + qualifiedName + ", " + columns + ", " + params + "]";
  }
}
