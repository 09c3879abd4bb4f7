package io.ringsim.cluster.member;

import akka.actor.typed.ActorRef;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.RequestKind;
import io.ringsim.cluster.node.NodeReport;
import java.util.List;
import java.util.Map;

/**
 * What a driver (a {@code run --cluster}) says to member JVMs, and their answers. Every record crosses JVMs as
 * Jackson CBOR; the set of types is closed (named subtypes), so no message can make a member load a class. Enums
 * cross by name. A kind or level a member does not know (a driver of another ringsim version) arrives as null, so
 * that the member can answer that it does not know it instead of dropping the message unanswered.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({
  @JsonSubTypes.Type(value = MemberProtocol.Describe.class, name = "describe"),
  @JsonSubTypes.Type(value = MemberProtocol.ApplySchema.class, name = "apply-schema"),
  @JsonSubTypes.Type(value = MemberProtocol.RowOp.class, name = "row-op"),
  @JsonSubTypes.Type(value = MemberProtocol.Fault.class, name = "fault"),
  @JsonSubTypes.Type(value = MemberProtocol.GetStatus.class, name = "get-status")
})
public sealed interface MemberProtocol extends CborSerializable {

  /** Asks a member which simulated nodes it hosts and the shape of the cluster. */
  record Describe(ActorRef<MemberInfo> replyTo) implements MemberProtocol {}

  /** {@code hosted} is empty until the member knows its position (enough members are Up). */
  record MemberInfo(String address, List<String> hosted, ClusterShape shape) implements CborSerializable {}

  /** Schema statements (CQL text), applied in order to every node this member hosts. */
  record ApplySchema(List<String> statements, ActorRef<Result> replyTo) implements MemberProtocol {}

  /** {@code error} is null on success. */
  record Result(String error) implements CborSerializable {}

  /**
   * One workload operation (write, delete, read, lwt) on one row, for {@code coordinator} (hosted by the receiving
   * member) to coordinate. Key and clustering are in Cassandra's binary form; {@code row} holds every column's value
   * (binary) for write and lwt, and is empty for read and delete. {@code commitConsistency} is the lwt's commit
   * level.
   */
  record RowOp(long tag, String coordinator,
      @JsonFormat(with = JsonFormat.Feature.READ_UNKNOWN_ENUM_VALUES_AS_NULL) RequestKind kind, String table,
      byte[] key, List<byte[]> clustering, Map<String, byte[]> row, int ttl,
      @JsonFormat(with = JsonFormat.Feature.READ_UNKNOWN_ENUM_VALUES_AS_NULL) ConsistencyLevel consistency,
      @JsonFormat(with = JsonFormat.Feature.READ_UNKNOWN_ENUM_VALUES_AS_NULL) ConsistencyLevel commitConsistency,
      ActorRef<RowOpResult> replyTo) implements MemberProtocol {}

  /**
   * What the workload's history keeps of an answer: the outcome, the error class (null when ok), the version seen.
   * A member answers or refuses; an operation with no answer in time is the driver's to call a timeout.
   */
  record RowOpResult(long tag, Outcome outcome, String error, long version, Boolean applied)
      implements CborSerializable {
    public enum Outcome { OK, FAIL }

    public static RowOpResult ok(long tag, long version, Boolean applied) {
      return new RowOpResult(tag, Outcome.OK, null, version, applied);
    }

    public static RowOpResult failed(long tag, String error) {
      return new RowOpResult(tag, Outcome.FAIL, error, -1, null);
    }
  }

  /** The scenario faults a member applies (see {@link Fault}), and stopping the member itself. */
  enum FaultKind { CRASH, RESTART, FLUSH, COMPACT, CLOCK_SKEW, PARTITION, HEAL, LOSS, SLOW, STOP_MEMBER }

  /**
   * A scenario fault, sent to every member: crash/restart/flush/compact a node (only its host acts), partition and
   * heal (every member's network cuts its side), loss (probability in {@code value}), slow (milliseconds in
   * {@code value}), clock-skew (milliseconds in {@code value}); stop-member stops the receiving member's JVM.
   */
  record Fault(@JsonFormat(with = JsonFormat.Feature.READ_UNKNOWN_ENUM_VALUES_AS_NULL) FaultKind kind, String node,
      List<String> side1, List<String> side2, boolean oneWay, double value, ActorRef<Result> replyTo)
      implements MemberProtocol {}

  /** Every hosted node's view of the others (as nodetool status), for the driver and for tests. */
  record GetStatus(ActorRef<Status> replyTo) implements MemberProtocol {}

  /**
   * node -> (peer -> up) for each node this member hosts; {@code running} lists the hosted nodes not crashed, and
   * {@code reports} holds their figures (storage, coordination, hints) for the run's report.
   */
  record Status(String address, Map<String, Map<String, Boolean>> views, List<String> running,
      List<NodeReport> reports) implements CborSerializable {}
}
