package io.ringsim.cluster.time;

/**
 * The timers of one fixed delay, in the order they were scheduled (which is their firing order: virtual time never
 * goes back), as a ring with each timer's due time, sequence and cancellation beside it.
 *
 * <p>Why the copies: almost every timer here is a request timeout cancelled long before it comes up, and by then its
 * object is cold. Dropping it from the head reads only these arrays; a {@code Deque<VirtualTimer>} read every
 * dropped timer's object to ask whether it was cancelled, a cache miss per request (about 2% of a simulated read).
 */
final class TimerLane {
  final long delayNanos;
  private VirtualTimer[] timers = new VirtualTimer[64];
  private long[] due = new long[64];
  private long[] seq = new long[64];
  private boolean[] cancelled = new boolean[64];
  private int head;
  private int size;
  /** The position (counted from the lane's first timer ever) of the timer at {@link #head}. */
  private long firstPos;

  TimerLane(long delayNanos) {
    this.delayNanos = delayNanos;
  }

  void add(VirtualTimer t) {
    if (size == timers.length) grow();
    int i = (head + size) & (timers.length - 1);
    timers[i] = t;
    due[i] = t.dueNanos;
    seq[i] = t.seq();
    cancelled[i] = false;
    t.lane = this;
    t.lanePos = firstPos + size;
    size++;
  }

  /**
   * Marks {@code t}, one of this lane's timers, cancelled; it is dropped when it reaches the head, and so are the
   * cancelled ones at the head now (requests end roughly in the order they began, so the lane stays short even while
   * the queue does not look at it: see {@code TimerQueue.laneBound}).
   */
  void cancel(VirtualTimer t) {
    long offset = t.lanePos - firstPos;
    if (offset >= 0 && offset < size) cancelled[(int) ((head + offset) & (timers.length - 1))] = true;
    hasLiveHead();
  }

  /** Drops the cancelled timers at the head; true when a live one is left there. */
  boolean hasLiveHead() {
    while (size > 0 && cancelled[head]) pollHead();
    return size > 0;
  }

  /** The head's due time and sequence (call {@link #hasLiveHead} first). */
  long headDue() {
    return due[head];
  }

  long headSeq() {
    return seq[head];
  }

  VirtualTimer head() {
    return size == 0 ? null : timers[head];
  }

  VirtualTimer pollHead() {
    VirtualTimer t = timers[head];
    timers[head] = null;
    head = (head + 1) & (timers.length - 1);
    size--;
    firstPos++;
    return t;
  }

  private void grow() {
    int n = timers.length * 2;
    VirtualTimer[] t = new VirtualTimer[n];
    long[] d = new long[n];
    long[] s = new long[n];
    boolean[] c = new boolean[n];
    for (int k = 0; k < size; k++) {
      int i = (head + k) & (timers.length - 1);
      t[k] = timers[i];
      d[k] = due[i];
      s[k] = seq[i];
      c[k] = cancelled[i];
    }
    timers = t;
    due = d;
    seq = s;
    cancelled = c;
    head = 0;
  }
}
