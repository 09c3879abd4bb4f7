package io.ringsim.schema;

import java.util.Map;

/**
 * Table options that reach the storage engine (CREATE TABLE ... WITH). {@code compaction} holds the CQL compaction
 * map as written, e.g. {"class": "SizeTieredCompactionStrategy", "min_threshold": "4"}; the storage engine reads it.
 */
public record TableParams(
    int defaultTimeToLive, int gcGraceSeconds, double bloomFilterFpChance, Map<String, String> compaction) {

  /** Cassandra's defaults: no TTL, gc_grace_seconds 864000 (10 days), bloom_filter_fp_chance 0.01, size-tiered. */
  public static final TableParams DEFAULTS =
      new TableParams(0, 864_000, 0.01, Map.of("class", "SizeTieredCompactionStrategy"));

  public TableParams {
    if (defaultTimeToLive < 0) throw new IllegalArgumentException("default_time_to_live must be >= 0");
    if (gcGraceSeconds < 0) throw new IllegalArgumentException("gc_grace_seconds must be >= 0");
    if (!(bloomFilterFpChance > 0 && bloomFilterFpChance <= 1))
      throw new IllegalArgumentException("bloom_filter_fp_chance must be in (0, 1]");
    compaction = Map.copyOf(compaction);
  }

  public TableParams withCompaction(Map<String, String> c) {
    return new TableParams(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, c);
  }

  public TableParams withGcGraceSeconds(int s) {
    return new TableParams(defaultTimeToLive, s, bloomFilterFpChance, compaction);
  }

  public TableParams withDefaultTimeToLive(int s) {
    return new TableParams(s, gcGraceSeconds, bloomFilterFpChance, compaction);
  }
}
