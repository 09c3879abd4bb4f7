package io.ringsim.cluster.time;

/**
 * Bare tasks that fall due in the order they are queued: a simulated network link's deliveries (links are FIFO, so
 * a link's next delivery is never due before its last). {@link SimulationLoop#runAfter(TaskFifo, long, Runnable)}
 * queues them here, and the loop's timer heap holds only the fifo's head, as one entry for the whole link.
 *
 * <p>Why: a few hundred deliveries are in flight at once in a busy simulation, and each one sat in the heap, so every
 * delivery paid a sift up on its way in and a sift down through all of them on its way out (the heap was 7-8% of a
 * simulated QUORUM write's simulation thread, async-profiler). With a fifo per link the heap holds one entry per
 * busy link, and taking a delivery whose link has another one waiting moves that link's entry down from the top in
 * one sift. The order is the same, event for event: each fifo is sorted by (due time, sequence) already, so the
 * earliest of their heads is the earliest of all their tasks.
 *
 * <p>Touched only by the loop's thread.
 */
public final class TaskFifo {
  private Runnable[] tasks = new Runnable[16];
  private long[] due = new long[16];
  private long[] seq = new long[16];
  private int head;
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  /** Whether a task due at {@code d} may join the tail without breaking the fifo's order. */
  boolean accepts(long d) {
    return size == 0 || due[(head + size - 1) & (tasks.length - 1)] <= d;
  }

  void add(Runnable task, long d, long s) {
    if (size == tasks.length) grow();
    int i = (head + size) & (tasks.length - 1);
    tasks[i] = task;
    due[i] = d;
    seq[i] = s;
    size++;
  }

  long headDue() {
    return due[head];
  }

  long headSeq() {
    return seq[head];
  }

  Runnable poll() {
    Runnable t = tasks[head];
    tasks[head] = null;
    head = (head + 1) & (tasks.length - 1);
    size--;
    return t;
  }

  void clear() {
    while (size > 0) poll();
  }

  private void grow() {
    int n = tasks.length * 2;
    Runnable[] t = new Runnable[n];
    long[] d = new long[n];
    long[] s = new long[n];
    for (int k = 0; k < size; k++) {
      int i = (head + k) & (tasks.length - 1);
      t[k] = tasks[i];
      d[k] = due[i];
      s[k] = seq[i];
    }
    tasks = t;
    due = d;
    seq = s;
    head = 0;
  }
}
