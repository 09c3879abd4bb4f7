package io.ringsim.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import io.ringsim.schema.collection.UserType;

/**
 * The cluster's schema: keyspaces, tables, secondary indexes, user types and materialized views. Immutable: a schema change makes a new catalog,
 * which is what every node then receives, so nodes never share a mutable schema.
 */
public final class Catalog {
  public static final Catalog EMPTY = new Catalog(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>(),
      new TreeMap<>(), List.of(), List.of());

  private final TreeMap<String, KeyspaceMetadata> keyspaces;
  private final TreeMap<String, TableMetadata> tables; // by "ks.table"
  private final TreeMap<String, IndexMetadata> indexes; // by "ks.index"
  private final TreeMap<String, UserType> types; // by "ks.type", each as defined (not frozen)
  private final TreeMap<String, ViewMetadata> views; // by "ks.view"
  // User-defined functions and aggregates, in the order they were created (overloads share a name).
  private final List<UserFunction> functions;
  private final List<UserAggregate> aggregates;

  private Catalog(TreeMap<String, KeyspaceMetadata> k, TreeMap<String, TableMetadata> t,
      TreeMap<String, IndexMetadata> i, TreeMap<String, UserType> u, TreeMap<String, ViewMetadata> v,
      List<UserFunction> f, List<UserAggregate> a) {
    keyspaces = k;
    tables = t;
    indexes = i;
    types = u;
    views = v;
    functions = List.copyOf(f);
    aggregates = List.copyOf(a);
  }


  /** A materialized view of a keyspace. */
  public Optional<ViewMetadata> view(String keyspace, String name) {
    return Optional.ofNullable(views.get(keyspace + "." + name));
  }

  /** A materialized view by its qualified name ("ks.view"). */
  public Optional<ViewMetadata> view(String qualified) {
    return Optional.ofNullable(views.get(qualified));
  }

  /** Every materialized view, by keyspace and name. */
  public List<ViewMetadata> allViews() {
    return List.copyOf(views.values());
  }

  /** The materialized views of a keyspace, by name. */
  public List<ViewMetadata> views(String keyspace) {
    List<ViewMetadata> out = new ArrayList<>();
    for (ViewMetadata v : views.values()) if (v.keyspace().equals(keyspace)) out.add(v);
    return out;
  }

  /** The materialized views of base table {@code keyspace.table}, by name. */
  public List<ViewMetadata> viewsOf(String keyspace, String table) {
    List<ViewMetadata> out = new ArrayList<>();
    for (ViewMetadata v : views.values()) if (v.keyspace().equals(keyspace) && v.baseTable().equals(table)) out.add(v);
    return out;
  }

  /** The views of base table {@code qualified} ("ks.table"): empty for most tables, asked on every replica write. */
  public List<ViewMetadata> viewsOf(String qualified) {
    if (views.isEmpty()) return List.of();
    int dot = qualified.indexOf('.');
    return viewsOf(qualified.substring(0, dot), qualified.substring(dot + 1));
  }

  /** The tables and the materialized views' own tables, by keyspace and name: each is stored like a table. */
  public List<TableMetadata> tablesAndViews() {
    List<TableMetadata> all = new ArrayList<>(tables.values());
    views.values().forEach(v -> all.add(v.table()));
    all.sort(java.util.Comparator.comparing(TableMetadata::qualifiedName));
    return all;
  }

  public Catalog withView(ViewMetadata view) {
    return change(c -> c.views().put(view.qualifiedName(), view));
  }

  public Catalog withoutView(String keyspace, String name) {
    return change(c -> c.views().remove(keyspace + "." + name));
  }

  /** The user-defined functions of a keyspace, by name then argument types. */
  public List<UserFunction> functions(String keyspace) {
    List<UserFunction> out = new ArrayList<>();
    for (UserFunction f : functions) if (f.keyspace().equals(keyspace)) out.add(f);
    out.sort(java.util.Comparator.comparing(UserFunction::name)
        .thenComparing(f -> UserFunction.typeNames(f.argTypes())));
    return out;
  }

  /** The user-defined aggregates of a keyspace, by name then argument types. */
  public List<UserAggregate> aggregates(String keyspace) {
    List<UserAggregate> out = new ArrayList<>();
    for (UserAggregate a : aggregates) if (a.keyspace().equals(keyspace)) out.add(a);
    out.sort(java.util.Comparator.comparing(UserAggregate::name)
        .thenComparing(a -> UserFunction.typeNames(a.argTypes())));
    return out;
  }

  /** With {@code f} added, or replacing the function of the same keyspace, name and argument types. */
  public Catalog withFunction(UserFunction f) {
    return change(c -> {
      c.functions().removeIf(x -> x.keyspace().equals(f.keyspace()) && x.name().equals(f.name())
          && x.takes(f.argTypes()));
      c.functions().add(f);
    });
  }

  public Catalog withoutFunction(UserFunction f) {
    return change(c -> c.functions().remove(f));
  }

  public Catalog withAggregate(UserAggregate a) {
    return change(c -> {
      c.aggregates().removeIf(x -> x.keyspace().equals(a.keyspace()) && x.name().equals(a.name())
          && x.takes(a.argTypes()));
      c.aggregates().add(a);
    });
  }

  public Catalog withoutAggregate(UserAggregate a) {
    return change(c -> c.aggregates().remove(a));
  }

  /** A user-defined type of a keyspace, not frozen. */
  public Optional<UserType> type(String keyspace, String name) {
    return Optional.ofNullable(types.get(keyspace + "." + name));
  }

  /** The user-defined types of a keyspace, by name. */
  public List<UserType> types(String keyspace) {
    List<UserType> out = new ArrayList<>();
    for (UserType u : types.values()) if (u.keyspace().equals(keyspace)) out.add(u);
    out.sort(java.util.Comparator.comparing(UserType::typeName));
    return out;
  }

