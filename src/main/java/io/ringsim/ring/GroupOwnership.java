package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The state every step of a {@link BalancingGroup} shares: the group's tokens on the unit circle (sorted positions and
 * their owners), its nodes and racks, each node's effective ownership ({@code own}) and primary ownership
 * ({@code prim}: what its own tokens end), and the exact change inserting one more token makes ({@link #evaluate}).
 */
final class GroupOwnership {
  final Partitioner partitioner;
  final int rf;
  final boolean rackAware;
  private final List<String> rackNames = new ArrayList<>();
  int[] nodeRack = new int[16];
  int nodes;
  private int racksInUse;
  double[] pos = new double[64];
  int[] owner = new int[64];
  int m;
  double[] own = new double[16];
  double[] prim = new double[16];
  private final Set<Double> usedPositions = new HashSet<>();
  private final ReplicaWalk walk = new ReplicaWalk();
  /** The one evaluation {@link #evaluate} fills. */
  final Evaluation eval = new Evaluation();

  GroupOwnership(Partitioner p, int rf, boolean rackAware) {
    this.partitioner = p;
    this.rf = rf;
    this.rackAware = rackAware;
  }

  int rackCount() {
    return rackNames.size();
  }

  int racksInUse() {
    return racksInUse;
  }

  double positionOf(Token t) {
    Token min = partitioner.minimum();
    return t.equals(min) ? 0.0 : partitioner.size(min, t) % 1.0;
  }

  Token tokenAt(double p) {
    return partitioner.tokenAt(partitioner.minimum(), partitioner.minimum(), p);
  }

  int addNode(String rack) {
    int r = rackNames.indexOf(rack);
    if (r < 0) {
      rackNames.add(rack);
      r = rackNames.size() - 1;
    }
    if (nodes == nodeRack.length) {
      nodeRack = Arrays.copyOf(nodeRack, nodes * 2);
      own = Arrays.copyOf(own, nodes * 2);
      prim = Arrays.copyOf(prim, nodes * 2);
      eval.ensureNodes(nodes * 2);
    }
    boolean newRack = true;
    for (int n = 0; n < nodes; n++) if (nodeRack[n] == r) newRack = false;
    if (newRack) racksInUse++;
    nodeRack[nodes] = r;
    return nodes++;
  }

  boolean isUsed(double p) {
    return usedPositions.contains(p);
  }

  /** Inserts a token; returns its range index. */
  int insert(double p, int node) {
    int i = Arrays.binarySearch(pos, 0, m, p);
    if (i < 0) i = -i - 1;
    if (m == pos.length) {
      pos = Arrays.copyOf(pos, m * 2);
      owner = Arrays.copyOf(owner, m * 2);
    }
    System.arraycopy(pos, i, pos, i + 1, m - i);
    System.arraycopy(owner, i, owner, i + 1, m - i);
    pos[i] = p;
    owner[i] = node;
    m++;
    usedPositions.add(p);
    return i;
  }

  /** Removes a token; returns the index of the range that now holds its position. */
  int remove(double p) {
    int i = Arrays.binarySearch(pos, 0, m, p);
    System.arraycopy(pos, i + 1, pos, i, m - i - 1);
    System.arraycopy(owner, i + 1, owner, i, m - i - 1);
    m--;
    usedPositions.remove(p);
    return i == m ? 0 : i;
  }

  /** The index of the range ending at the token at {@code p} (negative if there is none). */
  int indexOf(double p) {
    return Arrays.binarySearch(pos, 0, m, p);
  }

  double rangeSize(int i) {
    if (m == 1) return 1.0;
    return i == 0 ? pos[0] + 1.0 - pos[m - 1] : pos[i] - pos[i - 1];
  }

  double rangeStart(int i) {
    return i == 0 ? pos[m - 1] - 1.0 : pos[i - 1];
  }

  /** Adds (sign +1) or takes back (-1) the ownership change of x at u in range j, noting changed nodes in log. */
  void applyChange(int j, int x, double u, int sign, TouchLog log) {
    evaluate(j, x);
    for (int t = 0; t < eval.count; t++) {
      int n = eval.touched[t];
      own[n] += sign * (eval.c[n] + u * eval.g[n]);
      log.note(n);
    }
    eval.clear();
    prim[x] += sign * u;
    prim[owner[j]] -= sign * u;
  }

  /**
   * Fills {@link #eval}: c (constant ownership changes) and g (coefficient of u, the distance of x from the range
   * start) for inserting node x into range j.
   */
  void evaluate(int j, int x) {
    // Range j itself: (start, x] gets the walk starting with x; (x, end] keeps its replicas.
    walk.run(this, j, -1, x);
    for (int k = 0; k < walk.found; k++) eval.bumpG(walk.out[k], -1);
    walk.runFromInserted(this, j, x);
    for (int k = 0; k < walk.found; k++) eval.bumpG(walk.out[k], +1);
    // Earlier ranges whose replica walk reaches the insertion point.
    for (int d = 1; d < m; d++) {
      int idx = j - d < 0 ? j - d + m : j - d;
      walk.run(this, idx, -1, x);
      if (walk.steps <= d) break; // complete before reaching x: it and all earlier ranges are unaffected
      double size = rangeSize(idx);
      for (int k = 0; k < walk.found; k++) eval.bumpC(walk.out[k], -size);
      walk.run(this, idx, d, x);
      for (int k = 0; k < walk.found; k++) eval.bumpC(walk.out[k], +size);
    }
  }

  void recomputeOwnership() {
    Arrays.fill(own, 0, nodes, 0.0);
    Arrays.fill(prim, 0, nodes, 0.0);
    for (int i = 0; i < m; i++) prim[owner[i]] += rangeSize(i);
    for (int i = 0; i < m; i++) {
      walk.run(this, i, -1, -1);
      double size = rangeSize(i);
      for (int k = 0; k < walk.found; k++) own[walk.out[k]] += size;
    }
  }
}
