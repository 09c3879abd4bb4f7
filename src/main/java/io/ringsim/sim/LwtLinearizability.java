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

  /**
   * One operation; {@code completeMicros} is Long.MAX_VALUE when it may still take effect at any later time.
   */
  record Op(long id, Kind kind, long invokeMicros, long completeMicros, long version) {
    boolean indeterminate() {
      return completeMicros == Long.MAX_VALUE;
    }
  }

  /** {@code linearizable} null when the search gave up; {@code stuck} the operation that could not be placed. */
  record Verdict(Boolean linearizable, Op stuck, int placed) {}

  private LwtLinearizability() {}

  /** The state after {@code op} takes effect in {@code state}, or null when it cannot take effect there. */
  static Long step(long state, Op op) {
    return switch (op.kind()) {
      case INSERT_APPLIED -> state == ABSENT ? (Long) PRESENT : null;
      case INSERT_REFUSED -> state != ABSENT ? (Long) state : null;
      case INSERT_UNKNOWN -> state == ABSENT ? PRESENT : state;
      case SERIAL_READ -> {
        if (op.version() == ABSENT) yield state == ABSENT ? (Long) ABSENT : null;
        yield state == op.version() || state == PRESENT ? (Long) op.version() : null;
      }
      case WRITE -> op.version();
      case DELETE -> ABSENT;
    };
  }

  /**
   * @param initial the row's state before the first operation (ABSENT for a row the workload creates)
   * @param budget how many steps the search may take before giving up
   */
  static Verdict check(List<Op> ops, long initial, long budget) {
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
    long state = initial;
    Set<CacheKey> seen = new HashSet<>();
    Deque<long[]> stack = new ArrayDeque<>(); // {op index, state before it}
    Entry entry = head.next;
    int deepest = 0;
    Op stuck = null;
    long steps = 0;
    while (head.next != null) {
      if (++steps > budget) return new Verdict(null, null, deepest);
      if (entry != null && !entry.isReturn) {
        Op op = ops.get(entry.op);
        Long next = step(state, op);
        if (next != null) {
          BitSet after = (BitSet) placed.clone();
          after.set(entry.op);
          if (seen.add(new CacheKey(after, next))) {
            stack.push(new long[] {entry.op, state});
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
        if (stack.isEmpty()) return new Verdict(false, stuck, deepest);
        long[] top = stack.pop();
        int i = (int) top[0];
        state = top[1];
        placed.clear(i);
        relink(callOf[i], returnOf[i]);
        entry = callOf[i].next;
      }
    }
    return new Verdict(true, null, n);
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

  private record CacheKey(BitSet placed, long state) {}
}
