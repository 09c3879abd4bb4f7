package io.ringsim.cluster.net;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import io.ringsim.cluster.CborSerializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

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
  private final LongSupplier nowNanos;
  private final SplittableRandom rng;
  private final Map<String, ActorRef<Delivery>> inboxes = new HashMap<>();
  private final Map<String, LatencyModel> linkLatency = new HashMap<>();
  private final Map<String, Long> lastDeliveryOnLink = new HashMap<>();
  private final CutLinks cutLinks = new CutLinks();
  private final Map<String, Long> slowNodes = new HashMap<>();
  private LatencyModel defaultLatency;
  private double loss;
  private final Serialization serialization;
  private long sent, delivered, lost, partitioned, undeliverable, bytesSerialized;
  private final TrafficGauge traffic;
  /** Records every message for explanations; null when the run keeps no history. */
  private final TraceLog trace;

  /**
   * @param serializePayloads send every payload through Akka serialization and deliver the copy, as a real wire would:
   *     proves each message can cross JVMs and that nodes never share a mutable object (on in tests)
   */
  public static Behavior<NetworkCommand> create(
      long seed, LatencyModel defaultLatency, LongSupplier nowNanos, boolean serializePayloads) {
    return create(seed, defaultLatency, nowNanos, serializePayloads, null);
  }

  /** @param trace where every message is recorded (null: nothing is) */
  public static Behavior<NetworkCommand> create(
      long seed, LatencyModel defaultLatency, LongSupplier nowNanos, boolean serializePayloads, TraceLog trace) {
    return Behaviors.setup(ctx -> new SimulatedNetwork(ctx, seed, defaultLatency, nowNanos, serializePayloads, trace));
  }

  private SimulatedNetwork(
      ActorContext<NetworkCommand> ctx,
      long seed,
      LatencyModel defaultLatency,
      LongSupplier nowNanos,
      boolean serializePayloads,
      TraceLog trace) {
    super(ctx);
    this.trace = trace;
    this.rng = new SplittableRandom(seed);
    this.defaultLatency = defaultLatency;
    this.nowNanos = nowNanos;
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
    return newReceiveBuilder()
        .onMessage(NetworkCommand.Send.class, this::onSend)
        .onMessage(NetworkCommand.Register.class, r -> {
          inboxes.put(r.node(), r.inbox());
          return this;
        })
        .onMessage(NetworkCommand.SetDefaultLatency.class, m -> {
          defaultLatency = m.latency();
          return this;
        })
        .onMessage(NetworkCommand.SetLinkLatency.class, m -> {
          linkLatency.put(link(m.from(), m.to()), m.latency());
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
          if (m.extraNanos() <= 0) slowNodes.remove(m.node());
          else slowNodes.put(m.node(), m.extraNanos());
          return this;
        })
        .onMessage(NetworkCommand.GetStats.class, m -> {
          m.replyTo().tell(new NetworkStats(sent, delivered, lost, partitioned, undeliverable, bytesSerialized));
          return this;
        })
        .build();
  }

  private Behavior<NetworkCommand> onSend(NetworkCommand.Send s) {
    sent++;
    if (DEBUG) System.out.println("NET " + nowNanos.getAsLong() + " " + s.from() + "->" + s.to() + " " + s.payload().getClass().getSimpleName());
    ActorRef<Delivery> inbox = inboxes.get(s.to());
    if (inbox == null) {
      undeliverable++;
      traffic.dropped(nowNanos.getAsLong());
      if (trace != null) record(s, nowNanos.getAsLong(), TraceLog.UNDELIVERABLE);
      return this;
    }
    String link = link(s.from(), s.to());
    if (cutLinks.isCut(s.from(), s.to())) {
      partitioned++;
      traffic.dropped(nowNanos.getAsLong());
      if (trace != null) record(s, nowNanos.getAsLong(), TraceLog.PARTITIONED);
      return this;
    }
    // Draw loss before latency so that turning loss on does not shift the latency stream of delivered messages.
    if (loss > 0 && rng.nextDouble() < loss) {
      lost++;
      traffic.dropped(nowNanos.getAsLong());
      if (trace != null) record(s, nowNanos.getAsLong(), TraceLog.LOST);
      return this;
    }
    Delivery d = new Delivery(s.from(), overTheWire(s.payload()));
    if (s.from().equals(s.to())) {
      delivered++;
      if (trace != null) record(s, nowNanos.getAsLong(), TraceLog.DELIVERED);
      inbox.tell(d);
      return this;
    }
    long latency = linkLatency.getOrDefault(link, defaultLatency).sampleNanos(rng);
    latency += slowNodes.getOrDefault(s.from(), 0L) + slowNodes.getOrDefault(s.to(), 0L);
    long now = nowNanos.getAsLong();
    long at = Math.max(now + latency, lastDeliveryOnLink.getOrDefault(link, 0L));
    lastDeliveryOnLink.put(link, at);
    delivered++;
    traffic.sent(now, at);
    if (trace != null) record(s, Math.max(at, now), TraceLog.DELIVERED);
    if (at <= now) inbox.tell(d);
    else getContext().scheduleOnce(Duration.ofNanos(at - now), inbox, d);
    return this;
  }

  private void record(NetworkCommand.Send s, long arriveNanos, int outcome) {
    trace.message(nowNanos.getAsLong(), arriveNanos, s.from(), s.to(), s.payload(), outcome);
  }

  private Behavior<NetworkCommand> onPartition(NetworkCommand.Partition p) {
    cutLinks.partition(p.side1(), p.side2(), p.oneWay());
    return this;
  }

  private static String link(String from, String to) {
    return from + '\u0000' + to;
  }
}
