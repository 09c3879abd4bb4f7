package io.ringsim.sim.cells;

import io.ringsim.storage.Clustering;
import java.util.Map;
import java.util.Set;

/**
 * What a read returned of its partition: each live cell with its write timestamp, and the rows whose marker was live
 * (a marker's timestamp is not returned, so only its presence is known).
 */
public record Seen(Map<CellKey, Long> cells, Set<Clustering> markers) {
  public Seen {
    cells = Map.copyOf(cells);
    markers = Set.copyOf(markers);
  }

  public static final Seen NOTHING = new Seen(Map.of(), Set.of());

  /** What a read that selected only {@code columns} returned: their cells, and no row markers. */
  public Seen selecting(Set<String> columns) {
    Map<CellKey, Long> kept = new java.util.HashMap<>();
    cells.forEach((k, ts) -> {
      if (columns.contains(k.column())) kept.put(k, ts);
    });
    return new Seen(kept, Set.of());
  }
}
