package io.ringsim.sim.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A weighted distribution of a per-partition figure: each point is a value and the expected number of partitions
 * with it. Quantiles follow {@code TableStats.Percentiles}: the value at rank ceil(q n) of the sorted partitions.
 */
final class Quantiles {
  private record Point(double value, double weight) {}

  private final List<Point> points = new ArrayList<>();
  private boolean sorted;

  void add(double value, double weight) {
    if (weight <= 0) return;
    points.add(new Point(value, weight));
    sorted = false;
  }

  double total() {
    double t = 0;
    for (Point p : points) t += p.weight;
    return t;
  }

  double sum() {
    double t = 0;
    for (Point p : points) t += p.weight * p.value;
    return t;
  }

  private void sort() {
    if (!sorted) points.sort((a, b) -> Double.compare(a.value, b.value));
    sorted = true;
  }

  double quantile(double q) {
    if (points.isEmpty()) return 0;
    sort();
    double target = q * total();
    double acc = 0;
    for (Point p : points) {
      acc += p.weight;
      if (acc >= target - 1e-9) return p.value;
    }
    return points.get(points.size() - 1).value;
  }

  /**
   * The expected largest value: the biggest value that at least half a partition is expected to reach (the expected
   * count of partitions at or above it is at least 0.5). Exact for figures that do not vary (unique keys, buckets).
   */
  double max() {
    if (points.isEmpty()) return 0;
    sort();
    double above = 0;
    for (int i = points.size() - 1; i >= 0; i--) {
      above += points.get(i).weight;
      if (above >= 0.5) return points.get(i).value;
    }
    return points.get(0).value;
  }
}
