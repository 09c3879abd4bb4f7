package io.ringsim.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether the operations on one row are linearizable, as Paxos promises for lightweight transactions: is there one
 * order of them, each taking effect at an instant between its invocation and its completion, in which every answer is
 * what a single copy of the row would have given? The row is a register that is absent or holds a version.
 *
 * <p>The search is Wing and Gong's, with Lowe's cache of (operations placed, state) as Jepsen's Knossos and Porcupine
 * use it. An operation that timed out or failed ambiguously may have taken effect at any instant after it was invoked,
 * or never; an operation refused as Unavailable never ran and is left out by the caller. Reads other than SERIAL ones
 * promise no linearizability and are left out too.
 *
 * <p>A write with a TTL makes the row expire, as Cassandra expires a cell: at the whole second its coordinator's now
 * plus the TTL, and an operation sees the row live only while its own coordinator's now is before that second. So
 * the state is the version with the second it expires at, and each operation judges liveness at its own now.
 */
final class LwtLinearizability {
  static final long ABSENT = -1;
  /** Present, written by an operation whose write timestamp the client never learnt (an applied IF NOT EXISTS). */
  static final long PRESENT = -2;

  enum Kind {
    /** INSERT ... IF NOT EXISTS that answered [applied] = true. */
    INSERT_APPLIED,
    /** INSERT ... IF NOT EXISTS that answered [applied] = false: the row existed. */
    INSERT_REFUSED,
    /** INSERT ... IF NOT EXISTS whose outcome is unknown (timeout). */
    INSERT_UNKNOWN,
    /** A read at SERIAL: saw {@code version}, or ABSENT. */
    SERIAL_READ,
    /** A plain write (upsert) of {@code version}. */
    WRITE,
    DELETE
  }

  /** Expires at no second: a write without a TTL. */
  static final long NEVER = Long.MAX_VALUE;

  /**
   * One operation; {@code completeMicros} is Long.MAX_VALUE when it may still take effect at any later time.
   * {@code nowSec} is its coordinator's now (seconds), {@code ttl} its TTL in seconds (0: none); without a TTL
   * anywhere in the history the now is never read.
   */
  record Op(long id, Kind kind, long invokeMicros, long completeMicros, long version, long nowSec, int ttl)
      implements Timed {
    Op(long id, Kind kind, long invokeMicros, long completeMicros, long version) {
      this(id, kind, invokeMicros, completeMicros, version, 0, 0);
    }

    /** The second a row this operation writes expires at. */
    long expires() {
      return ttl > 0 ? nowSec + ttl : NEVER;
    }
  }

  /** The row: absent, or holding {@code version} until second {@code expires} (NEVER without a TTL). */
  record State(long version, long expires) {
    static final State ABSENT_ROW = new State(ABSENT, NEVER);

    boolean liveAt(long nowSec) {
      return version != ABSENT && nowSec < expires;
    }
  }

  /** {@code linearizable} null when the search gave up; {@code stuck} the operation that could not be placed. */
  record Verdict(Boolean linearizable, Op stuck, int placed) {}

  /**
   * An operation the search places: when it was invoked and when it completed (Long.MAX_VALUE: it may take effect at
   * any later time, or never).
   */
  interface Timed {
    long id();

    long invokeMicros();

    long completeMicros();

    default boolean indeterminate() {
      return completeMicros() == Long.MAX_VALUE;
    }
  }

  /** The search's answer for any model: {@code linearizable} null when it gave up. */
  record Result<O>(Boolean linearizable, O stuck, int placed) {}

  private LwtLinearizability() {}

  /** The state after {@code op} takes effect in {@code state}, or null when it cannot take effect there. */
  static State step(State state, Op op) {
    boolean live = state.liveAt(op.nowSec());
    return switch (op.kind()) {
      case INSERT_APPLIED -> live ? null : new State(PRESENT, op.expires());
      case INSERT_REFUSED -> live ? state : null;
      case INSERT_UNKNOWN -> live ? state : new State(PRESENT, op.expires());
      case SERIAL_READ -> {
        if (op.version() == ABSENT) yield live ? null : state;
        yield live && (state.version() == op.version() || state.version() == PRESENT)
            ? new State(op.version(), state.expires()) : null;
      }
      case WRITE -> new State(op.version(), op.expires());
      case DELETE -> State.ABSENT_ROW;
    };
  }

