package io.ringsim.storage;

/** A write the engine refuses before logging it (oversize key or value, unknown table): nothing is changed. */
public final class InvalidWriteException extends IllegalArgumentException {
  public InvalidWriteException(String message) {
    super(message);
  }
}
