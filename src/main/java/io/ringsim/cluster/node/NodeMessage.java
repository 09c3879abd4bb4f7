package io.ringsim.cluster.node;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.storage.Partition;
import java.util.List;

/**
 * What nodes send each other over the simulated network (and, in cluster mode, across JVMs): every record here is
 * serialized with Jackson CBOR. Partition data travels in the storage engine's own binary form.
 */
// Named subtypes: a message from another JVM can only decode to one of these, never to a class it names itself.
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({
  @JsonSubTypes.Type(value = NodeMessage.Mutation.class, name = "mutation"),
  @JsonSubTypes.Type(value = NodeMessage.MutationAck.class, name = "mutation-ack"),
  @JsonSubTypes.Type(value = NodeMessage.ReadData.class, name = "read-data"),
  @JsonSubTypes.Type(value = NodeMessage.ReadDataReply.class, name = "read-data-reply"),
  @JsonSubTypes.Type(value = NodeMessage.RangeRead.class, name = "range-read"),
  @JsonSubTypes.Type(value = NodeMessage.RangeReadReply.class, name = "range-read-reply"),
  @JsonSubTypes.Type(value = NodeMessage.PaxosPrepare.class, name = "paxos-prepare"),
  @JsonSubTypes.Type(value = NodeMessage.PaxosPromise.class, name = "paxos-promise"),
  @JsonSubTypes.Type(value = NodeMessage.PaxosPropose.class, name = "paxos-propose"),
  @JsonSubTypes.Type(value = NodeMessage.PaxosAccepted.class, name = "paxos-accepted"),
  @JsonSubTypes.Type(value = NodeMessage.PaxosCommit.class, name = "paxos-commit"),
  @JsonSubTypes.Type(value = NodeMessage.TreeRequest.class, name = "tree-request"),
  @JsonSubTypes.Type(value = NodeMessage.TreeReply.class, name = "tree-reply"),
  @JsonSubTypes.Type(value = NodeMessage.Stream.class, name = "stream"),
  @JsonSubTypes.Type(value = NodeMessage.StreamAck.class, name = "stream-ack"),
  @JsonSubTypes.Type(value = NodeMessage.CounterForward.class, name = "counter-forward"),
  @JsonSubTypes.Type(value = NodeMessage.CounterForwardReply.class, name = "counter-forward-reply"),
  @JsonSubTypes.Type(value = NodeMessage.BatchStore.class, name = "batch-store"),
  @JsonSubTypes.Type(value = NodeMessage.BatchRemove.class, name = "batch-remove"),
  @JsonSubTypes.Type(value = NodeMessage.BatchAck.class, name = "batch-ack")
})
public sealed interface NodeMessage extends CborSerializable {
  /**
   * A message's now in seconds when its sender gives none (the replica's own clock decides): Integer.MIN_VALUE,
   * which no clock reads, so that second 0 (a scenario's first second) is a now like any other. On the wire a now of
   * 0 is left out and read back as 0; this value is written out.
   */
  int NO_NOW = Integer.MIN_VALUE;

  /**
   * A reply's trace: the events a traced request's replica recorded, empty when it was not traced. Left out of the
   * message when empty (as before traces existed), and read back as empty when left out, so it is never null.
   */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @java.lang.annotation.Target({java.lang.annotation.ElementType.FIELD, java.lang.annotation.ElementType.METHOD,
      java.lang.annotation.ElementType.PARAMETER})
  @com.fasterxml.jackson.annotation.JacksonAnnotationsInside
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @com.fasterxml.jackson.annotation.JsonSetter(nulls = com.fasterxml.jackson.annotation.Nulls.AS_EMPTY)
  @interface WireTrace {}

  /** The request this message belongs to: the sender's id for it, which its replies carry back. */
  long requestId();

  /**
   * A message that answers a request: the node hands it to the request it names. Being a type, a new reply cannot
   * be left off a hand-kept list and silently dropped.
   */
  sealed interface Reply extends NodeMessage {
    long requestId();
  }

  /**
   * Apply a write. {@code hint} marks a hinted-handoff replay (no ack is awaited). {@code decoded} is the update
   * {@code update} encodes, as the coordinator built it: never serialized, so it is null in any copy that crossed a
   * wire (or the test suite's serialize-payloads), and replicas decode the bytes then. Within one JVM it saves each
   * replica decoding the same bytes; sharing it is safe because storage treats a mutation as immutable. (Typed
   * Object so that Jackson, which still builds a deserializer for an ignored record component, never introspects
   * the storage classes.) {@code trace}: the client asked for tracing, so the replica records what it does, as a
   * Cassandra message carries its trace session (left out of the message when false, as before it existed).
   */
  record Mutation(long requestId, String table, byte[] update, boolean hint,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace, @JsonIgnore Object decoded,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean replay)
      implements NodeMessage {
    public Mutation(long requestId, String table, byte[] update, boolean hint, boolean trace, Object decoded) {
      this(requestId, table, update, hint, trace, decoded, false);
    }

    public Mutation(long requestId, String table, byte[] update, boolean hint) {
      this(requestId, table, update, hint, false, null);
    }

    /**
     * A stored hint replayed to its target ({@code replay}): acknowledged, but not charged to the target's queue,
     * as Cassandra throttles hint delivery in the background.
     */
    public static Mutation replayed(long requestId, String table, byte[] update) {
      return new Mutation(requestId, table, update, false, false, null, true);
    }

    public Mutation(long requestId, String table, byte[] update, boolean hint, Partition decoded) {
      this(requestId, table, update, hint, false, decoded);
    }

    /** The decoded update when the sender attached it, else null. */
    public Partition decodedUpdate() {
      return decoded instanceof Partition p ? p : null;
    }
  }

