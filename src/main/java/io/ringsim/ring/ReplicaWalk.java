package io.ringsim.ring;

import java.util.Arrays;

/**
 * One replica walk of the balanced allocator, with Cassandra's rules (SimpleStrategy, or one DC of
 * NetworkTopologyStrategy with Cassandra 4's rack rule), over a {@link GroupOwnership}, optionally with a
 * node inserted at a given step (what the ring would be with one more token).
 */
final class ReplicaWalk {
  int[] out = new int[8];
  int found;
  /** Ring positions consumed (the inserted node not counted). */
  int steps;
  private boolean[] rackUsed = new boolean[8];
  private int want;
  private int repeatsLeft;

  /**
   * Walks from range index {@code start}; when {@code insertAfter} >= 1, node x is met after that many ring positions
   * (i.e. just before position start + insertAfter).
   */
  void run(GroupOwnership gr, int start, int insertAfter, int x) {
    begin(gr);
    steps = 0;
    int m = gr.m;
    for (int s = 0; s < m && found < want; s++) {
      if (insertAfter >= 1 && s == insertAfter) {
        offer(gr, x);
        if (found >= want) break;
      }
      int i = start + s;
      offer(gr, gr.owner[i >= m ? i - m : i]);
      steps = s + 1;
    }
  }

  /** Walks the new range that ends at x: x first, then the ring from position j. */
  void runFromInserted(GroupOwnership gr, int j, int x) {
    begin(gr);
    offer(gr, x);
    int m = gr.m;
    for (int s = 0; s < m && found < want; s++) {
      int i = j + s;
      offer(gr, gr.owner[i >= m ? i - m : i]);
    }
  }

  private void begin(GroupOwnership gr) {
    found = 0;
    want = Math.min(gr.rf, gr.nodes);
    if (out.length < want) out = new int[want];
    if (gr.rackAware) {
      if (rackUsed.length < gr.rackCount()) rackUsed = new boolean[gr.rackCount()];
      Arrays.fill(rackUsed, false);
      repeatsLeft = gr.rf - gr.racksInUse();
    }
  }

  private void offer(GroupOwnership gr, int node) {
    for (int k = 0; k < found; k++) if (out[k] == node) return;
    if (gr.rackAware) {
      int r = gr.nodeRack[node];
      if (!rackUsed[r]) {
        rackUsed[r] = true;
      } else if (repeatsLeft > 0) {
        repeatsLeft--;
      } else {
        return;
      }
    }
    out[found++] = node;
  }
}
