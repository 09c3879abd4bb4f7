package io.ringsim.ring;

import java.util.Arrays;

/**
 * The nodes whose ownership changed since {@link #start}: {@link Relief} passes one to every change it makes, so that
 * its list of the most loaded nodes is worked out again from these alone. {@link #NONE} notes nothing.
 */
class TouchLog {
  static final TouchLog NONE = new TouchLog() {
    @Override
    void note(int n) {}
  };

  private boolean[] marked = new boolean[16];
  private int[] nodes = new int[16];
  int count;

  /** Forgets what was noted; node ids are below {@code nodeCount}. */
  void start(int nodeCount) {
    for (int i = 0; i < count; i++) marked[nodes[i]] = false;
    count = 0;
    if (marked.length < nodeCount) marked = new boolean[nodeCount * 2];
  }

  void note(int n) {
    if (marked[n]) return;
    marked[n] = true;
    if (count == nodes.length) nodes = Arrays.copyOf(nodes, count * 2);
    nodes[count++] = n;
  }

  boolean isMarked(int n) {
    return marked[n];
  }

  int node(int i) {
    return nodes[i];
  }
}
