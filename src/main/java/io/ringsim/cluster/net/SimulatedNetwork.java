package io.ringsim.cluster.net;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.cluster.time.SimulationLoop;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The simulated network: every message between nodes passes here, gets a sampled latency, and may be lost or blocked
 * by a partition. Links are FIFO like the TCP connections Cassandra uses between nodes: a message never overtakes an
 * earlier one on the same link, whatever latency it drew.
 *
 * <p>All randomness comes from one generator seeded by the scenario, and the simulation runs on one thread, so the
 * same seed draws the same latencies and losses in the same order.
 */
public final class SimulatedNetwork extends AbstractBehavior<NetworkCommand> {

  static final boolean DEBUG = System.getenv("RINGSIM_DEBUG_NET") != null;
  private final SimulationLoop loop;
  private final SplittableRandom rng;
  /** Every node named so far (registered, sent from, slowed or given a link latency), by name. */
  private final Map<String, Peer> peers = new HashMap<>();
  private final CutLinks cutLinks = new CutLinks();
  private LatencyModel defaultLatency;
  private double loss;
  private final Serialization serialization;
  private long sent, delivered, lost, partitioned, undeliverable, bytesSerialized;
  private final TrafficGauge traffic;
  /** Records every message for explanations; null when the run keeps no history. */
  private final TraceLog trace;

  /** A node as the network sees it; a message finds its link from the sender's table, with no key to build. */
  private static final class Peer {
    Inbox<?> inbox;
    long slowNanos;
    final Map<String, Link> links = new HashMap<>();
  }

  /** A one-way link: its own latency (null: the default), and when its last message arrives (links are FIFO). */
  private static final class Link {
    final Peer to;
    LatencyModel latency;
    long lastDeliveryNanos;

    Link(Peer to) {
      this.to = to;
    }
  }

  /** A message on the wire, delivered when its timer fires. */
  private record Arrival(Inbox<?> inbox, String from, CborSerializable payload) implements Runnable {
    @Override
    public void run() {
      inbox.deliver(from, payload);
    }
  }

  /**
   * @param serializePayloads send every payload through Akka serialization and deliver the copy, as a real wire would:
   *     proves each message can cross JVMs and that nodes never share a mutable object (on in tests)
   */
  public static Behavior<NetworkCommand> create(
      long seed, LatencyModel defaultLatency, SimulationLoop loop, boolean serializePayloads) {
    return create(seed, defaultLatency, loop, serializePayloads, null);
  }

  /** @param trace where every message is recorded (null: nothing is) */
  public static Behavior<NetworkCommand> create(
      long seed, LatencyModel defaultLatency, SimulationLoop loop, boolean serializePayloads, TraceLog trace) {
    return Behaviors.setup(ctx -> new SimulatedNetwork(ctx, seed, defaultLatency, loop, serializePayloads, trace));
  }

  private SimulatedNetwork(
      ActorContext<NetworkCommand> ctx,
      long seed,
      LatencyModel defaultLatency,
      SimulationLoop loop,
      boolean serializePayloads,
      TraceLog trace) {
    super(ctx);
    this.trace = trace;
    this.rng = new SplittableRandom(seed);
    this.defaultLatency = defaultLatency;
    this.loop = loop;
    this.serialization = serializePayloads ? SerializationExtension.get(ctx.getSystem().classicSystem()) : null;
    this.traffic = TrafficGauge.of(ctx.getSystem());
  }

  private CborSerializable overTheWire(CborSerializable payload) {
    if (serialization == null) return payload;
    akka.serialization.Serializer serializer = serialization.findSerializerFor(payload);
    byte[] bytes = serialization.serialize(payload).get();
    bytesSerialized += bytes.length;
    String manifest = akka.serialization.Serializers.manifestFor(serializer, payload);
    return (CborSerializable) serialization.deserialize(bytes, serializer.identifier(), manifest).get();
  }

