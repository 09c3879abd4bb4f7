package io.ringsim.report;

/** A scenario's assertion about the run ("no acknowledged write lost at QUORUM"), passed or not, with why. */
public record Check(String name, boolean passed, String detail) {
  public Check {
    name = Lists.text(name);
    detail = Lists.text(detail);
  }
}
