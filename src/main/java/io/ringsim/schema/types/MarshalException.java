package io.ringsim.schema.types;

/**
 * A marshal class name Cassandra cannot read, or a value its type cannot read, with Cassandra's message. The kind says
 * which of Cassandra's exceptions it is, so the CQL layer answers with the same error class.
 */
public final class MarshalException extends IllegalArgumentException {
  /**
   * SYNTAX and CONFIGURATION: TypeParser's exceptions; VALUE: a MarshalException; INTERNAL: another exception of
   * Cassandra's code (a server error), its message then being that exception's toString(); NOT_MODELLED: ringsim's.
   */
  public enum Kind { SYNTAX, CONFIGURATION, VALUE, INTERNAL, NOT_MODELLED }

  private final Kind kind;

  MarshalException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
