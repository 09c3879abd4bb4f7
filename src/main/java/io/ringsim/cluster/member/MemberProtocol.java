package io.ringsim.cluster.member;

import akka.actor.typed.ActorRef;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.node.NodeReport;
import java.util.List;
import java.util.Map;

/**
 * What a driver (a {@code run --cluster}) says to member JVMs, and their answers. Every record crosses JVMs as
 * Jackson CBOR; the set of types is closed (named subtypes), so no message can make a member load a class.
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
   * (binary) for write and lwt, and is empty for read and delete.
   */
  record RowOp(long tag, String coordinator, String type, String table, byte[] key, List<byte[]> clustering,
      Map<String, byte[]> row, int ttl, String consistency, String commitConsistency,
      ActorRef<RowOpResult> replyTo) implements MemberProtocol {}

  /** What the workload's history keeps of an answer: outcome ok/fail, the error class, the version seen. */
  record RowOpResult(long tag, String outcome, String error, long version, Boolean applied)
      implements CborSerializable {}

  /**
   * A scenario fault, sent to every member: crash/restart/flush/compact a node (only its host acts), partition and
   * heal (every member's network cuts its side), loss (probability in {@code value}), slow (milliseconds in
   * {@code value}), clock-skew (milliseconds in {@code value}).
   */
  record Fault(String kind, String node, List<String> side1, List<String> side2, boolean oneWay, double value,
      ActorRef<Result> replyTo) implements MemberProtocol {}

  /** Every hosted node's view of the others (as nodetool status), for the driver and for tests. */
  record GetStatus(ActorRef<Status> replyTo) implements MemberProtocol {}

  /**
   * node -> (peer -> up) for each node this member hosts; {@code running} lists the hosted nodes not crashed, and
   * {@code reports} holds their figures (storage, coordination, hints) for the run's report.
   */
  record Status(String address, Map<String, Map<String, Boolean>> views, List<String> running,
      List<NodeReport> reports) implements CborSerializable {}
}
