package io.ringsim.cluster.net;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.Extension;
import akka.actor.typed.ExtensionId;
import java.util.Arrays;

/**
 * What the simulated network carried in each second of virtual time, for report.html's time slider: messages
 * accepted, messages dropped, and the time messages spent on the wire (in flight), summed per second. One per actor
 * system; {@link SimulatedNetwork} feeds it on the simulation's thread, and it is read once the simulation stands still.
 * Only counters: it never changes what the network does.
 */
public final class TrafficGauge implements Extension {
  private static final long SECOND = 1_000_000_000L;

  /**
   * Seconds past this are not counted: simulations end within a day or two of virtual time, while real-time mode's
   * clock counts nanoseconds since 1970, whose "second" would ask for arrays of 1.8 billion slots.
   */
  public static final int MAX_SECONDS = 2 * 86_400;

  public static final ExtensionId<TrafficGauge> ID = new ExtensionId<>() {
    @Override
    public TrafficGauge createExtension(ActorSystem<?> system) {
      return new TrafficGauge();
    }
  };

  public static TrafficGauge of(ActorSystem<?> system) {
    return system.registerExtension(ID);
  }

  private long[] sent = new long[64];
  private long[] dropped = new long[64];
  private long[] inFlightNanos = new long[64];
  private int seconds;
  /** The second the last message was sent in, and where it starts: most messages are sent and arrive within it. */
  private int lastSecond;
  private long lastSecondStart = -2 * SECOND;

  /**
   * A message sent at {@code sentNanos} that arrives at {@code arrivesNanos}. Not synchronized: only the simulation's
   * thread counts (the wire checks it is on it), and the counts are read once the loop stands still, after its
   * monitor has passed from the loop's thread to the reader's. A lock here was two atomic operations per message.
   */
  void sent(long sentNanos, long arrivesNanos) {
    if (sentNanos >= lastSecondStart && arrivesNanos < lastSecondStart + SECOND) {
      sent[lastSecond]++;
      inFlightNanos[lastSecond] += arrivesNanos - sentNanos;
      return;
    }
    if (arrivesNanos / SECOND >= MAX_SECONDS) return;
    int s = second(sentNanos);
    lastSecond = s;
    lastSecondStart = s * SECOND;
    sent[s]++;
    // spread its time on the wire over the seconds it spans (usually one, at most two)
    long from = sentNanos;
    while (from < arrivesNanos) {
      int i = second(from);
      long end = Math.min(arrivesNanos, (i + 1L) * SECOND);
      inFlightNanos[i] += end - from;
      from = end;
    }
  }

  /** Not synchronized, as {@link #sent}. */
  void dropped(long atNanos) {
    if (atNanos / SECOND >= MAX_SECONDS) return;
    int s = second(atNanos); // first: it may grow the arrays
    dropped[s]++;
  }

  private int second(long nanos) {
    int s = (int) Math.min(Integer.MAX_VALUE - 1, Math.max(0, nanos / SECOND));
    if (s >= sent.length) {
      int n = Math.max(s + 1, sent.length * 2);
      sent = Arrays.copyOf(sent, n);
      dropped = Arrays.copyOf(dropped, n);
      inFlightNanos = Arrays.copyOf(inFlightNanos, n);
    }
    seconds = Math.max(seconds, s + 1);
    return s;
  }

  /** Messages sent in each second so far. */
  public synchronized long[] sentPerSecond() {
    return Arrays.copyOf(sent, seconds);
  }

  /** Messages dropped (partition, loss, no receiver) in each second so far. */
  public synchronized long[] droppedPerSecond() {
    return Arrays.copyOf(dropped, seconds);
  }

  /** The mean number of messages in flight in each second so far. */
  public synchronized double[] inFlightPerSecond() {
    double[] out = new double[seconds];
    for (int i = 0; i < seconds; i++) out[i] = inFlightNanos[i] / (double) SECOND;
    return out;
  }
}
