package io.ringsim.report;

/**
 * The served clients' requests at one consistency level, with the ones that look like a driver's retry of an earlier
 * failed request: {@code replies} and {@code failed} count the coordinators' replies (each try of a retried request
 * is one), {@code retries} the requests recognised as a retry, {@code failuresRetried} the failed replies a
 * recognised retry followed. replies - retries is about what the applications asked; failed - failuresRetried is
 * about the failures they saw.
 */
public record ClientRetries(String consistency, long replies, long failed, long retries, long failuresRetried) {
  public ClientRetries {
    consistency = Lists.text(consistency);
  }

  /**
   * How long after a failure a retry of it is still recognised. Drivers retry at once (the Java and Python drivers'
   * default policies retry an Unavailable on the next host, a read timeout on the same one, with no delay), so a
   * second leaves room for a busy client while an application's own re-run after a pause is not counted.
   */
  public static final long WINDOW_MILLIS = 1000;

  /** The one sentence that says what {@link #retries} counts, for the terminal and report.html. */
  public static String explanation() {
    return explanation(Lang.EN.labels());
  }

  /** {@link #explanation()} in {@code t}'s language. */
  public static String explanation(Labels t) {
    return t.f("retries.explanation", WINDOW_MILLIS);
  }
}
