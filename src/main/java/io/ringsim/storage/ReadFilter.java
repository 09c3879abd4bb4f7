package io.ringsim.storage;

import java.util.List;

/**
 * Which rows of a partition a read wants: clustering slices in clustering order, forward or reversed, and a limit
 * on live rows (Integer.MAX_VALUE for none).
 */
public record ReadFilter(List<Slice> slices, boolean reversed, int limit) {
  public static final ReadFilter ALL = new ReadFilter(List.of(Slice.ALL), false, Integer.MAX_VALUE);

  public ReadFilter {
    slices = List.copyOf(slices);
    if (limit <= 0) throw new IllegalArgumentException("limit must be positive: " + limit);
  }

  public static ReadFilter slices(List<Slice> slices) {
    return new ReadFilter(slices, false, Integer.MAX_VALUE);
  }

  public ReadFilter withLimit(int l) {
    return new ReadFilter(slices, reversed, l);
  }

  public ReadFilter reversed(boolean r) {
    return new ReadFilter(slices, r, limit);
  }
}
