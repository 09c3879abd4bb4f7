package io.ringsim.schema;

import java.util.Map;

/**
 * Table options that reach the storage engine (CREATE TABLE ... WITH). {@code compaction} holds the CQL compaction
 * map as written, e.g. {"class": "SizeTieredCompactionStrategy", "min_threshold": "4"}; the storage engine reads it.
 * {@code compactStorage}: created WITH COMPACT STORAGE, whose rules (see cql/exec/CompactTables) differ: a row lives
 * only while a non-key column of it does, and its columns are fixed at creation.
 */
public record TableParams(
    int defaultTimeToLive, int gcGraceSeconds, double bloomFilterFpChance, Map<String, String> compaction,
    Map<String, String> compression, ShownOptions shown, boolean compactStorage) {

  /** Cassandra's default compression, as system_schema.tables and DESCRIBE show it. */
  public static final Map<String, String> DEFAULT_COMPRESSION =
      Map.of("chunk_length_in_kb", "16", "class", "org.apache.cassandra.io.compress.LZ4Compressor");

  public TableParams(int defaultTimeToLive, int gcGraceSeconds, double bloomFilterFpChance,
      Map<String, String> compaction) {
    this(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, compaction, DEFAULT_COMPRESSION, ShownOptions.DEFAULTS,
        false);
  }

  public TableParams(int defaultTimeToLive, int gcGraceSeconds, double bloomFilterFpChance,
      Map<String, String> compaction, Map<String, String> compression, ShownOptions shown) {
    this(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, compaction, compression, shown, false);
  }

  public TableParams withCompactStorage(boolean c) {
    return new TableParams(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, compaction, compression, shown, c);
  }

  /** The smallest false-positive chance Cassandra's bloom filters can give (its BloomCalculations). */
  static final double MIN_BLOOM_FP_CHANCE = 6.71E-5;

  /** Cassandra's defaults: no TTL, gc_grace_seconds 864000 (10 days), bloom_filter_fp_chance 0.01, size-tiered. */
  public static final TableParams DEFAULTS =
      new TableParams(0, 864_000, 0.01, Map.of("class", "SizeTieredCompactionStrategy"));

  public TableParams {
    // Cassandra's own checks and words (TableParams.validate).
    if (defaultTimeToLive < 0) throw new IllegalArgumentException("default_time_to_live must be greater than or "
        + "equal to 0 (got " + defaultTimeToLive + ")");
    if (defaultTimeToLive > 630_720_000) throw new IllegalArgumentException("default_time_to_live must be less than"
        + " or equal to 630720000 (got " + defaultTimeToLive + ")");
    if (gcGraceSeconds < 0) throw new IllegalArgumentException("gc_grace_seconds must be greater than or equal to 0"
        + " (got " + gcGraceSeconds + ")");
    if (!(bloomFilterFpChance > MIN_BLOOM_FP_CHANCE && bloomFilterFpChance <= 1))
      throw new IllegalArgumentException("bloom_filter_fp_chance must be larger than " + MIN_BLOOM_FP_CHANCE
          + " and less than or equal to 1.0 (got " + bloomFilterFpChance + ")");
    compaction = Map.copyOf(compaction);
    compression = compression == null ? DEFAULT_COMPRESSION : Map.copyOf(compression);
    if (shown == null) shown = ShownOptions.DEFAULTS;
  }

  public TableParams withCompaction(Map<String, String> c) {
    return new TableParams(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, c, compression, shown,
        compactStorage);
  }

  /** Kept to be shown as Cassandra shows it; ringsim's storage does not compress. */
  public TableParams withCompression(Map<String, String> c) {
    return new TableParams(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, compaction, c, shown,
        compactStorage);
  }

  public TableParams withBloomFilterFpChance(double c) {
    return new TableParams(defaultTimeToLive, gcGraceSeconds, c, compaction, compression, shown, compactStorage);
  }

  public TableParams withShown(ShownOptions o) {
    return new TableParams(defaultTimeToLive, gcGraceSeconds, bloomFilterFpChance, compaction, compression, o,
        compactStorage);
  }

  public TableParams withGcGraceSeconds(int s) {
    return new TableParams(defaultTimeToLive, s, bloomFilterFpChance, compaction, compression, shown, compactStorage);
  }

  public TableParams withDefaultTimeToLive(int s) {
    return new TableParams(s, gcGraceSeconds, bloomFilterFpChance, compaction, compression, shown, compactStorage);
  }
}
