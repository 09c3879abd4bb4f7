package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Token placement for a data centre with exactly as many racks as replicas (the common three racks at RF 3).
 *
 * <p>There every rack holds one replica of everything, so a node's effective ownership is the part of the ring it
 * ends <em>within its own rack</em>: from the previous token of its rack to its own. A joining node's token placed
 * inside such a range takes the front part from that range's owner and nobody else, so its v tokens take data from at
 * most v of the rack's nodes. Past v nodes per rack, the others keep their data while the mean falls, so loads form a
 * sawtooth: a node is relieved about once every N / v joins, and in between its share of the mean grows by a factor of
 * about 1 + 1/v. Evening loads out at each join leaves every node due for relief at once a little later (16 tokens,
 * 54 nodes: 1.05).
 *
 * <p>So each join aims at the loads of a {@link ReliefPlan}: the v most loaded nodes give, and the joining node and
 * the donors take loads that keep every node of the rack under one bound until its turn to give comes, the bound as
 * low as the nodes that do not give allow. The loads form steps of v nodes; max/mean grows slowly with the rack's size
 * towards 1 / (v ln(1 + 1/v)) (1.233 at 2 tokens, 1.120 at 4, 1.061 at 8, 1.031 at 16). At 16 tokens a rack of up to
 * 16 nodes stays even, 32 nodes (96 in three racks) reach 1.0154, 66 nodes (198) 1.023. An even spread of the loads
 * between some b and b (1 + 1/v), max/mean 1 + 1/(2v + 1), is at about that level from v + 1 nodes per rack on;
 * Cassandra's allocator sits on it at every size of its published figures (1.0303-1.0309 at 16 tokens).
 *
 * <p>A donor gives from its largest ranges, the same fraction of each, and never more than {@link #MAX_TAKE} of a
 * range. With as many donors as tokens each gives through one token, so the plan sends the donors with the largest
 * ranges lowest; a donor whose ranges still fall short gets a spare token if there is one, and otherwise leaves its
 * part to the other donors.
 */
final class RackStaircase {
  /** The most of one range a joining node takes: a sliver left to the owner is a range nobody can usefully split. */
  static final double MAX_TAKE = 0.9;

  private RackStaircase() {}

  /**
   * Positions on the unit circle for the v tokens of node {@code x} joining rack {@code rack}, or null when no plan
   * fits (the rack has no other node yet, or its ranges are too small for the donations).
   */
  static double[] place(double[] pos, int[] owner, int m, int[] nodeRack, int nodes, int rack, int x, int v) {
    int k = 0;
    int[] idx = new int[m];
    for (int i = 0; i < m; i++) if (nodeRack[owner[i]] == rack && owner[i] != x) idx[k++] = i;
    if (k == 0) return null;
    // The rack's own ranges: (previous token of the rack, token], owned by the token's node.
    double[] start = new double[k];
    double[] size = new double[k];
    int[] by = new int[k];
    double[] load = new double[nodes];
    for (int t = 0; t < k; t++) {
      double end = pos[idx[t]];
      start[t] = t == 0 ? pos[idx[k - 1]] - 1.0 : pos[idx[t - 1]];
      size[t] = k == 1 ? 1.0 : end - start[t];
      by[t] = owner[idx[t]];
      load[by[t]] += size[t];
    }
    List<Integer> members = new ArrayList<>();
    for (int n = 0; n < nodes; n++) if (n != x && nodeRack[n] == rack) members.add(n);
    members.sort((a, b) -> load[a] != load[b] ? Double.compare(load[b], load[a]) : Integer.compare(a, b));
    int count = members.size();
    double total = 0;
    for (int n : members) total += load[n];
    // Each member's ranges, largest first.
    List<List<Integer>> ranges = new ArrayList<>();
    for (int i = 0; i < count; i++) ranges.add(new ArrayList<>());
    int[] rank = new int[nodes];
    for (int i = 0; i < count; i++) rank[members.get(i)] = i;
    for (int t = 0; t < k; t++) ranges.get(rank[by[t]]).add(t);
    for (List<Integer> r : ranges) r.sort((a, b) -> Double.compare(size[b], size[a]));

    int donors = Math.min(v, count);
    double[] kept = new double[count - donors];
    for (int i = donors; i < count; i++) kept[i - donors] = load[members.get(i)] / total;
    // With a token for each donor, a donor gives at most MAX_TAKE of its largest range: the plan sends the donors
    // that can give most to the bottom. With tokens to spare (small racks) the plan is an even split anyway.
    double[] floor = new double[donors];
    if (donors == v) {
      for (int i = 0; i < donors; i++) {
        double largest = ranges.get(i).isEmpty() ? 0 : size[ranges.get(i).get(0)];
        floor[i] = Math.max(0, load[members.get(i)] - MAX_TAKE * largest) / total;
      }
    }
    double[] target = ReliefPlan.targets(kept, floor, count + 1, v);
    if (target == null) return null;
    for (int i = 0; i <= donors; i++) target[i] *= total;

    // A token for each donor, and more for donors whose ranges cannot give their part, while tokens are left.
    int[] cuts = new int[donors];
    Arrays.fill(cuts, 1);
    double[] give;
    while (true) {
      give = gives(members, load, target, cuts, ranges, size);
      int used = 0;
      double shift = -target[donors];
      for (int i = 0; i < donors; i++) {
        if (give[i] > 0) used += cuts[i];
        shift += give[i];
      }
      if (used >= v) break;
      int neediest = -1;
      double most = 1e-12 * total;
      for (int i = 0; i < donors; i++) {
        double shortfall = load[members.get(i)] - target[i] - shift - give[i];
        if (cuts[i] < ranges.get(i).size() && shortfall > most) {
          neediest = i;
          most = shortfall;
        }
      }
      if (neediest < 0) break;
      cuts[neediest]++;
    }
    int used = 0;
    for (int i = 0; i < donors; i++) {
      if (give[i] <= 0) cuts[i] = 0;
      used += cuts[i];
    }
    if (used == 0 || used > v) return null;
    // Spare tokens split the biggest donations over more of the donor's ranges.
    for (int spare = v - used; spare > 0; spare--) {
      int best = -1;
      for (int i = 0; i < donors; i++) {
        if (give[i] <= 0 || cuts[i] == ranges.get(i).size()) continue;
        if (best < 0 || give[i] / cuts[i] > give[best] / cuts[best]) best = i;
      }
      if (best < 0) return null;
      cuts[best]++;
    }
    double[] out = new double[v];
    int o = 0;
    for (int i = 0; i < donors; i++) {
      if (cuts[i] == 0) continue;
      List<Integer> mine = ranges.get(i).subList(0, cuts[i]);
      double room = 0;
      for (int t : mine) room += size[t];
      double fraction = give[i] / room;
      for (int t : mine) {
        double p = start[t] + fraction * size[t];
        out[o++] = p < 0 ? p + 1.0 : p >= 1.0 ? p - 1.0 : p;
      }
    }
    Arrays.sort(out);
    return out;
  }

  /**
   * What each donor gives: down to its target, at most {@link #MAX_TAKE} of its {@code cuts} largest ranges, all
   * targets shifted by one amount so that what donors give is what the joining node (last target) takes. A donor
   * short of room leaves its part to the others.
   */
  private static double[] gives(List<Integer> members, double[] load, double[] target, int[] cuts,
      List<List<Integer>> ranges, double[] size) {
    int donors = cuts.length;
    double[] cap = new double[donors];
    double top = target[donors];
    for (int i = 0; i < donors; i++) {
      List<Integer> mine = ranges.get(i);
      for (int c = 0; c < cuts[i] && c < mine.size(); c++) cap[i] += MAX_TAKE * size[mine.get(c)];
      top = Math.max(top, load[members.get(i)]);
    }
    double lo = -2 * top, hi = 2 * top;
    for (int it = 0; it < 100; it++) {
      double shift = (lo + hi) / 2;
      double taken = 0;
      for (int i = 0; i < donors; i++) taken += give(load[members.get(i)], target[i] + shift, cap[i]);
      if (taken > target[donors] + shift) lo = shift;
      else hi = shift;
    }
    double shift = (lo + hi) / 2;
    double[] give = new double[donors];
    for (int i = 0; i < donors; i++) give[i] = give(load[members.get(i)], target[i] + shift, cap[i]);
    return give;
  }

  private static double give(double load, double target, double cap) {
    return Math.min(cap, Math.max(0, load - target));
  }
}
