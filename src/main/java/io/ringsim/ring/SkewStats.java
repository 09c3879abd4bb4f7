package io.ringsim.ring;

/**
 * How evenly a quantity (ownership, load) is spread over nodes: max/mean, min/mean and the coefficient of variation
 * (population standard deviation / mean). A perfectly balanced ring has 1, 1 and 0.
 */
public record SkewStats(double mean, double max, double min, double maxOverMean, double minOverMean, double cv) {

  public static SkewStats of(double[] values) {
    if (values.length == 0) throw new IllegalArgumentException("no values");
    double sum = 0;
    double max = Double.NEGATIVE_INFINITY;
    double min = Double.POSITIVE_INFINITY;
    for (double v : values) {
      sum += v;
      max = Math.max(max, v);
      min = Math.min(min, v);
    }
    double mean = sum / values.length;
    double ss = 0;
    for (double v : values) ss += (v - mean) * (v - mean);
    double sd = Math.sqrt(ss / values.length);
    return new SkewStats(mean, max, min, max / mean, min / mean, sd / mean);
  }
}
