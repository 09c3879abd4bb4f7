package io.ringsim.cli;

/** A problem with what the user gave us; the message is shown as one line and the exit code is 2. */
public final class BadInputException extends RuntimeException {
  public BadInputException(String message) {
    super(message);
  }

  /**
   * The error the English label {@code key} (err.*) says with {@code figures}: the message is English, as every
   * error's, and the label reads it back into the language the user chose (Labels.sayError).
   */
  static BadInputException said(String key, Object... figures) {
    return new BadInputException(io.ringsim.report.Lang.EN.labels().f(key, figures));
  }
}
