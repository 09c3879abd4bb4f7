package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import io.ringsim.cluster.gossip.GossipMessage;
import io.ringsim.cluster.member.ClusterShape;
import io.ringsim.cluster.member.MemberProtocol;
import io.ringsim.cluster.member.Wire;
import io.ringsim.cluster.node.FilterSpec;
import io.ringsim.cluster.node.NodeMessage;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cluster.node.TraceStage;
import io.ringsim.ring.LongToken;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * serialize-messages skips what goes through message adapters (all node traffic does), so every inter-node message
 * type is checked here: one instance of each must survive Jackson CBOR serialization.
 */
class NodeMessageSerializationTest {
  static final ActorTestKit kit = ActorTestKit.create(com.typesafe.config.ConfigFactory.load("application-test"));

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  /**
   * Every message kind is named for the wire, and so for the trace (MessageDescriber takes its kinds from the same
   * names): a message left off the list could not cross JVMs and would be missing from message diagrams.
   */
  @Test
  void everyMessageTypeHasAWireName() {
    java.util.Set<Class<?>> named = new java.util.HashSet<>();
    for (com.fasterxml.jackson.annotation.JsonSubTypes.Type t
        : NodeMessage.class.getAnnotation(com.fasterxml.jackson.annotation.JsonSubTypes.class).value()) {
      named.add(t.value());
    }
    java.util.List<Class<?>> records = new java.util.ArrayList<>();
    java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>(List.of(NodeMessage.class));
    while (!todo.isEmpty()) {
      Class<?> c = todo.pop();
      if (c.isSealed()) todo.addAll(List.of(c.getPermittedSubclasses()));
      else records.add(c);
    }
    assertThat(records).hasSizeGreaterThan(15);
    assertThat(named).containsAll(records);
  }

  @Test
  void everyNodeMessageRoundTrips() {
    byte[] data = {1, 2, 3};
    FilterSpec f = FilterSpec.of(ReadFilter.ALL);
    List<NodeMessage> all = List.of(
        new NodeMessage.Mutation(1, "ks.t", data, false),
        new NodeMessage.MutationAck(1),
        new NodeMessage.ReadData(2, "ks.t", data, f),
        new NodeMessage.ReadDataReply(2, data, 3, 5, 4, List.of("warn"), null),
        new NodeMessage.RangeRead(3, "ks.t", "-5", "7", f, 100),
        new NodeMessage.RangeReadReply(3, List.of(data), 1, 5, 0, null),
        new NodeMessage.PaxosPrepare(4, "ks.t", data, 99L << 16),
        new NodeMessage.PaxosPromise(4, true, 99L << 16, 0, data, 0),
        new NodeMessage.PaxosPromise(4, false, 99L << 16, 0, new byte[0], 0),
        new NodeMessage.PaxosPropose(5, "ks.t", data, 99L << 16, data),
        new NodeMessage.PaxosAccepted(5, 77L << 11, true),
        new NodeMessage.PaxosCommit(6, "ks.t", data, 99L << 16, data),
        new NodeMessage.TreeRequest(7, "ks.t", null, "12", 0),
        new NodeMessage.TreeReply(7, "n1", List.of(data)),
        new NodeMessage.Stream(8, "ks.t", List.of(data)),
        new NodeMessage.StreamAck(8, 1),
        new NodeMessage.CounterForward(9, "ks.t", data, data, io.ringsim.cluster.ConsistencyLevel.QUORUM, true),
        new NodeMessage.CounterForwardReply(9, null, null, 0, 0,
            List.of(new TraceEvent(5, "n1", TraceStage.RINGSIM, "Counter leader n1"))),
        new NodeMessage.CounterForwardReply(10, io.ringsim.cql.CqlErrorClass.WriteTimeout, "Operation timed out", 1, 2,
            List.of()),
        new NodeMessage.RangeRead(11, "ks.t", null, "7", f, 100, 5, 1_700_000_000, true),
        new NodeMessage.RangeReadReply(11, List.of(data), 1, 5, 0, null, List.of(new TraceEvent(5, "n2",
            TraceStage.READ, "Read 5 live rows and 0 tombstone cells"))),
        new NodeMessage.PaxosPrepare(12, "ks.t", data, 99L << 16, true),
        new NodeMessage.PaxosPromise(12, true, 99L << 16, 0, data, 0,
            List.of(new TraceEvent(5, "n2", TraceStage.MUTATION, "Promising ballot x"))),
        new NodeMessage.PaxosPropose(13, "ks.t", data, 99L << 16, data, true),
        new NodeMessage.PaxosAccepted(13, 78L << 11, true, List.of(new TraceEvent(5, "n2", TraceStage.MUTATION,
            "Adding to paxos memtable"))),
        new NodeMessage.PaxosCommit(14, "ks.t", data, 99L << 16, data, true),
        new NodeMessage.BatchStore(15, 77, 2, 120, true),
        new NodeMessage.BatchRemove(16, 77, false),
        new NodeMessage.BatchAck(15, List.of(new TraceEvent(5, "n2", TraceStage.MUTATION,
            "Adding to batches memtable"))));
    for (NodeMessage m : all) kit.serializationTestKit().verifySerialization(m, false);
  }

