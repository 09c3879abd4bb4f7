package io.ringsim.cluster.node;

/**
 * One node as a server with a queue, in virtual time: requests are served one at a time in the order they arrive,
 * each for its {@link ServiceCosts service time}, so one that arrives while the node is busy waits. The commit log's
 * disk is a second server: in batch mode a write's acknowledgement waits for the first sync that starts after its
 * append, and a sync covers every write appended before it starts (group commit), as Cassandra's commit log thread
 * syncs back to back while writes wait.
 */
final class ServiceQueue {
  /** When the node finishes the work it has been given (virtual nanoseconds). */
  private long busyUntil;
  private long syncStart = -1;
  private long syncEnd = -1;

  /** Serves work of {@code service} ns arriving at {@code now}: when it is done. */
  long serve(long now, long service) {
    long start = Math.max(now, busyUntil);
    busyUntil = start + service;
    return busyUntil;
  }

  /** A write appended to the commit log at {@code appended}: when a sync of {@code sync} ns has made it durable. */
  long synced(long appended, long sync) {
    if (sync == 0) return appended;
    if (appended <= syncStart) return syncEnd; // a sync that has not started yet takes it along
    syncStart = appended < syncEnd ? syncEnd : appended;
    syncEnd = syncStart + sync;
    return syncEnd;
  }

  /** A crash loses the work in hand. */
  void clear() {
    busyUntil = 0;
    syncStart = -1;
    syncEnd = -1;
  }
}