  /**
   * @param initial the row's state before the first operation (ABSENT for a row the workload creates)
   * @param budget how many steps the search may take before giving up
   */
  static Verdict check(List<Op> ops, State initial, long budget) {
    Result<Op> r = search(ops, initial, LwtLinearizability::step, budget);
    return new Verdict(r.linearizable(), r.stuck(), r.placed());
  }

  /**
   * The search over any model of the row: {@code step} gives the state after an operation takes effect in a state,
   * or null when it cannot take effect there (states must have value equality: they key the cache).
   */
  static <O extends Timed, S> Result<O> search(List<O> ops, S initial,
      java.util.function.BiFunction<S, O, S> step, long budget) {
    int n = ops.size();
    // Events in time order; at equal times calls come first, since only a completion strictly before an invocation
    // orders two operations.
    List<long[]> events = new ArrayList<>(2 * n); // {time, 0 call / 1 return, op index}
    for (int i = 0; i < n; i++) {
      events.add(new long[] {ops.get(i).invokeMicros(), 0, i});
      if (!ops.get(i).indeterminate()) events.add(new long[] {ops.get(i).completeMicros(), 1, i});
    }
    events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1])
        .thenComparingLong(e -> e[2]));
    Entry head = new Entry(-1, false);
    Entry tail = head;
    Entry[] callOf = new Entry[n];
    Entry[] returnOf = new Entry[n];
    for (long[] e : events) {
      Entry x = new Entry((int) e[2], e[1] == 1);
      if (x.isReturn) returnOf[x.op] = x;
      else callOf[x.op] = x;
      tail.next = x;
      x.prev = tail;
      tail = x;
    }

    BitSet placed = new BitSet(n);
    S state = initial;
    Set<CacheKey<S>> seen = new HashSet<>();
    Deque<Placement<S>> stack = new ArrayDeque<>();
    Entry entry = head.next;
    int deepest = 0;
    O stuck = null;
    long steps = 0;
    while (head.next != null) {
      if (++steps > budget) return new Result<>(null, null, deepest);
      if (entry != null && !entry.isReturn) {
        O op = ops.get(entry.op);
        S next = step.apply(state, op);
        if (next != null) {
          BitSet after = (BitSet) placed.clone();
          after.set(entry.op);
          if (seen.add(new CacheKey<>(after, next))) {
            stack.push(new Placement<>(entry.op, state));
            state = next;
            placed = after;
            unlink(entry, returnOf[entry.op]);
            if (placed.cardinality() > deepest) deepest = placed.cardinality();
            entry = head.next;
            continue;
          }
        }
        entry = entry.next;
      } else {
        // An operation completed before any order could place it (or only indeterminate calls were left and none
        // fits): undo the last placement and try the next one.
        if (entry != null && (stuck == null || placed.cardinality() >= deepest)) stuck = ops.get(entry.op);
        if (stack.isEmpty()) return new Result<>(false, stuck, deepest);
        Placement<S> top = stack.pop();
        int i = top.op();
        state = top.before();
        placed.clear(i);
        relink(callOf[i], returnOf[i]);
        entry = callOf[i].next;
      }
    }
    return new Result<>(true, null, n);
  }

  private static void unlink(Entry call, Entry ret) {
    call.prev.next = call.next;
    if (call.next != null) call.next.prev = call.prev;
    if (ret != null) {
      ret.prev.next = ret.next;
      if (ret.next != null) ret.next.prev = ret.prev;
    }
  }

  private static void relink(Entry call, Entry ret) {
    if (ret != null) {
      ret.prev.next = ret;
      if (ret.next != null) ret.next.prev = ret;
    }
    call.prev.next = call;
    if (call.next != null) call.next.prev = call;
  }

  private static final class Entry {
    final int op;
    final boolean isReturn;
    Entry prev, next;

    Entry(int op, boolean isReturn) {
      this.op = op;
      this.isReturn = isReturn;
    }
  }

  private record CacheKey<S>(BitSet placed, S state) {}

  /** An operation placed, and the state before it (to undo the placement). */
  private record Placement<S>(int op, S before) {}
}
