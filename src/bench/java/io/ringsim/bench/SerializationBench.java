package io.ringsim.bench;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.RequestKind;
import io.ringsim.cluster.gossip.GossipMessage;
import io.ringsim.cluster.gossip.Heartbeats;
import io.ringsim.cluster.member.MemberProtocol;
import io.ringsim.cluster.member.Wire;
import io.ringsim.cluster.node.NodeMessage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of crossing a JVM: Akka's Jackson CBOR serializer on the messages of real-time mode, one round trip
 * (serialize, then deserialize) per operation: a replica write, the same write wrapped for another member, a
 * gossip round of 9 nodes, a driver's row operation, and a replica's ack.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SerializationBench {

  @Param({"mutation", "wire-mutation", "mutation-ack", "gossip-syn-9", "row-op"})
  public String message;

  ActorSystem<Void> system;
  Serialization serialization;
  Object msg;
  Serializer serializer;
  String manifest;
  byte[] bytes;

  @Setup(Level.Trial)
  public void setup() {
    system = ActorSystem.create(Behaviors.empty(), "bench", ConfigFactory.load());
    serialization = SerializationExtension.get(system.classicSystem());
    byte[] update = new byte[100];
    for (int i = 0; i < update.length; i++) update[i] = (byte) i;
    NodeMessage.Mutation mutation = new NodeMessage.Mutation(123456, "shop.orders", update, false);
    msg = switch (message) {
      case "mutation" -> mutation;
      case "wire-mutation" -> Wire.of("n1", "n2", mutation);
      case "mutation-ack" -> new NodeMessage.MutationAck(123456);
      case "gossip-syn-9" -> {
        List<String> names = new java.util.ArrayList<>();
        long[] generations = new long[9];
        long[] versions = new long[9];
        for (int i = 1; i <= 9; i++) {
          names.add("n" + i);
          generations[i - 1] = 1;
          versions[i - 1] = 1000L + i;
        }
        yield new GossipMessage.Syn(new Heartbeats(names, generations, versions));
      }
      case "row-op" -> new MemberProtocol.RowOp(42, "n1", RequestKind.WRITE, "shop.orders",
          new byte[] {0, 0, 0, 7}, List.of(), Map.of("id", new byte[] {0, 0, 0, 7}, "customer", "customer-7".getBytes(),
          "total", new byte[] {0, 0, 1, 0}), 0, ConsistencyLevel.QUORUM, ConsistencyLevel.QUORUM,
          system.ignoreRef());
      default -> throw new IllegalArgumentException(message);
    };
    serializer = serialization.findSerializerFor(msg);
    manifest = Serializers.manifestFor(serializer, msg);
    bytes = serialization.serialize(msg).get();
    System.out.println("\n" + message + ": " + bytes.length + " bytes, serializer " + serializer.getClass().getSimpleName());
  }

  @TearDown(Level.Trial)
  public void stop() {
    system.terminate();
  }

  @Benchmark
  public byte[] serialize() {
    return serialization.serialize(msg).get();
  }

  @Benchmark
  public Object roundTrip() {
    byte[] b = serialization.serialize(msg).get();
    return serialization.deserialize(b, serializer.identifier(), manifest).get();
  }
}
