package io.ringsim.cluster;

import java.util.Locale;
import java.util.Map;

/**
 * Cassandra's consistency levels and how many replica responses each needs. The replication of a keyspace is given as
 * replicas per data centre (SimpleStrategy: one entry, under the name of the only DC or any name, with {@code
 * networkTopology} false).
 */
public enum ConsistencyLevel {
  ANY,
  ONE,
  TWO,
  THREE,
  QUORUM,
  ALL,
  LOCAL_QUORUM,
  EACH_QUORUM,
  SERIAL,
  LOCAL_SERIAL,
  LOCAL_ONE;

  /** Parses a level name as cqlsh's CONSISTENCY command takes it (case-insensitive). */
  public static ConsistencyLevel parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown consistency level '" + name + "' (expected one of ANY, ONE, TWO, THREE, QUORUM, ALL, "
              + "LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL, LOCAL_ONE)");
    }
  }

  public static int quorumFor(int replicas) {
    return replicas / 2 + 1;
  }

  /** Whether only replicas in the coordinator's data centre count. */
  public boolean isDatacenterLocal() {
    return this == LOCAL_ONE || this == LOCAL_QUORUM || this == LOCAL_SERIAL;
  }

  public boolean isSerial() {
    return this == SERIAL || this == LOCAL_SERIAL;
  }

  /**
   * Responses needed in total (for EACH_QUORUM, the sum over DCs; per-DC needs come from {@link #blockForDc}).
   *
   * @param rfByDc replicas per data centre
   * @param localDc the coordinator's data centre
   * @param networkTopology whether the keyspace uses NetworkTopologyStrategy
   */
  public int blockFor(Map<String, Integer> rfByDc, String localDc, boolean networkTopology) {
    int total = 0;
    for (int rf : rfByDc.values()) total += rf;
    return switch (this) {
      case ANY, ONE, LOCAL_ONE -> 1;
      case TWO -> 2;
      case THREE -> 3;
      case QUORUM, SERIAL -> quorumFor(total);
      case ALL -> total;
      case LOCAL_QUORUM, LOCAL_SERIAL ->
          networkTopology ? quorumFor(rfByDc.getOrDefault(localDc, 0)) : quorumFor(total);
      case EACH_QUORUM -> {
        if (!networkTopology) yield quorumFor(total);
        int n = 0;
        for (int rf : rfByDc.values()) n += quorumFor(rf);
        yield n;
      }
    };
  }

  /** For EACH_QUORUM under NetworkTopologyStrategy: responses needed from one DC. */
  public int blockForDc(Map<String, Integer> rfByDc, String dc) {
    return quorumFor(rfByDc.getOrDefault(dc, 0));
  }

  /** Throws InvalidRequest-style IllegalArgumentException when a read cannot use this level, as Cassandra does. */
  public void validateForRead() {
    if (this == ANY) throw new IllegalArgumentException("ANY ConsistencyLevel is only supported for writes");
  }

  /** Throws when a plain (non-conditional) write cannot use this level, as Cassandra does. */
  public void validateForWrite() {
    if (isSerial()) throw new IllegalArgumentException("You must use conditional updates for serializable writes");
  }

  /** Throws when this level is not a valid SERIAL CONSISTENCY of a lightweight transaction. */
  public void validateForCas() {
    if (!isSerial())
      throw new IllegalArgumentException(
          "Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL");
  }
}
