package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.UserType;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** User-defined type values written in statements: literals ({@code {street: 'x', zip: 1}}) and single fields. */
final class UserTypeValues {
  private UserTypeValues() {}

  /**
   * The value of a UDT literal for a column of type {@code type}: one entry per field, null where none is given.
   * As Cassandra's UserTypes.Literal: a field written twice keeps its last value; the fields of the type are
   * checked first, in their order, then the first name the type does not have is refused.
   */
  static Object literal(Values values, Term.UserTypeLiteral u, CqlType type, String column) {
    if (!(type instanceof UserType ut)) throw Values.invalid("user type literal", type, column);
    Map<String, Term> byName = new LinkedHashMap<>();
    for (int i = 0; i < u.fields().size(); i++) byName.put(u.fields().get(i), u.values().get(i));
    Object[] out = new Object[ut.size()];
    for (int i = 0; i < ut.size(); i++) {
      Term v = byName.get(ut.fieldNames().get(i));
      // A UDT value is always written whole, so an UNSET field cannot keep an older one (UserTypes.DelayedValue).
      if (v instanceof Term.Unset)
        throw invalid("Invalid unset value for field '" + ut.fieldNames().get(i) + "' of user defined type "
            + ut.typeName());
      if (v != null) out[i] = field(values, v, ut, i, column);
    }
    for (String f : byName.keySet()) {
      if (ut.fieldIndex(f) < 0)
        throw invalid("Unknown field '" + f + "' in value of user defined type " + ut.typeName());
    }
    return Collections.unmodifiableList(Arrays.asList(out));
  }

  /** One field's value; a constant of the wrong kind fails with the literal's message, as Cassandra's does. */
  private static Object field(Values values, Term v, UserType ut, int i, String column) {
    CqlType ft = ut.fieldTypes().get(i);
    // UserTypes.Literal.validateAssignableTo: each field must be assignable to its type at all.
    if (!LiteralChecks.weaklyFits(v, ft))
      throw invalid("Invalid user type literal for " + column + ": field " + ut.fieldNames().get(i)
          + " is not of type " + ft.name());
    try {
      return values.value(v, ft, column);
    } catch (CqlException e) {
      boolean nested = v instanceof Term.UserTypeLiteral && e.getMessage().startsWith("Invalid user type literal");
      if ((v instanceof Term.Literal || nested) && e.getMessage().startsWith("Invalid "))
        throw invalid("Invalid user type literal for " + column + ": field " + ut.fieldNames().get(i)
            + " is not of type " + ft.name());
      throw e;
    }
  }

  /** A field's value in {@code c.f = v} (named {@code c.f} in errors, as Cassandra names it). */
  static Object fieldValue(Values values, Term v, UserType ut, String column, String field) {
    int i = fieldIndex(ut, column, field);
    return values.value(v, ut.fieldTypes().get(i), column + "." + field);
  }

  /** A field's position, or Cassandra's error when the type has no such field. */
  static int fieldIndex(UserType ut, String column, String field) {
    int i = ut.fieldIndex(field);
    if (i < 0) throw invalid("UDT column " + column + " does not have a field named " + field);
    return i;
  }

  /** The value with one field replaced (a whole value of the type; null stands for no value at all). */
  static List<Object> withField(UserType ut, List<?> current, int i, Object v) {
    Object[] out = new Object[ut.size()];
    for (int j = 0; j < out.length; j++) out[j] = current != null && j < current.size() ? current.get(j) : null;
    out[i] = v;
    return Collections.unmodifiableList(Arrays.asList(out));
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
