package io.ringsim.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A scenario's assertion about the run ("no acknowledged write lost at QUORUM"), with its verdict and why. A check
 * with nothing to judge (no operation at its level) is NOT_APPLICABLE, never a pass. summary.json also carries
 * {@code passed}, as it always did, for scripts that read it.
 */
public record Check(String name, Verdict verdict, String detail) {
  public enum Verdict { PASS, FAIL, NOT_APPLICABLE }

  public Check {
    name = Lists.text(name);
    detail = Lists.text(detail);
    if (verdict == null) verdict = Verdict.FAIL;
  }

  /** Reads summary.json, including one written before verdicts existed (then {@code passed} decides). */
  @JsonCreator
  static Check fromJson(@JsonProperty("name") String name, @JsonProperty("verdict") Verdict verdict,
      @JsonProperty("detail") String detail, @JsonProperty("passed") Boolean passed) {
    if (verdict == null) verdict = Boolean.TRUE.equals(passed) ? Verdict.PASS : Verdict.FAIL;
    return new Check(name, verdict, detail);
  }

  @JsonProperty("passed")
  public boolean passed() {
    return verdict == Verdict.PASS;
  }

  /** The word the terminal and the report show: PASS, FAIL or N/A. */
  public String label() {
    return verdict == Verdict.NOT_APPLICABLE ? "N/A" : verdict.name();
  }
}
