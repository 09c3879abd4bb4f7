package io.ringsim.schema.types;

/**
 * A marshal class name Cassandra cannot read, or a value its type cannot read, with Cassandra's message. The kind says
 * which of Cassandra's exceptions it is, so the CQL layer answers with the same error class.
 */
public final class MarshalException extends IllegalArgumentException {
  /** Cassandra's exception: SyntaxException and ConfigurationException from TypeParser, MarshalException from values. */
  public enum Kind { SYNTAX, CONFIGURATION, VALUE, NOT_MODELLED }

  private final Kind kind;

  MarshalException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
