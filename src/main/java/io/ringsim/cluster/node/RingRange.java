package io.ringsim.cluster.node;

import io.ringsim.ring.Ring;
import java.util.ArrayList;
import java.util.List;

/**
 * One range of the ring as a scan reads it: (startExclusive, endInclusive] as token strings (null: the ring's start
 * or end), and the index of the ring token whose replicas hold it.
 */
record RingRange(String startExclusive, String endInclusive, int ownerToken) {

  /**
   * Every range of the ring in token order: range i is (token(i-1), token(i)]; the wrap-around range (last token,
   * end of ring], which token 0's replicas hold, comes last.
   */
  static List<RingRange> of(Ring ring) {
    int n = ring.size();
    List<RingRange> out = new ArrayList<>(n + 1);
    for (int i = 0; i < n; i++) {
      out.add(new RingRange(i == 0 ? null : ring.token(i - 1).toString(), ring.token(i).toString(), i));
    }
    out.add(new RingRange(ring.token(n - 1).toString(), null, 0));
    return out;
  }
}
