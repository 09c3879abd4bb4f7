package io.ringsim.schema;

/**
 * The table options Cassandra keeps, shows (DESCRIBE, system_schema.tables) and uses for caching, speculative
 * retries, read repair, checksums, flushing and the index summary, but that ringsim's storage and coordinators do
 * not act on: kept as Cassandra keeps them so that what a user wrote is what DESCRIBE shows. Text values are in
 * Cassandra's normal form ('99percentile' is kept as '99p', 'NONE' retries as 'NEVER').
 */
public record ShownOptions(
    String comment, String cachingKeys, String cachingRowsPerPartition, String speculativeRetry,
    String additionalWritePolicy, String readRepair, double crcCheckChance, int memtableFlushPeriodInMs,
    int minIndexInterval, int maxIndexInterval, boolean cdc, java.util.UUID id) {

  /** The table id given by CREATE TABLE ... WITH ID (shown by DESCRIBE ... WITH INTERNALS), or null. */
  public ShownOptions withId(java.util.UUID v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy,
        readRepair, crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, v);
  }

  /** Cassandra 4.1's defaults for a table created without these options. */
  public static final ShownOptions DEFAULTS = new ShownOptions("", "ALL", "NONE", "99p", "99p", "BLOCKING", 1.0, 0,
      128, 2048, false, null);

  public ShownOptions {
    // Cassandra's TableParams.validate, in its words.
    if (crcCheckChance < 0 || crcCheckChance > 1.0) throw new IllegalArgumentException("crc_check_chance must be "
        + "larger than or equal to 0 and smaller than or equal to 1.0 (got " + crcCheckChance + ")");
    if (memtableFlushPeriodInMs < 0) throw new IllegalArgumentException("memtable_flush_period_in_ms must be "
        + "greater than or equal to 0 (got " + memtableFlushPeriodInMs + ")");
    if (minIndexInterval < 1) throw new IllegalArgumentException("min_index_interval must be greater than or equal "
        + "to 1 (got " + minIndexInterval + ")");
    if (maxIndexInterval < minIndexInterval) throw new IllegalArgumentException("max_index_interval must be greater "
        + "than or equal to min_index_interval (" + minIndexInterval + ") (got " + maxIndexInterval + ")");
  }

  public ShownOptions withComment(String v) {
    return new ShownOptions(v, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy,
        readRepair, crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, id);
  }

  public ShownOptions withCaching(String keys, String rowsPerPartition) {
    return new ShownOptions(comment, keys, rowsPerPartition, speculativeRetry, additionalWritePolicy, readRepair,
        crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, id);
  }

  public ShownOptions withSpeculativeRetry(String v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, v, additionalWritePolicy, readRepair,
        crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, id);
  }

  public ShownOptions withAdditionalWritePolicy(String v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, v, readRepair,
        crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, id);
  }

  public ShownOptions withReadRepair(String v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy, v,
        crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, id);
  }

  public ShownOptions withCrcCheckChance(double v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy,
        readRepair, v, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, cdc, id);
  }

  public ShownOptions withMemtableFlushPeriodInMs(int v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy,
        readRepair, crcCheckChance, v, minIndexInterval, maxIndexInterval, cdc, id);
  }

  /** Kept and shown; ringsim writes no change-data-capture log. */
  public ShownOptions withCdc(boolean v) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy,
        readRepair, crcCheckChance, memtableFlushPeriodInMs, minIndexInterval, maxIndexInterval, v, id);
  }

  /** Both at once: Cassandra checks max against min after every option of the statement is read. */
  public ShownOptions withIndexIntervals(int min, int max) {
    return new ShownOptions(comment, cachingKeys, cachingRowsPerPartition, speculativeRetry, additionalWritePolicy,
        readRepair, crcCheckChance, memtableFlushPeriodInMs, min, max, cdc, id);
  }
}
