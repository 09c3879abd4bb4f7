package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.WriteBinder.invalid;

import io.ringsim.cql.ast.Assignment;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.collection.UserType;
import io.ringsim.storage.Cell;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.List;
import java.util.NavigableMap;

/**
 * Writes to the fields of a non-frozen user-defined type, stored one cell per field (Cassandra's UserTypes.Setter,
 * SetterByField and DeleterByField): each field is written, deleted and reconciled on its own, like a map entry.
 */
final class UserTypeWrites {
  private UserTypeWrites() {}

  /** The evaluated value of {@code c.f = v}: the field's position and its value (null deletes the field). */
  record FieldSet(int field, Object value) {}

  /** The cells of a whole value: one per field that has a value (the column's older cells are deleted apart). */
  static void addFields(NavigableMap<byte[], Cell> cells, UserType ut, List<?> v, long ts, int ttl, int now) {
    for (int i = 0; i < ut.size() && i < v.size(); i++) {
      if (v.get(i) != null)
        cells.put(UserType.fieldPath(i), Cell.expiring(ts, ttl, now, ut.fieldTypes().get(i).serialize(v.get(i))));
    }
  }

  /** Checks and evaluates {@code c.f = v} with Cassandra's messages, in Cassandra's order. */
  static FieldSet evaluate(Assignment.SetField a, ColumnDef def, Values values) {
    String op = "Invalid operation (" + a.column() + "." + a.field() + " = " + TermText.of(a.value()) + ")";
    if (!(def.type() instanceof UserType ut)) throw invalid(op + " for non-UDT column " + def.name());
    if (ut.frozen()) throw invalid(op + " for frozen UDT column " + def.name());
    int i = UserTypeValues.fieldIndex(ut, def.name(), a.field());
    return new FieldSet(i, UserTypeValues.fieldValue(values, a.value(), ut, def.name(), a.field()));
  }

  /** Checks {@code DELETE c.f}; gives the field's position. */
  static int checkDelete(ColumnDef def, String field) {
    if (!(def.type() instanceof UserType ut))
      throw invalid("Invalid field deletion operation for non-UDT column " + def.name());
    if (ut.frozen()) throw invalid("Frozen UDT column " + def.name() + " does not support field deletions");
    return UserTypeValues.fieldIndex(ut, def.name(), field);
  }

  /** One field's cell: a value, or a tombstone for null. */
  static void writeField(Row.Builder row, ColumnDef def, FieldSet f, long ts, int ttl, int now, TableSchema schema) {
    UserType ut = (UserType) def.type();
    ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
    col.cells().put(UserType.fieldPath(f.field()), f.value() == null ? Cell.tombstone(ts, now)
        : Cell.expiring(ts, ttl, now, ut.fieldTypes().get(f.field()).serialize(f.value())));
    row.complex(def.name(), col);
  }

  /** {@code DELETE c.f}: a tombstone for that field's cell only. */
  static void deleteField(Row.Builder row, ColumnDef def, String field, long ts, int now, TableSchema schema) {
    UserType ut = (UserType) def.type();
    ComplexColumn col = ComplexColumn.of(DeletionTime.LIVE, schema.pathOrder(def.name()));
    col.cells().put(UserType.fieldPath(ut.fieldIndex(field)), Cell.tombstone(ts, now));
    row.complex(def.name(), col);
  }

  /**
   * Cassandra's parser refuses two settings of one column unless they set different fields of a UDT (a SyntaxError
   * raised where the statement is built).
   */
  static void checkNoConflict(List<Assignment> assignments) {
    for (int i = 0; i < assignments.size(); i++) {
      for (int j = 0; j < i; j++) {
        Assignment a = assignments.get(i), b = assignments.get(j);
        if (!a.column().equals(b.column())) continue;
        if (a instanceof Assignment.SetField fa && b instanceof Assignment.SetField fb
            && !fa.field().equals(fb.field())) continue;
        if (a instanceof Assignment.SetField || b instanceof Assignment.SetField)
          throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.SyntaxError,
              "Multiple incompatible setting of column " + a.column());
      }
    }
  }
}
