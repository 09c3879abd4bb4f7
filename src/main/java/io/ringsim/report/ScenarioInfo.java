package io.ringsim.report;

/**
 * What was run: the scenario's name and one-line description, the seed, how much simulated time passed, the width of
 * the time-series buckets, and the ringsim version. Nothing here depends on the wall clock, so two runs of the same
 * scenario and seed produce the same figures (wall-clock facts live in {@link RunTiming}).
 */
public record ScenarioInfo(
    String name, String description, long seed, long simulatedMillis, long bucketMillis, String ringsimVersion) {
  public ScenarioInfo {
    name = Lists.text(name);
    description = Lists.text(description);
    ringsimVersion = Lists.text(ringsimVersion);
    if (bucketMillis <= 0) bucketMillis = 1000;
  }
}
