package io.ringsim.report;

/**
 * How evenly a figure spreads over nodes: max, mean, max/mean and the coefficient of variation (population standard
 * deviation over mean). An empty or all-zero set is perfectly even: max/mean 1 and CV 0 would hide that, so both are 0.
 */
public record Skew(double max, double mean, double maxOverMean, double cv) {
  public static Skew of(double[] values) {
    if (values.length == 0) return new Skew(0, 0, 0, 0);
    double sum = 0, max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      sum += v;
      max = Math.max(max, v);
    }
    double mean = sum / values.length;
    if (mean == 0) return new Skew(max, 0, 0, 0);
    double sq = 0;
    for (double v : values) sq += (v - mean) * (v - mean);
    return new Skew(max, mean, max / mean, Math.sqrt(sq / values.length) / mean);
  }
}
