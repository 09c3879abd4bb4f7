package io.ringsim.sim.grade;

/** An assignment or a submission that cannot be graded: one line, starting with FILE:LINE:COL. */
public final class GradeException extends IllegalArgumentException {
  public GradeException(String message) {
    super(message);
  }
}
