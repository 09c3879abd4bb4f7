package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.ReadFilter;
import java.util.function.Predicate;

/** What a client asks a coordinator. Local to the client's JVM (these hold functions), never sent between nodes. */
public sealed interface ClientRequest {
  String table();

  ConsistencyLevel consistency();

  boolean trace();

  /**
   * The request's "now" in seconds (a v5 client's now_in_seconds): which TTL'd cells have expired for a read, what
   * a write's TTL counts from. {@link #COORDINATOR_NOW}: none given, the coordinator's clock fixes it on arrival.
   */
  int nowInSec();

  /**
   * How long a client waits for its coordinator's answer before it gives up with OperationTimedOut: 12 s, the
   * driver's default read timeout. The workloads, the sessions and the harness's own requests all wait this long.
   */
  java.time.Duration CLIENT_TIMEOUT = java.time.Duration.ofSeconds(12);

  /**
   * No client-supplied now: Integer.MIN_VALUE, as Cassandra's QueryOptions have it, since every other int can be a
   * real now (second 0 is a scenario's first second; a skewed clock reads below it).
   */
  int COORDINATOR_NOW = Integer.MIN_VALUE;

  record Write(String table, byte[] key, WriteBuilder update, ConsistencyLevel consistency, boolean trace,
      int nowInSec) implements ClientRequest {
    public Write(String table, byte[] key, WriteBuilder update, ConsistencyLevel consistency, boolean trace) {
      this(table, key, update, consistency, trace, COORDINATOR_NOW);
    }
  }

  record Read(String table, byte[] key, ReadFilter filter, ConsistencyLevel consistency, boolean trace,
      int nowInSec) implements ClientRequest {
    public Read(String table, byte[] key, ReadFilter filter, ConsistencyLevel consistency, boolean trace) {
      this(table, key, filter, consistency, trace, COORDINATOR_NOW);
    }
  }

  /** Every partition with a token in (start, end]; null bounds mean the whole ring. */
  record RangeScan(String table, String startExclusive, String endInclusive, ReadFilter filter, int partitionLimit,
      ConsistencyLevel consistency, boolean trace, int rowLimit, int nowInSec) implements ClientRequest {
    /** {@code rowLimit} 0: the whole range (a page's scan gives its row limit: {@link PagedRangeScan}). */
    public RangeScan(String table, String startExclusive, String endInclusive, ReadFilter filter,
        int partitionLimit, ConsistencyLevel consistency, boolean trace) {
      this(table, startExclusive, endInclusive, filter, partitionLimit, consistency, trace, 0);
    }

    public RangeScan(String table, String startExclusive, String endInclusive, ReadFilter filter,
        int partitionLimit, ConsistencyLevel consistency, boolean trace, int rowLimit) {
      this(table, startExclusive, endInclusive, filter, partitionLimit, consistency, trace, rowLimit,
          COORDINATOR_NOW);
    }
  }

  /**
   * A logged batch's batchlog step (Cassandra's mutateAtomically), on the coordinator: {@code remove} false stores the
   * batch on the batchlog nodes before its mutations go out, true removes it once they are applied. {@code table}:
   * the batch's first table; {@code endpoints}: where the store went (empty for a store).
   */
  record Batchlog(String table, long batchId, int mutations, int bytes, java.util.List<String> endpoints,
      boolean remove, ConsistencyLevel consistency, boolean trace, int nowInSec) implements ClientRequest {
    public Batchlog {
      endpoints = java.util.List.copyOf(endpoints);
    }
  }

  /**
   * A lightweight transaction: read the partition at SERIAL/LOCAL_SERIAL through Paxos, test {@code condition}, and
   * only if it holds commit {@code update} at {@code commitConsistency}.
   *
   * <p>{@code clientClockMicros}: the latest client wall-clock reading a served cluster has been sent (drivers' client
   * timestamps, on the nodes' clock), or {@link #NO_CLIENT_CLOCK}. The coordinator's clock reads later than it, as a
   * real coordinator's clock on the client's machine does: see {@code NodeContext#nextTimestampAfter}.
   */
  record Cas(String table, byte[] key, ReadFilter filter, Predicate<LivePartition> condition, WriteBuilder update,
      ConsistencyLevel consistency, ConsistencyLevel commitConsistency, boolean trace, int nowInSec,
      long clientClockMicros) implements ClientRequest {
    public Cas(String table, byte[] key, ReadFilter filter, Predicate<LivePartition> condition, WriteBuilder update,
        ConsistencyLevel consistency, ConsistencyLevel commitConsistency, boolean trace) {
      this(table, key, filter, condition, update, consistency, commitConsistency, trace, COORDINATOR_NOW);
    }

    public Cas(String table, byte[] key, ReadFilter filter, Predicate<LivePartition> condition, WriteBuilder update,
        ConsistencyLevel consistency, ConsistencyLevel commitConsistency, boolean trace, int nowInSec) {
      this(table, key, filter, condition, update, consistency, commitConsistency, trace, nowInSec, NO_CLIENT_CLOCK);
    }
  }

  /** No client clock known (simulations, whose clients are the simulation's own): the coordinator's clock alone. */
  long NO_CLIENT_CLOCK = Long.MIN_VALUE;
}
