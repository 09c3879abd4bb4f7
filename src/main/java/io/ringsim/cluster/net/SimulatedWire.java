package io.ringsim.cluster.net;

import akka.actor.typed.ActorSystem;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.FaultState;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.cluster.time.TaskFifo;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The simulated network's links and what happens to one message on them: it gets a sampled latency, and may be lost
 * or blocked by a partition. Links are FIFO like the TCP connections Cassandra uses between nodes: a message never
 * overtakes an earlier one on the same link, whatever latency it drew.
 *
 * <p>Nodes and gossipers call {@link #send} directly, on the simulation loop's thread (the only thread that runs
 * them), rather than through a mailbox: a message used to cost one more mailbox hop, to the network actor, before its
 * delivery timer was even set. Doing the same work at the moment of the send keeps the draws and the deliveries in
 * the order the sends were made, which is the order the network actor's mailbox kept. The harness's faults still
 * come through {@link SimulatedNetwork}, which applies them to the cluster's {@link FaultState} this wire reads.
 *
 * <p>All randomness comes from one generator seeded by the scenario, and the simulation runs on one thread, so the
 * same seed draws the same latencies and losses in the same order.
 */
public final class SimulatedWire implements NetworkPort {
  static final boolean DEBUG = System.getenv("RINGSIM_DEBUG_NET") != null;
  private final SimulationLoop loop;
  private final SplittableRandom rng;
  /** Every node named so far (registered, sent from, slowed or given a link latency), by name. */
  private final Map<String, Peer> peers = new HashMap<>();
  /** The cluster's faults: cuts, loss and slow nodes decide each message's fate (the network actor changes them). */
  private final FaultState faults;
  private LatencyModel defaultLatency;
  private final Serialization serialization;
  private long sent, delivered, lost, partitioned, undeliverable, bytesSerialized;
  private final TrafficGauge traffic;
  /** The last sender, by the name object it sent with: a coordinator sends to each replica in a row. */
  private String lastSenderName;
  private Peer lastSender;
  /** Records every message for explanations ({@link TraceLog#OFF} when the run keeps no history). */
  private final TraceLog trace;

  /** A node as the network sees it; a message finds its link from the sender's table, with no key to build. */
  private static final class Peer {
    Inbox<?> inbox;
    /** Its faults, found once: a slow node's extra latency is read for every message. */
    final FaultState.NodeFaults faults;
    final Map<String, Link> links = new HashMap<>();
    /**
     * The links last found, by the very name object asked with (a node sends with the names its ring and
     * placements hold, the same objects every time): compared by identity before the map is asked, whose hashing and
     * cold entries were about 1% of a simulated request.
     */
    final String[] recentNames = new String[8];
    final Link[] recentLinks = new Link[8];

    Peer(FaultState.NodeFaults faults) {
      this.faults = faults;
    }
  }

  /**
   * A one-way link: its own latency (null: the default), when its last message arrives (links are FIFO), and its
   * messages on their way, which the loop's timer heap holds as one entry (see {@link TaskFifo}).
   */
  private static final class Link {
    final Peer to;
    LatencyModel latency;
    long lastDeliveryNanos;
    final TaskFifo inFlight = new TaskFifo();

    Link(Peer to) {
      this.to = to;
    }
  }

  /**
   * @param serializePayloads send every payload through Akka serialization and deliver the copy, as a real wire would:
   *     proves each message can cross JVMs and that nodes never share a mutable object (on in tests)
   * @param trace where every message is recorded ({@link TraceLog#OFF}: nowhere)
   * @param faults the faults in force, which decide what happens to each message
   */
  public SimulatedWire(ActorSystem<?> system, long seed, LatencyModel defaultLatency, SimulationLoop loop,
      boolean serializePayloads, TraceLog trace, FaultState faults) {
    this.trace = trace;
    this.faults = faults;
    this.rng = new SplittableRandom(seed);
    this.defaultLatency = defaultLatency;
    this.loop = loop;
    this.serialization = serializePayloads ? SerializationExtension.get(system.classicSystem()) : null;
    this.traffic = TrafficGauge.of(system);
  }

