package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import java.util.Locale;

/** What a native function call may be given to, as Cassandra's FunctionResolver and FunctionCall decide it. */
final class FunctionReceivers {
  private FunctionReceivers() {}

  /**
   * Cassandra's FunctionResolver refuses toJson() wherever a term is prepared for a receiver (a value, a WHERE
   * term, another function's argument): it can only be selected.
   */
  static void refuseToJson(Term.FunctionCall f) {
    String n = f.name().toLowerCase(Locale.ROOT);
    if (n.equals("tojson") || n.equals("system.tojson"))
      throw new CqlException(CqlErrorClass.InvalidRequest,
          "toJson() may only be used within the selection clause of SELECT statements");
    for (Term a : f.args()) if (a instanceof Term.FunctionCall inner) refuseToJson(inner);
  }

  /**
   * Whether the receiver reads the bytes of a {@code result} value as its own (Cassandra's isValueCompatibleWith):
   * timestamp and bigint read each other's, varint reads both and int's, a blob reads anything.
   */
  static boolean valueCompatible(CqlType result, CqlType receiver) {
    String r = result.name();
    return switch (receiver.name()) {
      case "blob" -> true;
      case "timestamp" -> r.equals("bigint");
      case "bigint" -> r.equals("timestamp");
      case "varint" -> r.equals("int") || r.equals("bigint") || r.equals("timestamp");
      default -> false;
    };
  }
}