  @Override
  public Receive<NetworkCommand> createReceive() {
    return MessageDispatch.<NetworkCommand>builder()
        .onMessage(NetworkCommand.Send.class, this::onSend)
        .onMessage(NetworkCommand.Register.class, r -> {
          peer(r.node()).inbox = r.inbox();
          return this;
        })
        .onMessage(NetworkCommand.SetDefaultLatency.class, m -> {
          defaultLatency = m.latency();
          return this;
        })
        .onMessage(NetworkCommand.SetLinkLatency.class, m -> {
          link(peer(m.from()), m.to()).latency = m.latency();
          return this;
        })
        .onMessage(NetworkCommand.SetLoss.class, m -> {
          if (!(m.probability() >= 0 && m.probability() <= 1))
            throw new IllegalArgumentException("message loss must be in [0, 1], got " + m.probability());
          loss = m.probability();
          return this;
        })
        .onMessage(NetworkCommand.Partition.class, this::onPartition)
        .onMessage(NetworkCommand.Heal.class, m -> {
          cutLinks.heal();
          return this;
        })
        .onMessage(NetworkCommand.SlowNode.class, m -> {
          peer(m.node()).slowNanos = Math.max(0, m.extraNanos());
          return this;
        })
        .onMessage(NetworkCommand.GetStats.class, m -> {
          m.replyTo().tell(new NetworkStats(sent, delivered, lost, partitioned, undeliverable, bytesSerialized));
          return this;
        })
        .build();
  }

  private Peer peer(String name) {
    Peer p = peers.get(name);
    if (p == null) peers.put(name, p = new Peer());
    return p;
  }

  private Link link(Peer from, String to) {
    Link l = from.links.get(to);
    if (l == null) from.links.put(to, l = new Link(peer(to)));
    return l;
  }

  private Behavior<NetworkCommand> onSend(NetworkCommand.Send s) {
    sent++;
    long now = loop.nowNanos();
    if (DEBUG) System.out.println("NET " + now + " " + s.from() + "->" + s.to() + " " + s.payload().getClass().getSimpleName());
    Peer from = peer(s.from());
    Link link = link(from, s.to());
    Inbox<?> inbox = link.to.inbox;
    if (inbox == null) {
      undeliverable++;
      traffic.dropped(now);
      if (trace != null) record(s, now, TraceLog.UNDELIVERABLE);
      return this;
    }
    if (cutLinks.isCut(s.from(), s.to())) {
      partitioned++;
      traffic.dropped(now);
      if (trace != null) record(s, now, TraceLog.PARTITIONED);
      return this;
    }
    // Draw loss before latency so that turning loss on does not shift the latency stream of delivered messages.
    if (loss > 0 && rng.nextDouble() < loss) {
      lost++;
      traffic.dropped(now);
      if (trace != null) record(s, now, TraceLog.LOST);
      return this;
    }
    Arrival arrival = new Arrival(inbox, s.from(), overTheWire(s.payload()));
    if (link.to == from) {
      delivered++;
      if (trace != null) record(s, now, TraceLog.DELIVERED);
      arrival.run();
      return this;
    }
    long latency = (link.latency != null ? link.latency : defaultLatency).sampleNanos(rng);
    latency += from.slowNanos + link.to.slowNanos;
    long at = Math.max(now + latency, link.lastDeliveryNanos);
    link.lastDeliveryNanos = at;
    delivered++;
    traffic.sent(now, at);
    if (trace != null) record(s, Math.max(at, now), TraceLog.DELIVERED);
    if (at <= now) arrival.run();
    else loop.runAfter(at - now, arrival);
    return this;
  }

  private void record(NetworkCommand.Send s, long arriveNanos, int outcome) {
    trace.message(loop.nowNanos(), arriveNanos, s.from(), s.to(), s.payload(), outcome);
  }

  private Behavior<NetworkCommand> onPartition(NetworkCommand.Partition p) {
    cutLinks.partition(p.side1(), p.side2(), p.oneWay());
    return this;
  }
}
