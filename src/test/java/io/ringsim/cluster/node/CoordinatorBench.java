package io.ringsim.cluster.node;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.ManualTime;
import akka.actor.testkit.typed.javadsl.TestInbox;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.FaultState;
import io.ringsim.cluster.KvTable;
import io.ringsim.cluster.net.Inbox;
import io.ringsim.cluster.net.NetworkPort;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.LivenessFilter;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.ServiceCosts;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A coordinator and its replicas without actors: each node is a {@link NodeContext}, the network is a queue this
 * bench delivers by hand ({@link #deliver}), and time moves only when a test says so ({@link #timePasses}), so a
 * test decides which replica answers, which stays silent, and when the timers fire. Node n1 coordinates; every node
 * serves its replica part as {@link ReplicaVerbs} does in a running node. Work costs nothing here (answers are
 * immediate), so only the network and the timers order events.
 */
final class CoordinatorBench {
  private static final String TABLE = KvTable.TABLE;
  private static final TableMetadata KV = KvTable.METADATA;

  /** A message on the wire. */
  record Sent(String from, String to, NodeMessage message) {}

  private final ManualTime time;
  private long nowNanos;
  private final Map<String, NodeContext> nodes = new LinkedHashMap<>();
  private final Map<String, TestInbox<NodeCommand>> selves = new LinkedHashMap<>();
  private final ArrayDeque<Sent> wire = new ArrayDeque<>();
  /** Everything sent, in order (delivered or not). */
  final List<Sent> sent = new ArrayList<>();
  /** Nodes whose incoming messages are lost (a replica that never answers). */
  private final Set<String> silent = new HashSet<>();
  /** The coordinator's answers to the client, in order. */
  final List<ClientResponse> replies = new ArrayList<>();
  private final TableSchema schema;

  /**
   * {@code dcs}: nodes per data centre (dc1, dc2, ...), numbered n1.. across them; {@code replication}: the
   * keyspace's.
   */
  CoordinatorBench(ActorTestKit kit, List<Integer> dcs, Map<String, String> replication) {
    this.time = ManualTime.get(kit.system());
    List<NodeSpec> specs = new ArrayList<>();
    int n = 1;
    for (int d = 0; d < dcs.size(); d++) {
      for (int i = 0; i < dcs.get(d); i++) specs.add(new NodeSpec("n" + n++, "dc" + (d + 1), "rack1", 8));
    }
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, new RandomAllocator(1).allocate(Murmur3Partitioner.INSTANCE,
        List.of(), specs));
    Catalog catalog = Catalog.EMPTY.withKeyspace(new KeyspaceMetadata("ks", replication, true)).withTable(KV);
    schema = TableSchema.of(KV, ring.partitioner());
    NetworkPort network = new NetworkPort() {
      @Override
      public void send(String from, String to, io.ringsim.cluster.CborSerializable payload) {
        Sent s = new Sent(from, to, (NodeMessage) payload);
        sent.add(s);
        wire.add(s);
      }

      @Override
      public void register(String node, Inbox<?> inbox) {}
    };
    FaultState faults = new FaultState();
    for (NodeConfig cfg : NodeSettings.defaults().withCosts(ServiceCosts.FREE).forRing(ring, 7)) {
      TestInbox<NodeCommand> self = TestInbox.create();
      NodeContext node = new NodeContext(cfg, ring, network, () -> nowNanos, kit.system().scheduler(), null,
          self.getRef(), faults);
      node.topology.setCatalog(catalog);
      node.storage.createTable(TableSchema.of(KV, ring.partitioner()));
      nodes.put(cfg.name(), node);
      selves.put(cfg.name(), self);
    }
  }

  /** The table is dropped on every node (DROP TABLE reached them all), whatever is in flight. */
  void dropTable() {
    for (NodeContext n : nodes.values()) {
      n.topology.setCatalog(Catalog.EMPTY.withKeyspace(n.catalog().keyspace("ks").orElseThrow()));
    }
  }

  NodeContext coordinator() {
    return nodes.get("n1");
  }

  NodeContext node(String name) {
    return nodes.get(name);
  }

  /** The key's replicas, in ring order (the primary first). */
  List<String> replicas(String key) {
    return coordinator().topology.placement(TABLE, schema.decorate(key(key)).token()).replicas();
  }

  /** A key whose replicas are exactly {@code wanted} (in any order). */
  String keyReplicatedOn(Set<String> wanted) {
    for (int i = 0; i < 100_000; i++) {
      if (Set.copyOf(replicas("k" + i)).equals(wanted)) return "k" + i;
    }
    throw new AssertionError("no key replicated on " + wanted);
  }

  // ---------------------------------------------------------------- the client's side

  /** A client writes {@code key = value} through n1. */
  void write(String key, int value, ConsistencyLevel cl) {
    WriteCoordinator.coordinate(coordinator(), KvTable.write(key, value, cl), replies::add);
  }

  /** A client reads {@code key} through n1. */
  void read(String key, ConsistencyLevel cl) {
    ReadCoordinator.coordinate(coordinator(), KvTable.read(key, cl), replies::add);
  }

  private static byte[] key(String k) {
    return KvTable.key(k);
  }

  /** The only answer the client got so far (fails when there is none or more than one). */
  ClientResponse reply() {
    if (replies.size() != 1) throw new AssertionError("expected one answer, got " + replies);
    return replies.get(0);
  }

  /** The only answer the client got so far, which must be a failure of class {@code error}. */
  ClientResponse.Failed failure(CqlErrorClass error) {
    if (!(reply() instanceof ClientResponse.Failed f) || f.error() != error) {
      throw new AssertionError("expected " + error + ", got " + replies);
    }
    return f;
  }

  /** The value a read answered, or null when the row is absent. */
  static Integer value(ClientResponse r) {
    return KvTable.value(r);
  }

  /** The value {@code node} holds for {@code key} on its own, or null. */
  Integer stored(String node, String key) {
    var t = nodes.get(node).storage.table(TABLE).orElseThrow();
    Partition data = t.readData(schema.decorate(key(key)), ReadFilter.ALL).data();
    if (data == null) return null;
    return KvTable.value(new LivenessFilter(0, KV).view(data, ReadFilter.ALL));
  }

  // ---------------------------------------------------------------- faults, the wire and time

  /** The coordinator's failure detector sees {@code peer} down. */
  void down(String peer) {
    coordinator().markDown(peer);
  }

  /** Messages to {@code node} are lost from now on. */
  void silence(String node) {
    silent.add(node);
  }

  void unsilence(String node) {
    silent.remove(node);
  }

  /** Delivers what is on the wire, and what that makes the nodes send, until nothing is left. */
  void deliver() {
    while (!wire.isEmpty()) {
      Sent s = wire.poll();
      if (silent.contains(s.to())) continue;
      NodeContext to = nodes.get(s.to());
      if (ReplicaVerbs.serve(to, s.from(), s.message())) continue;
      if (s.message() instanceof NodeMessage.Reply r) {
        PendingRequest p = to.pending(r.requestId());
        if (p != null) p.onResponse(s.from(), s.message());
      }
    }
  }

  /** Hands {@code message} from {@code from} to the coordinator as if it had come over the wire. */
  void receive(String from, NodeMessage message) {
    wire.add(new Sent(from, "n1", message));
    deliver();
  }

  /** {@code replica} acknowledges the last mutation sent to it (whether or not that reached it). */
  void acknowledges(String replica) {
    receive(replica, new NodeMessage.MutationAck(last(replica, NodeMessage.Mutation.class).requestId(), null));
  }

  /** {@code replica}'s answer to the last read sent to it, as its replica code reads it (whether or not it came). */
  NodeMessage.ReadDataReply answerOf(String replica) {
    return ReplicaVerbs.read(nodes.get(replica), last(replica, NodeMessage.ReadData.class), RequestTrace.OFF);
  }

  /** The last message of type {@code type} sent to {@code node}. */
  <T extends NodeMessage> T last(String node, Class<T> type) {
    List<T> all = sentTo(node, type);
    if (all.isEmpty()) throw new AssertionError("nothing of " + type.getSimpleName() + " was sent to " + node);
    return all.get(all.size() - 1);
  }

  /** Virtual time moves on by {@code d}: timers due fire and the nodes handle them, as their actors would. */
  void timePasses(Duration d) {
    nowNanos += d.toNanos();
    time.timePasses(d);
    for (Map.Entry<String, TestInbox<NodeCommand>> e : selves.entrySet()) {
      NodeContext node = nodes.get(e.getKey());
      for (NodeCommand c : e.getValue().getAllReceived()) {
        if (c instanceof NodeCommand.RequestTimeout t) {
          PendingRequest p = node.pending(t.requestId());
          if (p != null) p.onTimeout();
        } else if (c instanceof NodeCommand.Resume r) {
          PendingRequest p = node.pending(r.requestId());
          if (p != null && NodeContext.isCurrentResume(p, r)) p.onResume();
        } else if (c instanceof NodeCommand.Deferred d2) {
          node.onDeferred(d2);
        }
      }
    }
  }

  /** The messages of type {@code type} sent to {@code node} so far. */
  <T extends NodeMessage> List<T> sentTo(String node, Class<T> type) {
    List<T> out = new ArrayList<>();
    for (Sent s : sent) if (s.to().equals(node) && type.isInstance(s.message())) out.add(type.cast(s.message()));
    return out;
  }
}