  @Override
  public void register(String node, Inbox<?> inbox) {
    onLoop();
    peer(node).inbox = inbox;
  }

  @Override
  public void send(String from, String to, CborSerializable payload) {
    onLoop();
    sent++;
    long now = loop.nowNanos();
    if (DEBUG) System.out.println("NET " + now + " " + from + "->" + to + " " + payload.getClass().getSimpleName());
    Peer sender = from == lastSenderName ? lastSender : peer(from);
    lastSenderName = from;
    lastSender = sender;
    Link link = link(sender, to);
    Inbox<?> inbox = link.to.inbox;
    if (inbox == null) {
      undeliverable++;
      traffic.dropped(now);
      trace.message(now, now, from, to, payload, TraceLog.UNDELIVERABLE);
      return;
    }
    if (faults.isCut(from, to)) {
      partitioned++;
      traffic.dropped(now);
      trace.message(now, now, from, to, payload, TraceLog.PARTITIONED);
      return;
    }
    // Draw loss before latency so that turning loss on does not shift the latency stream of delivered messages.
    double loss = faults.loss();
    if (loss > 0 && rng.nextDouble() < loss) {
      lost++;
      traffic.dropped(now);
      trace.message(now, now, from, to, payload, TraceLog.LOST);
      return;
    }
    Runnable arrival = inbox.arrival(from, overTheWire(payload));
    if (link.to == sender) {
      delivered++;
      trace.message(now, now, from, to, payload, TraceLog.DELIVERED);
      arrival.run();
      return;
    }
    long latency = (link.latency != null ? link.latency : defaultLatency).sampleNanos(rng);
    latency += sender.faults.slowNanos() + link.to.faults.slowNanos();
    long at = Math.max(now + latency, link.lastDeliveryNanos);
    link.lastDeliveryNanos = at;
    delivered++;
    traffic.sent(now, at);
    trace.message(now, Math.max(at, now), from, to, payload, TraceLog.DELIVERED);
    if (at <= now) arrival.run();
    else loop.runAfter(link.inFlight, at - now, arrival);
  }

  /** Nodes share this object only because one thread runs them all: a call from any other thread is a bug. */
  private void onLoop() {
    if (!loop.onLoopThread()) {
      throw new IllegalStateException("the simulated network was called outside the simulation loop's thread: "
          + Thread.currentThread().getName());
    }
  }

  private CborSerializable overTheWire(CborSerializable payload) {
    if (serialization == null) return payload;
    akka.serialization.Serializer serializer = serialization.findSerializerFor(payload);
    byte[] bytes = serialization.serialize(payload).get();
    bytesSerialized += bytes.length;
    String manifest = akka.serialization.Serializers.manifestFor(serializer, payload);
    return (CborSerializable) serialization.deserialize(bytes, serializer.identifier(), manifest).get();
  }

  void setDefaultLatency(LatencyModel latency) {
    defaultLatency = latency;
  }

  void setLinkLatency(String from, String to, LatencyModel latency) {
    link(peer(from), to).latency = latency;
  }

  /** The faults this wire reads, which the network actor changes. */
  FaultState faults() {
    return faults;
  }

  NetworkStats stats() {
    return new NetworkStats(sent, delivered, lost, partitioned, undeliverable, bytesSerialized);
  }

  private Peer peer(String name) {
    Peer p = peers.get(name);
    if (p == null) peers.put(name, p = new Peer(faults.node(name)));
    return p;
  }

  private Link link(Peer from, String to) {
    String[] names = from.recentNames;
    for (int i = 0; i < names.length; i++) {
      if (names[i] == to) return from.recentLinks[i];
    }
    Link l = from.links.get(to);
    if (l == null) from.links.put(to, l = new Link(peer(to)));
    for (int i = 0; i < names.length; i++) {
      if (names[i] == null) {
        names[i] = to;
        from.recentLinks[i] = l;
        break;
      }
    }
    return l;
  }
}
