package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import java.util.Locale;

/** Where a native function call may stand, as Cassandra's FunctionResolver decides it. */
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
}
