package io.ringsim.cluster;

import io.ringsim.cluster.net.CutLinks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Every fault in force on one simulated cluster, in one place: the cuts between nodes, message loss, slow nodes,
 * skewed clocks and crashed nodes. The simulated wire reads cuts, loss and slowness for each message it carries; each
 * node reads its own clock skew at every clock read.
 *
 * <p>A fault takes effect when its command reaches the simulation, on the loop's thread: the network actor applies
 * partitions, heals, loss and slowness as it receives them, a node its clock skew, so each lands at the same virtual
 * instant whatever thread asked for it. Only the loop's thread changes or reads the live state; other threads (the
 * driver, a live view's HTTP threads) read the {@link Snapshot} published after each change. Crashes are the
 * harness's own record (a crashed node also behaves as one: {@code CrashedNode}), kept here for every thread.
 */
public final class FaultState {
  /** One cut as applied: the two sides, and whether only messages from the first to the second are dropped. */
  public record Cut(Set<String> side1, Set<String> side2, boolean oneWay) {}

  /** A copy of the faults at one moment; maps and lists are sorted by node name, in the order applied. */
  public record Snapshot(List<Cut> cuts, Map<String, Long> slowMillis, Map<String, Long> skewMillis, double loss) {
    /** The nodes {@code node} cannot send to, or hear from, because of a cut. */
    public Set<String> cutFrom(String node) {
      Set<String> out = new TreeSet<>();
      for (Cut c : cuts) {
        if (c.side1().contains(node)) out.addAll(c.side2());
        if (c.side2().contains(node)) out.addAll(c.side1());
      }
      out.remove(node);
      return out;
    }
  }

  /** One node's faults, read on the loop's thread by the wire (each message) and the node (each clock read). */
  public static final class NodeFaults {
    private long slowNanos;
    private long skewMicros;

    /** Extra latency of every message the node sends or receives. */
    public long slowNanos() {
      return slowNanos;
    }

    /** How far the node's clock runs ahead of virtual time (negative: behind). */
    public long skewMicros() {
      return skewMicros;
    }
  }

  private final List<Cut> cuts = new ArrayList<>();
  private final CutLinks cutLinks = new CutLinks();
  private final Map<String, NodeFaults> nodes = new HashMap<>();
  private double loss;
  private final Set<String> crashed = new ConcurrentSkipListSet<>();
  private volatile Snapshot published = new Snapshot(List.of(), Map.of(), Map.of(), 0);

  // ---------------------------------------------------------------- the loop's thread: read per message, per clock

  /** The faults of {@code node} (none yet: a record of its own, which later faults change). */
  public NodeFaults node(String node) {
    NodeFaults f = nodes.get(node);
    if (f == null) nodes.put(node, f = new NodeFaults());
    return f;
  }

  public boolean isCut(String from, String to) {
    return cutLinks.isCut(from, to);
  }

  /** The probability that a message is lost. */
  public double loss() {
    return loss;
  }

  // ---------------------------------------------------------------- the loop's thread: as each command arrives

  /** Cuts the links from {@code side1} to {@code side2}, and back unless {@code oneWay}; cuts add up until healed. */
  public void partition(Set<String> side1, Set<String> side2, boolean oneWay) {
    cutLinks.partition(side1, side2, oneWay);
    cuts.add(new Cut(Collections.unmodifiableSet(new TreeSet<>(side1)),
        Collections.unmodifiableSet(new TreeSet<>(side2)), oneWay));
    publish();
  }

  public void heal() {
    cutLinks.heal();
    cuts.clear();
    publish();
  }

  public void setLoss(double probability) {
    if (!(probability >= 0 && probability <= 1))
      throw new IllegalArgumentException("message loss must be in [0, 1], got " + probability);
    loss = probability;
    publish();
  }

  /** Slows every message {@code node} sends or receives by {@code extraNanos} (0: no longer slow). */
  public void slow(String node, long extraNanos) {
    node(node).slowNanos = Math.max(0, extraNanos);
    publish();
  }

  /** Skews {@code node}'s clock by {@code micros} (0: back to virtual time). */
  public void skew(String node, long micros) {
    node(node).skewMicros = micros;
    publish();
  }

  private void publish() {
    Map<String, Long> slow = new TreeMap<>();
    Map<String, Long> skew = new TreeMap<>();
    nodes.forEach((n, f) -> {
      if (f.slowNanos != 0) slow.put(n, f.slowNanos / 1_000_000);
      if (f.skewMicros != 0) skew.put(n, f.skewMicros / 1000);
    });
    published = new Snapshot(List.copyOf(cuts), Collections.unmodifiableMap(slow), Collections.unmodifiableMap(skew),
        loss);
  }

  // ---------------------------------------------------------------- any thread

  /** The faults in force as the last change left them. */
  public Snapshot snapshot() {
    return published;
  }

  public boolean isCrashed(String node) {
    return crashed.contains(node);
  }

  /** The harness crashed {@code node} ({@code down}) or restarted it. */
  void crashed(String node, boolean down) {
    if (down) crashed.add(node);
    else crashed.remove(node);
  }

  /** The crashed nodes now (a copy), sorted by name. */
  Set<String> crashedNodes() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(crashed));
  }
}
