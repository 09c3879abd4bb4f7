package io.ringsim.ring;

import java.util.ArrayList;
import java.util.List;

/**
 * What a topology change moves: for every range whose replicas change, which node streams it to which new replica,
 * and the fraction of all replicated data that moves (moved range sizes over the total replicated size).
 */
public record StreamingPlan(List<Transfer> transfers, double fractionMoved) {

  /** One range (left, right] streamed from a node that had it to a node that now replicates it. */
  public record Transfer(Token left, Token right, String from, String to, double size) {}

  /** The plan between two rings of the same partitioner under one strategy. */
  public static StreamingPlan between(Ring before, Ring after, ReplicationStrategy strategy) {
    ReplicaMap b = new ReplicaMap(before, strategy);
    ReplicaMap a = new ReplicaMap(after, strategy);
    List<Transfer> out = new ArrayList<>();
    double moved = 0;
    double total = 0;
    // Walk the ranges of the ring that has every token of both (the union): each piece has one replica set per ring.
    Ring finer = after.size() >= before.size() ? after : before;
    Ring other = finer == after ? before : after;
    for (int i = 0; i < finer.size(); i++) {
      Token right = finer.token(i);
      Token left = finer.token((i - 1 + finer.size()) % finer.size());
      List<Token> cuts = new ArrayList<>();
      cuts.add(left);
      for (int k = 0; k < other.size(); k++) {
        Token t = other.token(k);
        if (inside(finer.partitioner(), left, right, t)) cuts.add(t);
      }
      cuts.sort((x, y) -> Long.signum((long) Math.signum(finer.partitioner().size(left, x) - finer.partitioner().size(left, y))));
      cuts.add(right);
      for (int c = 1; c < cuts.size(); c++) {
        Token l = cuts.get(c - 1);
        Token r = cuts.get(c);
        if (l.equals(r)) continue;
        double size = finer.partitioner().size(l, r);
        if (finer.size() == 1) size = 1.0;
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
    }
    return new StreamingPlan(out, total == 0 ? 0 : moved / total);
  }

  private static boolean inside(Partitioner p, Token left, Token right, Token t) {
    if (t.equals(left) || t.equals(right)) return false;
    return p.size(left, t) < p.size(left, right);
  }

  private static List<String> names(Ring ring, int[] idx) {
    List<String> out = new ArrayList<>();
    for (int i : idx) out.add(ring.node(i).name());
    return out;
  }
}
