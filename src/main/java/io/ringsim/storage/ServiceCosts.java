package io.ringsim.storage;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What a replica's work costs in simulated time (all in nanoseconds), from {@code ringsim.node.cost} in the
 * configuration (defaults in reference.conf, calibrated against Cassandra 4.1 on one machine: docs/performance.md,
 * "The cost model"). A write costs {@link #requestCpu} + {@link #commitlogAppend} + {@link #memtableInsert} of the
 * node's time, and in batch mode its acknowledgement also waits for the commit log's next sync
 * ({@link #commitlogSync}, shared by every write appended before it starts). A read costs {@link #requestCpu}, a
 * bloom-filter check per SSTable of the table, an index and data read per SSTable it touches (or whose bloom filter
 * answered wrongly), and a cost per live row and per tombstone it walks past. A node serves one request at a time
 * (the cluster's ServiceQueue): a request that arrives while it is busy waits.
 */
public record ServiceCosts(long requestCpu, long commitlogAppend, long commitlogSync, long memtableInsert,
    long bloomFilterCheck, long sstableRead, long rowScanned, long tombstoneScanned) {

  /** Each cost's name in {@code ringsim.node.cost} and in {@code --set cluster.cost.NAME=DURATION}. */
  public enum Kind {
    REQUEST_CPU("request-cpu"),
    COMMITLOG_APPEND("commitlog-append"),
    COMMITLOG_SYNC("commitlog-sync"),
    MEMTABLE_INSERT("memtable-insert"),
    BLOOM_FILTER_CHECK("bloom-filter-check"),
    SSTABLE_READ("sstable-read"),
    ROW_SCANNED("row-scanned"),
    TOMBSTONE_SCANNED("tombstone-scanned");

    private final String key;

    Kind(String key) {
      this.key = key;
    }

    public String key() {
      return key;
    }

    /** The kind named {@code key}; an unknown name is refused with the known ones. */
    public static Kind byKey(String key) {
      for (Kind k : values()) if (k.key.equals(key)) return k;
      throw new IllegalArgumentException("unknown cost '" + key + "' (known: " + names() + ")");
    }

    public static String names() {
      return Arrays.stream(values()).map(Kind::key).collect(Collectors.joining(", "));
    }
  }

  /** No cost at all: every replica answers at once. */
  public static final ServiceCosts FREE = new ServiceCosts(0, 0, 0, 0, 0, 0, 0, 0);

  public ServiceCosts {
    for (long v : new long[] {requestCpu, commitlogAppend, commitlogSync, memtableInsert, bloomFilterCheck,
        sstableRead, rowScanned, tombstoneScanned})
      if (v < 0) throw new IllegalArgumentException("a cost cannot be negative");
  }

  /** {@code c}: the {@code ringsim.node.cost} section. */
  public static ServiceCosts from(Config c) {
    ServiceCosts out = FREE;
    for (Kind k : Kind.values()) out = out.with(k, c.getDuration(k.key()).toNanos());
    return out;
  }

  public ServiceCosts with(Kind k, long nanos) {
    if (nanos < 0) throw new IllegalArgumentException("a cost cannot be negative");
    long[] v = {requestCpu, commitlogAppend, commitlogSync, memtableInsert, bloomFilterCheck, sstableRead, rowScanned,
        tombstoneScanned};
    v[k.ordinal()] = nanos;
    return new ServiceCosts(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
  }

  public ServiceCosts with(Kind k, Duration d) {
    return with(k, d.toNanos());
  }

  /** These costs with {@code overrides} (nanoseconds by kind) in place of their own. */
  public ServiceCosts with(java.util.Map<Kind, Long> overrides) {
    ServiceCosts out = this;
    for (java.util.Map.Entry<Kind, Long> e : overrides.entrySet()) out = out.with(e.getKey(), e.getValue());
    return out;
  }

  /** The node's time a mutation takes (the commit log's sync, in batch mode, comes on top). */
  public long write() {
    return requestCpu + commitlogAppend + memtableInsert;
  }

  /**
   * The node's time one read takes: {@code sstables} bloom filters asked, {@code touched} SSTables whose index and
   * data were read (those the filter let through, rightly or wrongly), {@code rows} live rows and {@code tombstones}
   * tombstones walked past.
   */
  public long read(long sstables, long touched, long rows, long tombstones) {
    return requestCpu + sstables * bloomFilterCheck + touched * sstableRead + rows * rowScanned
        + tombstones * tombstoneScanned;
  }
}
