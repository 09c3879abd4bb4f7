package io.ringsim.cli;

/** A problem with what the user gave us; the message is shown as one line and the exit code is 2. */
public final class BadInputException extends RuntimeException {
  public BadInputException(String message) {
    super(message);
  }
}