  @Test
  void tracedRequestsAndTheReplicasEventsRoundTrip() {
    byte[] data = {1, 2, 3};
    TraceEvent received = new TraceEvent(5, "n2", TraceStage.MESSAGING, "MUTATION_REQ message received from {}",
        List.of("n1"));
    for (NodeMessage m : List.of(new NodeMessage.Mutation(1, "ks.t", data, false, true, null),
        new NodeMessage.ReadData(2, "ks.t", data, FilterSpec.of(ReadFilter.ALL), 0, true),
        new NodeMessage.ReadDataReply(2, data, 3, 5, 4, List.of(), null, List.of(received), null))) {
      kit.serializationTestKit().verifySerialization(m, false);
    }
    // The replica's events come back whole: who did it, when, on which thread, and which node its text names.
    NodeMessage.MutationAck ack = new NodeMessage.MutationAck(1, List.of(received));
    kit.serializationTestKit().verifySerialization(ack, true);
    org.assertj.core.api.Assertions.assertThat(received.activity(n -> "/10.0.0." + n.substring(1)))
        .isEqualTo("MUTATION_REQ message received from /10.0.0.1");
  }

  /** An untraced reply leaves its trace out of the message, and the copy that arrives has none: empty, not null. */
  @Test
  void anUntracedReplyLeavesItsTraceOutAndArrivesWithAnEmptyOne() throws Exception {
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    byte[] data = {1, 2, 3};
    for (NodeMessage m : List.of(new NodeMessage.MutationAck(1),
        new NodeMessage.ReadDataReply(2, data, 3, 5, 4, List.of(), null),
        new NodeMessage.RangeReadReply(3, List.of(data), 1, 5, 0, null),
        new NodeMessage.PaxosPromise(4, true, 99L << 16, 0, data, 0),
        new NodeMessage.PaxosAccepted(5, 77L << 11, true),
        new NodeMessage.BatchAck(6, List.of()))) {
      byte[] bytes = serialization.serialize(m).get();
      assertThat(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain("trace");
      Object copy = serialization.deserialize(bytes, m.getClass()).get();
      assertThat((List<?>) copy.getClass().getMethod("trace").invoke(copy)).as(m.getClass().getSimpleName())
          .isNotNull().isEmpty();
    }
  }

  @Test
  void anIndexReadCarriesItsLookupAndAReadWithoutOneSerializesAsBefore() {
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    io.ringsim.storage.IndexQuery q = new io.ringsim.storage.IndexQuery("t_m", "m", "entries", new byte[] {1},
        new byte[] {2, 3});
    NodeMessage.RangeRead indexed = new NodeMessage.RangeRead(3, "ks.t", "-5", "7",
        FilterSpec.of(ReadFilter.ALL.indexed(q)), 100, 5000, 1_700_000_000);
    NodeMessage.RangeRead copy = (NodeMessage.RangeRead) serialization.deserialize(
        serialization.serialize(indexed).get(), NodeMessage.RangeRead.class).get();
    io.ringsim.storage.IndexQuery back = copy.filter().toFilter().index();
    assertThat(back.name()).isEqualTo("t_m");
    assertThat(back.column()).isEqualTo("m");
    assertThat(back.kind()).isEqualTo("entries");
    assertThat(back.value()).containsExactly(1);
    assertThat(back.entryValue()).containsExactly(2, 3);
    // Without an index the field is left out: the messages of runs without index reads keep their bytes.
    byte[] plain = serialization.serialize(new NodeMessage.RangeRead(3, "ks.t", "-5", "7", FilterSpec.of(
        ReadFilter.ALL), 100)).get();
    assertThat(new String(plain, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain("index");
    assertThat(serialization.serialize(indexed).get().length).isGreaterThan(plain.length);
  }

  @Test
  void aMutationCarryingItsDecodedUpdateSerializesAsWithoutIt() {
    Partition decoded = new Partition(
        new DecoratedKey(new LongToken(7), new byte[] {0, 0, 0, 7}),
        new ClusteringComparator(List.of()));
    byte[] data = {1, 2, 3};
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    NodeMessage.Mutation local = new NodeMessage.Mutation(1, "ks.t", data, false, decoded);
    byte[] withIt = serialization.serialize(local).get();
    byte[] without = serialization.serialize(new NodeMessage.Mutation(1, "ks.t", data, false)).get();
    assertThat(withIt).isEqualTo(without);
    NodeMessage.Mutation copy = (NodeMessage.Mutation) serialization.deserialize(withIt, NodeMessage.Mutation.class)
        .get();
    assertThat(copy.decodedUpdate()).isNull();
    assertThat(copy.update()).isEqualTo(data);
    assertThat(local.decodedUpdate()).isSameAs(decoded);
  }

  @Test
  void everyMessageBetweenMemberJvmsRoundTrips() {
    byte[] data = {1, 2, 3};
    var ref = kit.<Object>createTestProbe().ref();
    var states = new io.ringsim.cluster.gossip.Heartbeats(List.of("n1", "n2"), new long[] {1, 3}, new long[] {2, 40});
    ClusterShape shape = new ClusterShape("datacenter1", 9, 3, 16,
        "random", "murmur3", 1, 3);
    List<Object> all = List.of(
        Wire.of("n1", "n2", new NodeMessage.Mutation(1, "ks.t", data, false)),
        Wire.of("n1", "n2", new GossipMessage.Syn(states)),
        Wire.of("n1", "n2", new GossipMessage.Ack(states)),
        new MemberProtocol.Describe(ref.narrow()),
        new MemberProtocol.MemberInfo("akka://ringsim@127.0.0.1:25520", List.of("n1"), shape),
        new MemberProtocol.ApplySchema(List.of("CREATE KEYSPACE k WITH replication ="
            + " {'class': 'SimpleStrategy', 'replication_factor': 1}"), ref.narrow()),
        new MemberProtocol.Result(null),
        new MemberProtocol.RowOp(1, "n1", RequestKind.LWT, "ks.t", data, List.of(data),
            java.util.Map.of("v", data), 60, ConsistencyLevel.QUORUM, ConsistencyLevel.SERIAL, ref.narrow()),
        MemberProtocol.RowOpResult.ok(1, 123, true),
        MemberProtocol.RowOpResult.failed(2, "WriteTimeout"),
        new MemberProtocol.Fault(MemberProtocol.FaultKind.PARTITION, null, List.of("n1"), List.of("n2"), true, 0,
            ref.narrow()),
        new MemberProtocol.GetStatus(ref.narrow()));
    for (Object m : all) kit.serializationTestKit().verifySerialization(m, false);
  }

  /**
   * A driver of another ringsim version may name a fault, an operation or a level this member does not know: the
   * message still decodes (the unknown name as null), so that the member can answer that it does not know it.
   */
  @Test
  void aKindTheMemberDoesNotKnowStillDecodes() throws Exception {
    var ref = kit.<Object>createTestProbe().ref();
    var fault = new MemberProtocol.Fault(MemberProtocol.FaultKind.CLOCK_SKEW, "n1", List.of(), List.of(), false, 50,
        ref.narrow());
    assertThat(withField(fault, "kind", "melt").kind()).isNull();
    assertThat(withField(fault, "kind", "CLOCK_SKEW")).isEqualTo(fault);
    var op = new MemberProtocol.RowOp(1, "n1", RequestKind.WRITE, "ks.t", new byte[] {1}, List.of(),
        java.util.Map.of(), 0, ConsistencyLevel.QUORUM, ConsistencyLevel.SERIAL, ref.narrow());
    assertThat(withField(op, "kind", "upsert").kind()).isNull();
    MemberProtocol.RowOp mostly = withField(op, "consistency", "MOST");
    assertThat(mostly.consistency()).isNull();
    assertThat(mostly.kind()).isEqualTo(RequestKind.WRITE);
  }

  /** {@code message} as it crosses the wire, with {@code field} set to the word {@code value} on the way. */
  @SuppressWarnings("unchecked")
  private static <T> T withField(T message, String field, String value) throws Exception {
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    var serializer = serialization.findSerializerFor(message);
    String manifest = akka.serialization.Serializers.manifestFor(serializer, message);
    com.fasterxml.jackson.databind.ObjectMapper cbor = new com.fasterxml.jackson.databind.ObjectMapper(
        new com.fasterxml.jackson.dataformat.cbor.CBORFactory());
    var tree = (com.fasterxml.jackson.databind.node.ObjectNode) cbor.readTree(serialization.serialize(message).get());
    tree.put(field, value);
    return (T) serialization.deserialize(cbor.writeValueAsBytes(tree), serializer.identifier(), manifest).get();
  }

  @Test
  void aPayloadNamingAClassOutsideTheProtocolIsRefused() throws Exception {
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    // A Wire whose payload claims a type name that is not one of the node messages' names.
    com.fasterxml.jackson.databind.ObjectMapper cbor = new com.fasterxml.jackson.databind.ObjectMapper(
        new com.fasterxml.jackson.dataformat.cbor.CBORFactory());
    java.util.Map<String, Object> node = new java.util.LinkedHashMap<>();
    node.put("@type", "java.util.ArrayList");
    java.util.Map<String, Object> wire = new java.util.LinkedHashMap<>();
    wire.put("from", "n1");
    wire.put("to", "n2");
    wire.put("node", node);
    byte[] bytes;
    try {
      bytes = cbor.writeValueAsBytes(wire);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    var serializer = serialization.serializerFor(Wire.class);
    var result = serialization.deserialize(bytes, serializer.identifier(),
        Wire.class.getName());
    org.assertj.core.api.Assertions.assertThat(result.isFailure()).isTrue();
    org.assertj.core.api.Assertions.assertThat(result.failed().get()).hasMessageContaining("java.util.ArrayList");
    // The same envelope with a name the protocol knows decodes: the refusal above is about the name alone.
    node.put("@type", "mutation-ack");
    node.put("requestId", 7);
    var ok = serialization.deserialize(cbor.writeValueAsBytes(wire), serializer.identifier(),
        Wire.class.getName());
    org.assertj.core.api.Assertions.assertThat(((Wire) ok.get()).node())
        .isEqualTo(new NodeMessage.MutationAck(7));
  }
}
