package io.ringsim.cluster.node;

import java.util.Arrays;

/**
 * A node's requests in flight by id: an open-addressing table of primitive ids beside their requests (linear
 * probing, deletion by backward shift). Every reply a coordinator receives looks its request up here; in a
 * {@code HashMap<Long, ...>} that lookup reached a table slot, a node and a boxed key before the request, each a cold
 * read on a simulation thread that runs six nodes' work in turn (about 5% of a simulated QUORUM write).
 */
final class PendingRequests {
  private static final long FREE = 0; // request ids start at 1
  private long[] ids = new long[64];
  private PendingRequest[] requests = new PendingRequest[64];
  private int size;

  PendingRequest get(long id) {
    int mask = ids.length - 1;
    for (int i = slot(id, mask); ; i = (i + 1) & mask) {
      long k = ids[i];
      if (k == id) return requests[i];
      if (k == FREE) return null;
    }
  }

  boolean contains(long id) {
    return get(id) != null;
  }

  void put(long id, PendingRequest p) {
    if (id == FREE) throw new IllegalArgumentException("request id 0");
    if (2 * (size + 1) > ids.length) grow();
    int mask = ids.length - 1;
    int i = slot(id, mask);
    while (ids[i] != FREE && ids[i] != id) i = (i + 1) & mask;
    if (ids[i] == FREE) size++;
    ids[i] = id;
    requests[i] = p;
  }

  void remove(long id) {
    int mask = ids.length - 1;
    int i = slot(id, mask);
    while (ids[i] != id) {
      if (ids[i] == FREE) return;
      i = (i + 1) & mask;
    }
    // Backward shift: move later entries of the probe run into the hole, so lookups never need tombstones.
    int hole = i;
    for (int j = (hole + 1) & mask; ids[j] != FREE; j = (j + 1) & mask) {
      int home = slot(ids[j], mask);
      boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        ids[hole] = ids[j];
        requests[hole] = requests[j];
        hole = j;
      }
    }
    ids[hole] = FREE;
    requests[hole] = null;
    size--;
  }

  int size() {
    return size;
  }

  /** The ids held, ascending. */
  long[] ids() {
    long[] out = new long[size];
    int n = 0;
    for (long id : ids) if (id != FREE) out[n++] = id;
    Arrays.sort(out);
    return out;
  }

  void clear() {
    Arrays.fill(ids, FREE);
    Arrays.fill(requests, null);
    size = 0;
  }

  private static int slot(long id, int mask) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private void grow() {
    long[] oldIds = ids;
    PendingRequest[] oldRequests = requests;
    ids = new long[oldIds.length * 2];
    requests = new PendingRequest[oldIds.length * 2];
    size = 0;
    for (int i = 0; i < oldIds.length; i++) if (oldIds[i] != FREE) put(oldIds[i], oldRequests[i]);
  }
}
