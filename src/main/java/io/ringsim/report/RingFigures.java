package io.ringsim.report;

import java.util.List;

/**
 * The figures of a ring, as plain data for rendering: each node's name, DC, rack and effective ownership, each range
 * as a [start, end) fraction of the ring with the index of its primary owner, and a one-line summary.
 */
public record RingFigures(String title, List<NodeFigure> nodes, List<Arc> arcs, String summary) {
  public record NodeFigure(String name, String dc, String rack, double ownership) {}

  public record Arc(double start, double end, int node) {}
}
