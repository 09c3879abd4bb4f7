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
}
