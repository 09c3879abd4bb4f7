package io.ringsim.report;

/**
 * Wall-clock facts of a run, kept apart from the simulated figures because they differ between identical runs. The
 * runner may leave this out of a report (null) to get byte-identical summary.json files for the same seed.
 *
 * @param startedAt ISO-8601 instant the run started, or empty
 * @param wallMillis wall-clock duration of the run
 * @param peakHeapBytes peak heap seen during the run, 0 if not measured
 */
public record RunTiming(String startedAt, long wallMillis, long peakHeapBytes) {
  public RunTiming {
    startedAt = Lists.text(startedAt);
  }
}