  public Catalog withType(UserType type) {
    return change(c -> c.types().put(type.keyspace() + "." + type.typeName(), type.withFrozen(false)));
  }

  public Catalog withoutType(String keyspace, String name) {
    return change(c -> c.types().remove(keyspace + "." + name));
  }

  public Optional<KeyspaceMetadata> keyspace(String name) {
    return Optional.ofNullable(keyspaces.get(name));
  }

  public List<KeyspaceMetadata> keyspaces() {
    return List.copyOf(keyspaces.values());
  }

  /**
   * A table, or a materialized view's own table (which reads, storage and replication treat as a table; what only
   * a table may do is checked against {@link #view}).
   */
  public Optional<TableMetadata> table(String keyspace, String table) {
    return table(keyspace + "." + table);
  }

  public Optional<TableMetadata> table(String qualified) {
    TableMetadata t = tables.get(qualified);
    if (t != null || views.isEmpty()) return Optional.ofNullable(t);
    ViewMetadata v = views.get(qualified);
    return v == null ? Optional.empty() : Optional.of(v.table());
  }

  public List<TableMetadata> tables(String keyspace) {
    List<TableMetadata> out = new ArrayList<>();
    for (TableMetadata t : tables.values()) if (t.keyspace().equals(keyspace)) out.add(t);
    return out;
  }

  public List<TableMetadata> allTables() {
    return List.copyOf(tables.values());
  }

  public Optional<IndexMetadata> index(String keyspace, String name) {
    return Optional.ofNullable(indexes.get(keyspace + "." + name));
  }

  public List<IndexMetadata> indexesOn(String keyspace, String table) {
    List<IndexMetadata> out = new ArrayList<>();
    for (IndexMetadata i : indexes.values()) if (i.keyspace().equals(keyspace) && i.table().equals(table)) out.add(i);
    return out;
  }

  public Catalog withKeyspace(KeyspaceMetadata k) {
    return change(c -> c.keyspaces().put(k.name(), k));
  }

  /** Without the keyspace and everything in it. */
  public Catalog withoutKeyspace(String name) {
    return change(c -> {
      c.keyspaces().remove(name);
      c.tables().values().removeIf(x -> x.keyspace().equals(name));
      c.indexes().values().removeIf(x -> x.keyspace().equals(name));
      c.types().values().removeIf(x -> x.keyspace().equals(name));
      c.views().values().removeIf(x -> x.keyspace().equals(name));
      c.functions().removeIf(f -> f.keyspace().equals(name));
      c.aggregates().removeIf(a -> a.keyspace().equals(name));
    });
  }

  public Catalog withTable(TableMetadata table) {
    return change(c -> c.tables().put(table.qualifiedName(), table));
  }

  /** Without the table and its indexes. */
  public Catalog withoutTable(String keyspace, String table) {
    return change(c -> {
      c.tables().remove(keyspace + "." + table);
      c.indexes().values().removeIf(x -> x.keyspace().equals(keyspace) && x.table().equals(table));
    });
  }

  public Catalog withIndex(IndexMetadata index) {
    return change(c -> c.indexes().put(index.keyspace() + "." + index.name(), index));
  }

  public Catalog withoutIndex(String keyspace, String name) {
    return change(c -> c.indexes().remove(keyspace + "." + name));
  }

  public Map<String, TableMetadata> tablesByName() {
    return java.util.Collections.unmodifiableMap(tables);
  }

  /** A new catalog: this one with {@code edit} applied to an {@link Edit} of it. */
  private Catalog change(Consumer<Edit> edit) {
    Edit c = new Edit();
    edit.accept(c);
    return new Catalog(c.keyspaces, c.tables, c.indexes, c.types, c.views, c.functions, c.aggregates);
  }

  /**
   * The parts of a catalog being changed: each part an edit asks for is copied once, on first use; the parts it
   * leaves alone are shared with the catalog it came from (which stays as it was).
   */
  private final class Edit {
    private TreeMap<String, KeyspaceMetadata> keyspaces = Catalog.this.keyspaces;
    private TreeMap<String, TableMetadata> tables = Catalog.this.tables;
    private TreeMap<String, IndexMetadata> indexes = Catalog.this.indexes;
    private TreeMap<String, UserType> types = Catalog.this.types;
    private TreeMap<String, ViewMetadata> views = Catalog.this.views;
    private List<UserFunction> functions = Catalog.this.functions;
    private List<UserAggregate> aggregates = Catalog.this.aggregates;

    TreeMap<String, KeyspaceMetadata> keyspaces() {
      if (keyspaces == Catalog.this.keyspaces) keyspaces = new TreeMap<>(keyspaces);
      return keyspaces;
    }

    TreeMap<String, TableMetadata> tables() {
      if (tables == Catalog.this.tables) tables = new TreeMap<>(tables);
      return tables;
    }

    TreeMap<String, IndexMetadata> indexes() {
      if (indexes == Catalog.this.indexes) indexes = new TreeMap<>(indexes);
      return indexes;
    }

    TreeMap<String, UserType> types() {
      if (types == Catalog.this.types) types = new TreeMap<>(types);
      return types;
    }

    TreeMap<String, ViewMetadata> views() {
      if (views == Catalog.this.views) views = new TreeMap<>(views);
      return views;
    }

    List<UserFunction> functions() {
      if (functions == Catalog.this.functions) functions = new ArrayList<>(functions);
      return functions;
    }

    List<UserAggregate> aggregates() {
      if (aggregates == Catalog.this.aggregates) aggregates = new ArrayList<>(aggregates);
      return aggregates;
    }
  }
}
