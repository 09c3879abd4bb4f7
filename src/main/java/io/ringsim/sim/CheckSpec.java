package io.ringsim.sim;

/**
 * A pass/fail condition on a run: an anomaly count that must be at most {@code max} (lost-writes, stale-reads,
 * read-your-writes, lwt), or the availability of one consistency level that must be at least {@code minPercent}.
 */
public record CheckSpec(String kind, String consistency, long max, double minPercent, String text) {}
