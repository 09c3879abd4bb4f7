package io.ringsim.cql;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.schema.types.MarshalException;

/**
 * A column type written as a marshal class name ({@code 'CompositeType(AsciiType, Int32Type)'}) read into a type,
 * with Cassandra's answers when it cannot be: its grammar turns TypeParser's SyntaxException into "Cannot parse type
 * X: ..." and its ConfigurationException into "Error setting type X: ...", both syntax errors.
 */
public final class CustomTypeErrors {
  private CustomTypeErrors() {}

  /** The type of a quoted marshal class text, {@code 'Int32Type'} (the quotes included). */
  public static CqlType resolve(String quoted) {
    try {
      return CqlTypes.byName(quoted);
    } catch (MarshalException e) {
      String written = quoted.substring(1, quoted.length() - 1).replace("''", "'");
      throw switch (e.kind()) {
        case SYNTAX -> new CqlException(CqlErrorClass.SyntaxError, "Cannot parse type " + written + ": "
            + e.getMessage());
        case CONFIGURATION, VALUE, INTERNAL -> new CqlException(CqlErrorClass.SyntaxError, "Error setting type " + written
            + ": " + e.getMessage());
        case NOT_MODELLED -> new CqlException(CqlErrorClass.InvalidRequest, e.getMessage());
      };
    }
  }
}
