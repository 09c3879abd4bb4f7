package io.ringsim.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The network and clock faults in force on a simulated cluster (partitions, slow nodes, clock skew, message loss), as
 * the driver applied them: what a live view shows next to each node. Written by the thread that applies faults, read
 * by any other (every method is synchronized and answers with copies); crashes are {@link SimCluster#isCrashed}.
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

  private final List<Cut> cuts = new ArrayList<>();
  private final Map<String, Long> slowMillis = new TreeMap<>();
  private final Map<String, Long> skewMillis = new TreeMap<>();
  private double loss;

  synchronized void partition(Set<String> side1, Set<String> side2, boolean oneWay) {
    cuts.add(new Cut(Collections.unmodifiableSet(new TreeSet<>(side1)), Collections.unmodifiableSet(new TreeSet<>(side2)),
        oneWay));
  }

  synchronized void heal() {
    cuts.clear();
  }

  synchronized void slow(String node, long millis) {
    if (millis == 0) slowMillis.remove(node);
    else slowMillis.put(node, millis);
  }

  synchronized void skew(String node, long millis) {
    if (millis == 0) skewMillis.remove(node);
    else skewMillis.put(node, millis);
  }

  synchronized void loss(double p) {
    loss = p;
  }

  public synchronized Snapshot snapshot() {
    return new Snapshot(List.copyOf(cuts), Collections.unmodifiableMap(new TreeMap<>(slowMillis)),
        Collections.unmodifiableMap(new TreeMap<>(skewMillis)), loss);
  }
}