  /** {@code trace}: what the replica did, when the mutation asked for tracing (else empty, and left out). */
  /**
   * A write applied. {@code ballot}: for a Paxos commit, the committed ballot (0 otherwise), so that a proposer that
   * commits twice in one request (another round's proposal, then its own) counts only the answers to its own.
   */
  record MutationAck(long requestId, @WireTrace List<TraceEvent> trace,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) long ballot) implements Reply {
    public MutationAck(long requestId, List<TraceEvent> trace) {
      this(requestId, trace, 0);
    }

    public MutationAck(long requestId) {
      this(requestId, List.of());
    }
  }

  /**
   * Read one partition; the reply carries the data (tombstones included) so the coordinator can reconcile.
   * {@code nowInSec}: the coordinator's now for the read, which the replica judges expiry by (as a Cassandra
   * ReadCommand carries its nowInSec), not its own clock; {@link #NO_NOW}: the replica's clock. {@code trace}: as in {@link Mutation}.
   */
  record ReadData(long requestId, String table, byte[] key, FilterSpec filter,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) int nowInSec,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {
    public ReadData(long requestId, String table, byte[] key, FilterSpec filter) {
      this(requestId, table, key, filter, NO_NOW, false);
    }

    public ReadData(long requestId, String table, byte[] key, FilterSpec filter, int nowInSec) {
      this(requestId, table, key, filter, nowInSec, false);
    }
  }

  /**
   * A replica's answer: encoded data (empty array when it holds nothing) and what the read cost there (SSTables
   * touched, live rows and tombstones scanned); or an error (tombstone overwhelm) as a ReadFailure. {@code decoded}
   * is what {@code data} encodes, as the replica read it, attached within one JVM as {@link Mutation} attaches its
   * update (never serialized: null after any wire, and the coordinator decodes the bytes then). The replica built it
   * for this answer alone, and nobody changes it afterwards. {@code trace}: as in {@link MutationAck}.
   */
  record ReadDataReply(long requestId, byte[] data, int sstables, long rows, long tombstones,
      List<String> warnings, String failure,
      @WireTrace List<TraceEvent> trace, @JsonIgnore Object decoded)
      implements Reply {
    public ReadDataReply(long requestId, byte[] data, int sstables, long rows, long tombstones,
        List<String> warnings, String failure) {
      this(requestId, data, sstables, rows, tombstones, warnings, failure, List.of(), null);
    }

    public ReadDataReply(long requestId, byte[] data, int sstables, long rows, long tombstones,
        List<String> warnings, String failure, Partition decoded) {
      this(requestId, data, sstables, rows, tombstones, warnings, failure, List.of(), decoded);
    }

    /** The same answer with what the replica did, for a traced read. */
    ReadDataReply withTrace(List<TraceEvent> events) {
      return new ReadDataReply(requestId, data, sstables, rows, tombstones, warnings, failure, events, decoded);
    }

    /** The decoded answer when the replica attached it, else null. */
    public Partition decodedData() {
      return decoded instanceof Partition p ? p : null;
    }
  }

  /**
   * Read every partition with a token in (start, end] (token strings; null = ring start/end). {@code rowLimit}: a
   * page's scan stops after that many live rows (0: no limit; left out of the message then, as before it existed).
   * {@code nowInSec}: the coordinator's now, as in {@link ReadData} ({@link #NO_NOW}: the replica's clock).
   */
  record RangeRead(long requestId, String table, String startExclusive, String endInclusive, FilterSpec filter,
      int partitionLimit, @JsonInclude(JsonInclude.Include.NON_DEFAULT) int rowLimit,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) int nowInSec,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {
    public RangeRead(long requestId, String table, String startExclusive, String endInclusive, FilterSpec filter,
        int partitionLimit) {
      this(requestId, table, startExclusive, endInclusive, filter, partitionLimit, 0, NO_NOW);
    }

    public RangeRead(long requestId, String table, String startExclusive, String endInclusive, FilterSpec filter,
        int partitionLimit, int rowLimit, int nowInSec) {
      this(requestId, table, startExclusive, endInclusive, filter, partitionLimit, rowLimit, nowInSec, false);
    }

    public RangeRead(long requestId, String table, String startExclusive, String endInclusive, FilterSpec filter,
        int partitionLimit, int rowLimit) {
      this(requestId, table, startExclusive, endInclusive, filter, partitionLimit, rowLimit, NO_NOW);
    }
  }

  /**
   * {@code rows} and {@code tombstones}: what the replica scanned for the range, to show what filtering costs;
   * {@code trace}: a traced request's events on the replica (empty when untraced).
   */
  record RangeReadReply(long requestId, List<byte[]> partitions, int sstables, long rows, long tombstones,
      String failure, @WireTrace List<TraceEvent> trace) implements Reply {
    public RangeReadReply(long requestId, List<byte[]> partitions, int sstables, long rows, long tombstones,
        String failure) {
      this(requestId, partitions, sstables, rows, tombstones, failure, List.of());
    }

    RangeReadReply withTrace(List<TraceEvent> events) {
      return new RangeReadReply(requestId, partitions, sstables, rows, tombstones, failure, events);
    }
  }

  /**
   * Paxos phase 1: prepare with a ballot (micros shifted left 16 bits, plus the proposer's node index). It reads no
   * data: the proposer reads the current values in a read of its own once it holds the promises, as Cassandra does.
   */
  record PaxosPrepare(long requestId, String table, byte[] key, long ballot,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {
    public PaxosPrepare(long requestId, String table, byte[] key, long ballot) {
      this(requestId, table, key, ballot, false);
    }
  }

  /** Promise (or refusal) with the replica's accepted-but-uncommitted proposal and its most recent commit. */
  record PaxosPromise(long requestId, boolean promised, long promisedBallot, long acceptedBallot, byte[] accepted,
      long committedBallot, @WireTrace List<TraceEvent> trace) implements Reply {
    public PaxosPromise(long requestId, boolean promised, long promisedBallot, long acceptedBallot, byte[] accepted,
        long committedBallot) {
      this(requestId, promised, promisedBallot, acceptedBallot, accepted, committedBallot, List.of());
    }

    /** The same promise with a traced request's events: the replica's Paxos steps. */
    PaxosPromise withTrace(List<TraceEvent> events) {
      return new PaxosPromise(requestId, promised, promisedBallot, acceptedBallot, accepted, committedBallot, events);
    }
  }

  record PaxosPropose(long requestId, String table, byte[] key, long ballot, byte[] update,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {
    public PaxosPropose(long requestId, String table, byte[] key, long ballot, byte[] update) {
      this(requestId, table, key, ballot, update, false);
    }
  }

  /** {@code ballot}: the proposal's, so that a proposer counts only the answers to its current proposal. */
  record PaxosAccepted(long requestId, long ballot, boolean accepted,
      @WireTrace List<TraceEvent> trace) implements Reply {
    public PaxosAccepted(long requestId, long ballot, boolean accepted) {
      this(requestId, ballot, accepted, List.of());
    }
  }

  record PaxosCommit(long requestId, String table, byte[] key, long ballot, byte[] update,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {
    public PaxosCommit(long requestId, String table, byte[] key, long ballot, byte[] update) {
      this(requestId, table, key, ballot, update, false);
    }
  }

  /** Repair: the Merkle tree of a token range for a table. */
  record TreeRequest(long requestId, String table, String startExclusive, String endInclusive, int depth)
      implements NodeMessage {}

  record TreeReply(long requestId, String node, List<byte[]> leafHashes) implements Reply {}

  /** Repair or bootstrap streaming: partitions to apply. */
  record Stream(long requestId, String table, List<byte[]> partitions) implements NodeMessage {}

  record StreamAck(long requestId, int partitions) implements Reply {}

  /** A counter write handed to the replica that leads it: {@code update} carries deltas, not shards. */
  record CounterForward(long requestId, String table, byte[] key, byte[] update,
      io.ringsim.cluster.ConsistencyLevel consistency, boolean trace) implements NodeMessage {}

  /** The leader's answer: {@code error} is null on success, else the error's class with its message. */
  record CounterForwardReply(long requestId, io.ringsim.cql.CqlErrorClass error, String message, int received,
      int required, List<TraceEvent> trace) implements Reply {}

  /** A logged batch stored on a batchlog node ({@code mutations} of {@code bytes}), to be removed once applied. */
  record BatchStore(long requestId, long batchId, int mutations, int bytes,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {}

  /** A logged batch applied everywhere: its batchlog entry goes. */
  record BatchRemove(long requestId, long batchId,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean trace) implements NodeMessage {}

  /**
   * A batchlog node's answer to a store, or, for a remove, the events it traced (Cassandra's BATCH_REMOVE has no
   * answer; ringsim's carries the trace only, and nothing waits for it).
   */
  record BatchAck(long requestId, @WireTrace List<TraceEvent> trace) implements Reply {}
}
