package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CREATE / ALTER / DROP TYPE: the catalog after each, with Cassandra 4.1's checks and messages (CreateTypeStatement,
 * AlterTypeStatement, DropTypeStatement). A type belongs to one keyspace and is used only there.
 */
public final class UserTypeOps {
  private UserTypeOps() {}

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  public static Catalog createType(Catalog c, Statement.CreateType s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (c.keyspace(ks).isEmpty()) throw invalid("Keyspace '" + ks + "' doesn't exist");
    if (c.type(ks, s.name()).isPresent()) {
      if (s.ifNotExists()) return c;
      throw invalid("A user type with name '" + s.name() + "' already exists");
    }
    Set<String> used = new HashSet<>();
    for (String f : s.fieldNames())
      if (!used.add(f)) throw invalid("Duplicate field name '" + f + "' in type '" + s.name() + "'");
    List<CqlType> types = new ArrayList<>();
    for (String t : s.fieldTypes()) checkField(TypeResolver.parse(t));
    for (String t : s.fieldTypes()) types.add(fieldType(t, c, ks));
    return c.withType(new UserType(ks, s.name(), s.fieldNames(), types, false));
  }

  /** What a field may not be, checked on the type as written. */
  private static void checkField(TypeResolver.Raw raw) {
    if (raw.isCounter()) throw invalid("A user type cannot contain counters");
    if (raw.isUserType()) throw invalid("A user type cannot contain non-frozen UDTs");
  }

  /**
   * A field's type as written: a collection stays non-frozen in the type's definition, as in Cassandra, which then
   * refuses the type as a non-frozen column ({@link #checkColumn}).
   */
  private static CqlType fieldType(String text, Catalog c, String ks) {
    return SchemaOps.type(text, null, c, ks);
  }

  /** What a column's type may not be: a non-frozen UDT with a non-frozen collection field. */
  static void checkColumn(CqlType t) {
    if (t instanceof UserType u && !u.frozen()) {
      for (CqlType f : u.fieldTypes()) {
        if (io.ringsim.storage.TableSchema.isComplex(f))
          throw invalid("Non-frozen UDTs with nested non-frozen collections are not supported");
      }
    }
  }

  private static UserType existing(Catalog c, String ks, String name) {
    return c.type(ks, name).orElseThrow(() -> invalid("Type " + ks + "." + name + " doesn't exist"));
  }

  public static Catalog alterAdd(Catalog c, Statement.AlterTypeAdd s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (s.ifExists() && c.type(ks, s.name()).isEmpty()) return c;
    UserType u = existing(c, ks, s.name());
    checkField(TypeResolver.parse(s.type()));
    if (u.fieldIndex(s.field()) >= 0) {
      if (s.ifFieldNotExists()) return c;
      throw invalid("Cannot add field " + s.field() + " to type " + ks + "." + u.cqlName() + ": a field with name "
          + s.field() + " already exists");
    }
    CqlType type = fieldType(s.type(), c, ks);
    if (references(type, ks, u.typeName()))
      throw invalid("Cannot add new field " + s.field() + " of type " + type.name() + " to user type " + ks + "."
          + u.cqlName() + " as this would create a circular reference");
    List<String> inKey = new ArrayList<>();
    for (TableMetadata t : c.tables(ks)) {
      for (ColumnDef d : t.partitionKey()) {
        if (references(d.type(), ks, u.typeName())) {
          inKey.add(t.qualifiedName());
          break;
        }
      }
    }
    if (!inKey.isEmpty())
      throw invalid("Cannot add new field " + s.field() + " of type " + type.name() + " to user type " + ks + "."
          + u.cqlName() + " as the type is being used in partition key by the following tables: "
          + String.join(", ", inKey));
    List<String> names = new ArrayList<>(u.fieldNames());
    List<CqlType> types = new ArrayList<>(u.fieldTypes());
    names.add(s.field());
    types.add(type);
    return replaceEverywhere(c, new UserType(ks, u.typeName(), names, types, false));
  }

