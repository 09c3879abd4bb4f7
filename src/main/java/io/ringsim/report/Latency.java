package io.ringsim.report;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AbstractHistogram;

/** Latency percentiles of a set of operations, in milliseconds of simulated time. */
public record Latency(long count, double p50Ms, double p95Ms, double p99Ms, double maxMs) {
  public static final Latency NONE = new Latency(0, 0, 0, 0, 0);

  /**
   * Reduces an HdrHistogram to the four figures a report shows.
   *
   * @param unit the unit of the values recorded in {@code h} (e.g. MICROSECONDS)
   */
  public static Latency of(AbstractHistogram h, TimeUnit unit) {
    if (h == null || h.getTotalCount() == 0) return NONE;
    double perMs = unit.convert(1, TimeUnit.MILLISECONDS);
    if (perMs == 0) perMs = 1.0 / TimeUnit.MILLISECONDS.convert(1, unit);
    return new Latency(
        h.getTotalCount(),
        h.getValueAtPercentile(50) / perMs,
        h.getValueAtPercentile(95) / perMs,
        h.getValueAtPercentile(99) / perMs,
        h.getMaxValue() / perMs);
  }
}
