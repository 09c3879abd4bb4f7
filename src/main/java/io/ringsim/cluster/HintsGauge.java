package io.ringsim.cluster;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.Extension;
import akka.actor.typed.ExtensionId;
import io.ringsim.cluster.net.TrafficGauge;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hints pending for each node, summed over every coordinator holding some, as they stood at the end of each second of
 * virtual time: for report.html's time slider. One per actor system; the nodes' hint stores
 * ({@link io.ringsim.cluster.node.HintStore}) report each change on the simulation's thread. Only counters: it never changes what the nodes do.
 */
public final class HintsGauge implements Extension {
  private static final long SECOND = 1_000_000_000L;

  public static final ExtensionId<HintsGauge> ID = new ExtensionId<>() {
    @Override
    public HintsGauge createExtension(ActorSystem<?> system) {
      return new HintsGauge();
    }
  };

  public static HintsGauge of(ActorSystem<?> system) {
    return system.registerExtension(ID);
  }

  /** Per target: the pending count now, and its value at the end of each second up to the last change. */
  private final Map<String, Integer> now = new TreeMap<>();
  private final Map<String, List<Integer>> bySecond = new TreeMap<>();

  /** {@code delta} hints more (or fewer) are pending for {@code target} at {@code atNanos}. */
  public synchronized void change(String target, int delta, long atNanos) {
    // As TrafficGauge: real-time mode's clock (nanoseconds since 1970) is not a simulated second to keep.
    if (atNanos / SECOND >= TrafficGauge.MAX_SECONDS) return;
    int s = (int) Math.max(0, atNanos / SECOND);
    int before = now.getOrDefault(target, 0);
    int after = Math.max(0, before + delta);
    now.put(target, after);
    List<Integer> l = bySecond.computeIfAbsent(target, k -> new ArrayList<>());
    while (l.size() <= s) l.add(before); // seconds without a change keep the value they started with
    l.set(s, after);
  }

  /** Per node that ever had hints pending: the count at the end of each of the first {@code seconds} seconds. */
  public synchronized Map<String, List<Integer>> perSecond(int seconds) {
    Map<String, List<Integer>> out = new TreeMap<>();
    bySecond.forEach((target, l) -> {
      List<Integer> v = new ArrayList<>(seconds);
      for (int i = 0; i < seconds; i++) v.add(i < l.size() ? l.get(i) : now.getOrDefault(target, 0));
      out.put(target, v);
    });
    return out;
  }
}
