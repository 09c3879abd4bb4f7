package io.ringsim.report;

/** A summary.json that cannot be read; the message is one line naming the file. */
public final class ReportFormatException extends IllegalArgumentException {
  public ReportFormatException(String message) {
    super(message);
  }
}
