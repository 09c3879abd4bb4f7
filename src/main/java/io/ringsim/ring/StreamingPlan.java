package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a topology change moves: for every range whose replicas change, which node streams it to which new replica,
 * and the fraction of all replicated data that moves (moved range sizes over the total replicated size).
 */
public record StreamingPlan(List<Transfer> transfers, double fractionMoved) {

  /** One range (left, right] streamed from a node that had it to a node that now replicates it. */
  public record Transfer(Token left, Token right, String from, String to, double size) {}

  /**
   * The plan between two rings of the same partitioner under one strategy. The pieces are the ranges of the union of
   * both rings' tokens (each piece has one replica set per ring), taken in ring order starting with the piece after
   * the last token of the ring with more tokens: one merge of the two sorted token lists and one replica lookup per
   * piece, O(T log T) for T tokens.
   */
  public static StreamingPlan between(Ring before, Ring after, ReplicationStrategy strategy) {
    ReplicaMap b = new ReplicaMap(before, strategy);
    ReplicaMap a = new ReplicaMap(after, strategy);
    Ring finer = after.size() >= before.size() ? after : before;
    Partitioner p = finer.partitioner();
    Token[] union = union(before, after);
    int start = Arrays.binarySearch(union, finer.token(finer.size() - 1));
    List<Transfer> out = new ArrayList<>();
    double moved = 0;
    double total = 0;
    for (int k = 1; k <= union.length && union.length > 1; k++) {
      Token l = union[(start + k - 1) % union.length];
      Token r = union[(start + k) % union.length];
      double size = p.size(l, r);
      List<String> oldSet = names(before, b.replicaIndices(r));
      List<String> newSet = names(after, a.replicaIndices(r));
      total += size * newSet.size();
      for (String n : newSet) {
        if (oldSet.contains(n)) continue;
        // Like Cassandra's bootstrap, stream from the replica that gives the range up, so no copy is lost.
        String from = oldSet.stream().filter(o -> !newSet.contains(o)).findFirst()
            .orElse(oldSet.isEmpty() ? "?" : oldSet.get(0));
        out.add(new Transfer(l, r, from, n, size));
        moved += size;
      }
    }
    return new StreamingPlan(out, total == 0 ? 0 : moved / total);
  }

  /** Every token of either ring once, sorted. */
  private static Token[] union(Ring x, Ring y) {
    Token[] out = new Token[x.size() + y.size()];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < x.size() || j < y.size()) {
      int c = i == x.size() ? 1 : j == y.size() ? -1 : x.token(i).compareTo(y.token(j));
      if (c <= 0) {
        out[n++] = x.token(i++);
        if (c == 0) j++;
      } else {
        out[n++] = y.token(j++);
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static List<String> names(Ring ring, int[] idx) {
    List<String> out = new ArrayList<>();
    for (int i : idx) out.add(ring.node(i).name());
    return out;
  }
}
