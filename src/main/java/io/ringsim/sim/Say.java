package io.ringsim.sim;

import io.ringsim.report.Labels;
import io.ringsim.report.Lang;

/**
 * The simulator writes its sentences (events, check details, anomaly details) in English into the run's files, from
 * the {@code say.*} labels; the report and the terminal say them in the reader's language ({@link Labels#say}).
 */
public final class Say {
  private Say() {}

  /** The English catalogue, which the run's files are written in. */
  public static final Labels EN = Lang.EN.labels();
}
