package io.ringsim.sim.cells;

import io.ringsim.storage.Clustering;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Set;

/**
 * What a read returned of its partition: each live cell with its write timestamp, and the rows whose marker was live
 * (a marker's timestamp is not returned, so only its presence is known). {@code values}: each simple cell's value,
 * for the reads whose values are judged (SERIAL ones); null when they were not recorded.
 */
public record Seen(Map<CellKey, Long> cells, Set<Clustering> markers, Map<CellKey, ByteBuffer> values) {
  public Seen {
    cells = Map.copyOf(cells);
    markers = Set.copyOf(markers);
    values = values == null ? null : Map.copyOf(values);
  }

  /** What a read returned, without its values. */
  public Seen(Map<CellKey, Long> cells, Set<Clustering> markers) {
    this(cells, markers, null);
  }

  public static final Seen NOTHING = new Seen(Map.of(), Set.of());

  /** Whether the read returned {@code value} in cell {@code k} (always, when its values were not recorded). */
  public boolean shows(CellKey k, byte[] value) {
    return values == null || ByteBuffer.wrap(value).equals(values.get(k));
  }

  /** What a read that selected only {@code columns} returned: their cells, and no row markers. */
  public Seen selecting(Set<String> columns) {
    Map<CellKey, Long> kept = new java.util.HashMap<>();
    cells.forEach((k, ts) -> {
      if (columns.contains(k.column())) kept.put(k, ts);
    });
    Map<CellKey, ByteBuffer> keptValues = values == null ? null : new java.util.HashMap<>();
    if (values != null) values.forEach((k, v) -> {
      if (columns.contains(k.column())) keptValues.put(k, v);
    });
    return new Seen(kept, Set.of(), keptValues);
  }
}