  public static Catalog alterRename(Catalog c, Statement.AlterTypeRename s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (s.ifExists() && c.type(ks, s.name()).isEmpty()) return c;
    UserType u = existing(c, ks, s.name());
    // An aggregate's INITCOND is kept as written: renaming a field of its state type would leave it unreadable.
    List<String> initConds = new ArrayList<>();
    for (UserAggregate a : c.aggregates(ks)) {
      if (a.initCond() != null && references(a.stateType(), ks, u.typeName())) initConds.add(ks + "." + a.name());
    }
    if (!initConds.isEmpty()) {
      throw invalid("Cannot alter user type " + ks + "." + u.cqlName() + " as it is still used in INITCOND by "
          + "aggregates " + String.join(", ", initConds));
    }
    List<String> names = new ArrayList<>(u.fieldNames());
    for (int i = 0; i < s.from().size(); i++) {
      int at = u.fieldIndex(s.from().get(i));
      if (at < 0 && s.ifFieldExists()) continue;
      // "Unkown" is Cassandra's spelling.
      if (at < 0) throw invalid("Unkown field " + s.from().get(i) + " in user type " + ks + "." + u.cqlName());
      names.set(at, s.to().get(i));
    }
    if (names.equals(u.fieldNames())) return c;
    for (String n : names) {
      if (names.indexOf(n) != names.lastIndexOf(n))
        throw invalid("Duplicate field name " + n + " in type " + ks);
    }
    return replaceEverywhere(c, new UserType(ks, u.typeName(), names, u.fieldTypes(), false));
  }

  public static Catalog alterField(Catalog c, Statement.AlterTypeAlter s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (s.ifExists() && c.type(ks, s.name()).isEmpty()) return c;
    existing(c, ks, s.name());
    throw invalid("Altering field types is no longer supported");
  }

  public static Catalog dropType(Catalog c, Statement.DropType s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (c.type(ks, s.name()).isEmpty()) {
      if (s.ifExists()) return c;
      throw invalid("Type '" + ks + "." + s.name() + "' doesn't exist");
    }
    List<String> byFunctions = new ArrayList<>();
    for (UserFunction f : c.functions(ks)) {
      if (references(f.returnType(), ks, s.name()) || f.argTypes().stream().anyMatch(a -> references(a, ks, s.name())))
        byFunctions.add(ks + "." + f.name());
    }
    for (UserAggregate a : c.aggregates(ks)) {
      if (references(a.returnType(), ks, s.name()) || references(a.stateType(), ks, s.name())
          || a.argTypes().stream().anyMatch(x -> references(x, ks, s.name())))
        byFunctions.add(ks + "." + a.name());
    }
    if (!byFunctions.isEmpty()) {
      throw invalid("Cannot drop user type '" + ks + "." + s.name() + "' as it is still used by functions "
          + String.join(", ", byFunctions));
    }
    List<String> byTypes = new ArrayList<>();
    for (UserType other : c.types(ks)) {
      if (other.typeName().equals(s.name())) continue;
      for (CqlType f : other.fieldTypes()) {
        if (references(f, ks, s.name())) {
          byTypes.add(other.cqlName());
          break;
        }
      }
    }
    String qualified = "'" + ks + "." + s.name() + "'";
    if (!byTypes.isEmpty())
      throw invalid("Cannot drop user type " + qualified + " as it is still used by user types "
          + String.join(", ", byTypes));
    List<String> byTables = new ArrayList<>();
    for (TableMetadata t : c.tables(ks)) {
      for (ColumnDef d : t.columns()) {
        if (references(d.type(), ks, s.name())) {
          byTables.add(t.name());
          break;
        }
      }
    }
    if (!byTables.isEmpty())
      throw invalid("Cannot drop user type " + qualified + " as it is still used by tables "
          + String.join(", ", byTables));
    return c.withoutType(ks, s.name());
  }

  /** Whether {@code t} is or contains (at any depth) the user type {@code ks.name}. */
  public static boolean references(CqlType t, String ks, String name) {
    if (t instanceof UserType u) {
      if (u.keyspace().equals(ks) && u.typeName().equals(name)) return true;
      for (CqlType f : u.fieldTypes()) if (references(f, ks, name)) return true;
      return false;
    }
    if (t instanceof ListType l) return references(l.element(), ks, name);
    if (t instanceof SetType st) return references(st.element(), ks, name);
    if (t instanceof MapType m) return references(m.key(), ks, name) || references(m.value(), ks, name);
    if (t instanceof TupleType tt) {
      for (CqlType x : tt.components()) if (references(x, ks, name)) return true;
    }
    return false;
  }

