package io.ringsim.cli;

/** Applies one of {@link io.ringsim.sim.Limits}' checks to a command-line option, naming the option on failure. */
final class CliLimits {
  private CliLimits() {}

  static void check(String option, Runnable limit) {
    try {
      limit.run();
    } catch (IllegalArgumentException e) {
      throw new BadInputException(option + ": " + e.getMessage());
    }
  }
}
