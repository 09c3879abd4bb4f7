package io.ringsim.sim.grade;

import io.ringsim.schema.CqlType;

/** Values as a student writes them in CQL. */
final class Cql {
  private Cql() {}

  static String literal(CqlType type, Object v) {
    String s = type.format(v);
    return switch (type.name()) {
      case "text", "varchar", "ascii", "timestamp", "date", "inet" -> "'" + s.replace("'", "''") + "'";
      default -> s;
    };
  }
}