  /** The catalog with every use of the altered type (in types and in tables' columns) replaced by its new version. */
  private static Catalog replaceEverywhere(Catalog c, UserType updated) {
    String ks = updated.keyspace();
    Catalog out = c.withType(updated);
    for (UserType other : c.types(ks)) {
      if (other.typeName().equals(updated.typeName())) continue;
      CqlType r = replace(other, updated);
      if (r != other) out = out.withType((UserType) r);
    }
    for (TableMetadata t : c.tables(ks)) {
      boolean changed = false;
      List<ColumnDef> cols = new ArrayList<>();
      for (ColumnDef d : t.columns()) {
        CqlType r = replace(d.type(), updated);
        changed |= r != d.type();
        cols.add(new ColumnDef(d.name(), r, d.kind(), d.position(), d.order()));
      }
      if (changed) out = out.withTable(new TableMetadata(ks, t.name(), cols, t.params()));
    }
    // As Cassandra re-creates a function over the altered type: a Java body is compiled again, so its arguments
    // and result carry the new field names.
    for (UserFunction f : c.functions(ks)) {
      List<CqlType> args = new ArrayList<>();
      boolean changed = false;
      for (CqlType a : f.argTypes()) {
        CqlType r = replace(a, updated);
        changed |= r != a;
        args.add(r);
      }
      CqlType ret = replace(f.returnType(), updated);
      changed |= ret != f.returnType();
      if (!changed) continue;
      UserFunction.Code code = f.language().equals("java")
          ? FunctionOps.compileJava(out, ks, f.name(), f.argNames(), args, ret, f.calledOnNullInput(), f.body())
          : f.code();
      out = out.withFunction(new UserFunction(ks, f.name(), f.argNames(), args, ret, f.calledOnNullInput(),
          f.language(), f.body(), code));
    }
    for (UserAggregate a : c.aggregates(ks)) {
      List<CqlType> args = new ArrayList<>();
      for (CqlType x : a.argTypes()) args.add(replace(x, updated));
      CqlType state = replace(a.stateType(), updated);
      CqlType ret = replace(a.returnType(), updated);
      if (state == a.stateType() && ret == a.returnType() && args.equals(a.argTypes())) continue;
      out = out.withAggregate(new UserAggregate(ks, a.name(), args, a.stateFunction(), state, a.finalFunction(), ret,
          a.initCond(), a.initCondText()));
    }
    return out;
  }

  /** {@code t} with {@code updated} in place of its older version; the same instance when nothing changes. */
  static CqlType replace(CqlType t, UserType updated) {
    if (t instanceof UserType u) {
      if (u.keyspace().equals(updated.keyspace()) && u.typeName().equals(updated.typeName()))
        return updated.withFrozen(u.frozen());
      List<CqlType> fields = new ArrayList<>();
      boolean changed = false;
      for (CqlType f : u.fieldTypes()) {
        CqlType r = replace(f, updated);
        changed |= r != f;
        fields.add(r);
      }
      return changed ? new UserType(u.keyspace(), u.typeName(), u.fieldNames(), fields, u.frozen()) : t;
    }
    if (t instanceof ListType l) {
      CqlType e = replace(l.element(), updated);
      return e == l.element() ? t : new ListType(e, l.frozen());
    }
    if (t instanceof SetType st) {
      CqlType e = replace(st.element(), updated);
      return e == st.element() ? t : new SetType(e, st.frozen());
    }
    if (t instanceof MapType m) {
      CqlType k = replace(m.key(), updated), v = replace(m.value(), updated);
      return k == m.key() && v == m.value() ? t : new MapType(k, v, m.frozen());
    }
    if (t instanceof TupleType tt) {
      List<CqlType> parts = new ArrayList<>();
      boolean changed = false;
      for (CqlType x : tt.components()) {
        CqlType r = replace(x, updated);
        changed |= r != x;
        parts.add(r);
      }
      return changed ? new TupleType(parts) : t;
    }
    return t;
  }

  /** Cassandra's message for a non-frozen user type in a primary key. */
  static void checkKeyColumn(CqlType t, String column) {
    if (t instanceof UserType u && !u.frozen())
      throw invalid("Invalid non-frozen user-defined type \"" + u.keyspace() + "." + u.typeName()
          + "\" for PRIMARY KEY column '" + column + "'");
  }

  static boolean isKey(ColumnDef d) {
    return d.kind() == ColumnKind.PARTITION_KEY || d.kind() == ColumnKind.CLUSTERING;
  }
}
