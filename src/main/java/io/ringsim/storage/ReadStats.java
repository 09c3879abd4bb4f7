package io.ringsim.storage;

import java.util.List;

/**
 * What one read cost on one replica: SSTables whose index was read, how many of those the bloom filter let through
 * for a partition they do not hold, live rows returned, tombstones walked past, and any warnings (TRACING shows
 * these).
 */
public record ReadStats(
    int sstablesTouched, int bloomFalsePositives, boolean memtableHit, long liveRows, long tombstonesScanned,
    List<String> warnings) {

  public static final ReadStats NONE = new ReadStats(0, 0, false, 0, 0, List.of());

  public ReadStats {
    warnings = List.copyOf(warnings);
  }

  public ReadStats plus(ReadStats o) {
    List<String> w = warnings.isEmpty() ? o.warnings : o.warnings.isEmpty() ? warnings
        : java.util.stream.Stream.concat(warnings.stream(), o.warnings.stream()).toList();
    return new ReadStats(sstablesTouched + o.sstablesTouched, bloomFalsePositives + o.bloomFalsePositives,
        memtableHit || o.memtableHit, liveRows + o.liveRows, tombstonesScanned + o.tombstonesScanned, w);
  }
}
