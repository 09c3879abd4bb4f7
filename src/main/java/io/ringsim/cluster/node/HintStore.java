package io.ringsim.cluster.node;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A coordinator's hints: writes it could not deliver to a replica, kept to replay when the replica is back (hinted
 * handoff). As in Cassandra, a node that has been down longer than max_hint_window (3 h by default) gets no new hints:
 * past that, only repair can bring it up to date. Hints for one target replay in the order they were written.
 *
 * <p>A hint also expires: Cassandra gives it a time to live of the smallest gc_grace_seconds of the tables in its
 * mutation and never delivers an expired one. Past gc_grace the other replicas may already have purged the
 * tombstones a late delete would need to win, so replaying it could not be trusted anyway; a replica down that long
 * must be repaired before it serves reads, or the rows deleted meanwhile come back (zombies).
 *
 * @param <M> the mutation type carried by a hint
 */
public final class HintStore<M> {
  /**
   * One stored hint: the mutation, when (virtual nanos) it was stored, and when it expires (its creation plus the
   * smallest gc_grace_seconds of the mutation's tables).
   */
  public record Hint<M>(String target, M mutation, long createdNanos, long expiresNanos) {
    public boolean isLive(long nowNanos) {
      return nowNanos < expiresNanos;
    }
  }

  private final long maxHintWindowNanos;
  private final Map<String, ArrayDeque<Hint<M>>> byTarget = new TreeMap<>();
  /** Hints handed to a replay and not acknowledged yet: still pending, as Cassandra keeps a hint until its ack. */
  private final Map<String, Integer> inFlight = new TreeMap<>();
  private long stored;
  private long refused;
  private long delivered;
  private long expired;
  private PendingListener listener = (target, delta) -> {};

  /** Told of every change in the hints pending for a target (for the report's per-second gauge). */
  public interface PendingListener {
    void changed(String target, int delta);
  }

  public void observe(PendingListener l) {
    listener = l;
  }

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
   * @param ttlSeconds the hint's time to live: the smallest gc_grace_seconds of the mutation's tables
   * @return whether the hint was stored
   */
  public boolean store(String target, M mutation, long nowNanos, long downSinceNanos, int ttlSeconds) {
    if (nowNanos - downSinceNanos > maxHintWindowNanos) {
      refused++;
      return false;
    }
    long expires = nowNanos + ttlSeconds * 1_000_000_000L;
    byTarget.computeIfAbsent(target, t -> new ArrayDeque<>()).addLast(new Hint<>(target, mutation, nowNanos, expires));
    stored++;
    listener.changed(target, 1);
    return true;
  }

  /**
   * Takes every hint for {@code target} (oldest first) to replay. They stay pending until {@link #replayed} or
   * {@link #requeue} says what became of them. Hints that have expired by {@code nowNanos} are dropped, not
   * returned, as Cassandra drops them instead of applying them.
   */
  public List<Hint<M>> drain(String target, long nowNanos) {
    return drain(target, nowNanos, h -> { });
  }

  /** Like {@link #drain(String, long)}, telling {@code onExpired} of each hint dropped for its age. */
  public List<Hint<M>> drain(String target, long nowNanos, java.util.function.Consumer<Hint<M>> onExpired) {
    ArrayDeque<Hint<M>> q = byTarget.remove(target);
    if (q == null) return List.of();
    int dropped = 0;
    for (Iterator<Hint<M>> it = q.iterator(); it.hasNext(); ) {
      Hint<M> h = it.next();
      if (!h.isLive(nowNanos)) {
        it.remove();
        expired++;
        dropped++;
        onExpired.accept(h);
      }
    }
    if (dropped > 0) listener.changed(target, -dropped);
    if (!q.isEmpty()) inFlight.merge(target, q.size(), Integer::sum);
    delivered += q.size();
    return new ArrayList<>(q);
  }

  /** One drained hint for {@code target} was acknowledged: it is gone. */
  public void replayed(String target) {
    inFlight.computeIfPresent(target, (t, n) -> n > 1 ? n - 1 : null);
    listener.changed(target, -1);
  }

  /** Puts back drained hints whose replay failed (timed out, or the replaying node crashed), ahead of newer ones. */
  public void requeue(List<Hint<M>> hints) {
    if (hints.isEmpty()) return;
    String target = hints.get(0).target();
    ArrayDeque<Hint<M>> q = byTarget.computeIfAbsent(target, t -> new ArrayDeque<>());
    for (int i = hints.size() - 1; i >= 0; i--) q.addFirst(hints.get(i));
    delivered -= hints.size();
    int n = hints.size();
    inFlight.computeIfPresent(target, (t, m) -> m > n ? m - n : null);
  }

  /** Hints pending, per target: those waiting and those being replayed, not yet acknowledged. */
  public Map<String, Integer> pending() {
    Map<String, Integer> m = new TreeMap<>(inFlight);
    byTarget.forEach((t, q) -> m.merge(t, q.size(), Integer::sum));
    return m;
  }

  /** Targets with hints waiting to be replayed (not those only in flight). */
  public java.util.Set<String> waitingTargets() {
    return java.util.Collections.unmodifiableSet(byTarget.keySet());
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

  /** Hints dropped unreplayed because they outlived their time to live (gc_grace_seconds). */
  public long expired() {
    return expired;
  }
}
