package io.ringsim.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A coordinator's hints: writes it could not deliver to a replica, kept to replay when the replica is back (hinted
 * handoff). As in Cassandra, a node that has been down longer than max_hint_window (3 h by default) gets no new hints:
 * past that, only repair can bring it up to date. Hints for one target replay in the order they were written.
 *
 * @param <M> the mutation type carried by a hint
 */
public final class HintStore<M> {
  /** One stored hint: the mutation and when (virtual nanos) it was stored. */
  public record Hint<M>(String target, M mutation, long createdNanos) {}

  private final long maxHintWindowNanos;
  private final Map<String, ArrayDeque<Hint<M>>> byTarget = new TreeMap<>();
  private long stored;
  private long refused;
  private long delivered;

  public HintStore(long maxHintWindowNanos) {
    this.maxHintWindowNanos = maxHintWindowNanos;
  }

  /** Cassandra's default window: 3 hours. */
  public static <M> HintStore<M> withDefaultWindow() {
    return new HintStore<>(3L * 3600 * 1_000_000_000L);
  }

  /**
   * Stores a hint for {@code target} unless it has been down longer than the hint window.
   *
   * @param downSinceNanos when this coordinator started seeing the target down; a time in the future or equal to
   *     now for a replica that merely timed out
   * @return whether the hint was stored
   */
  public boolean store(String target, M mutation, long nowNanos, long downSinceNanos) {
    if (nowNanos - downSinceNanos > maxHintWindowNanos) {
      refused++;
      return false;
    }
    byTarget.computeIfAbsent(target, t -> new ArrayDeque<>()).addLast(new Hint<>(target, mutation, nowNanos));
    stored++;
    return true;
  }

  /** Takes every hint for {@code target} (oldest first) to replay; they are gone from the store. */
  public List<Hint<M>> drain(String target) {
    ArrayDeque<Hint<M>> q = byTarget.remove(target);
    if (q == null) return List.of();
    delivered += q.size();
    return new ArrayList<>(q);
  }

  /** Puts back hints whose replay failed, ahead of any newer ones. */
  public void requeue(List<Hint<M>> hints) {
    if (hints.isEmpty()) return;
    ArrayDeque<Hint<M>> q = byTarget.computeIfAbsent(hints.get(0).target(), t -> new ArrayDeque<>());
    for (int i = hints.size() - 1; i >= 0; i--) q.addFirst(hints.get(i));
    delivered -= hints.size();
  }

  /** Hints waiting, per target. */
  public Map<String, Integer> pending() {
    Map<String, Integer> m = new TreeMap<>();
    byTarget.forEach((t, q) -> m.put(t, q.size()));
    return m;
  }

  public long stored() {
    return stored;
  }

  public long refusedPastWindow() {
    return refused;
  }

  public long handedOff() {
    return delivered;
  }
}
