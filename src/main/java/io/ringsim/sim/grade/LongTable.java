package io.ringsim.sim.grade;

/**
 * An open-addressing map from a long to a slot of parallel arrays, for counting millions of partitions and rows in
 * a few bytes each (boxed maps would take ten times the heap).
 */
final class LongTable {
  private long[] keys;
  private boolean[] used;
  private int size;
  private int mask;
  /** Called with (oldSlot, newSlot) while the table grows, for the owner to move its parallel arrays. */
  private final Resize resize;

  interface Resize {
    void grow(int newCapacity, int[] moves);
  }

  LongTable(int capacity, Resize resize) {
    int c = Integer.highestOneBit(Math.max(16, capacity) * 2 - 1);
    keys = new long[c];
    used = new boolean[c];
    mask = c - 1;
    this.resize = resize;
  }

  int size() {
    return size;
  }

  int capacity() {
    return keys.length;
  }

  boolean used(int slot) {
    return used[slot];
  }

  long key(int slot) {
    return keys[slot];
  }

  /** The slot of {@code key}, or -(slot + 1) of the free slot it now takes. */
  int slotOf(long key) {
    if (size * 2 >= keys.length) grow();
    int i = (int) (spread(key) & mask);
    while (used[i]) {
      if (keys[i] == key) return i;
      i = (i + 1) & mask;
    }
    used[i] = true;
    keys[i] = key;
    size++;
    return -(i + 1);
  }

  private void grow() {
    long[] oldKeys = keys;
    boolean[] oldUsed = used;
    int c = oldKeys.length * 2;
    keys = new long[c];
    used = new boolean[c];
    mask = c - 1;
    int[] moves = new int[oldKeys.length];
    for (int o = 0; o < oldKeys.length; o++) {
      moves[o] = -1;
      if (!oldUsed[o]) continue;
      int i = (int) (spread(oldKeys[o]) & mask);
      while (used[i]) i = (i + 1) & mask;
      used[i] = true;
      keys[i] = oldKeys[o];
      moves[o] = i;
    }
    resize.grow(c, moves);
  }

  private static long spread(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    return k;
  }
}
