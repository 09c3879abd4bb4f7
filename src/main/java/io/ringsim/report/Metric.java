package io.ringsim.report;

/**
 * A scenario-specific figure that has no column of its own: hints stored and replayed, read repairs, bytes streamed on
 * bootstrap, mutations dropped, writes lost to clock skew... {@code group} gathers related figures in one table.
 */
public record Metric(String group, String name, double value, String unit, String detail) {
  public Metric {
    group = Lists.text(group);
    name = Lists.text(name);
    unit = Lists.text(unit);
    detail = Lists.text(detail);
  }
}
