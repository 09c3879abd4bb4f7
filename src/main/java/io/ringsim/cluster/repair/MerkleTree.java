package io.ringsim.cluster.repair;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * A Merkle tree over a token range, as Cassandra's repair builds one per replica: the range is split in halves down
 * to 2^depth leaves; a leaf's hash is the XOR of the digests of the partitions whose tokens fall in it (so the order in
 * which partitions are added does not matter), an inner node's hash is SHA-256 of its children's. Two replicas compare
 * trees top-down and stream only the leaves whose hashes differ.
 */
public final class MerkleTree {
  private static final int HASH_BYTES = 32;

  private final TokenRange range;
  private final int depth;
  private final byte[][] leaves;
  private final long[] leafPartitions;
  private byte[][] levels; // built lazily: levels[d] has 2^d hashes

  public MerkleTree(TokenRange range, int depth) {
    if (depth < 0 || depth > 20) throw new IllegalArgumentException("merkle tree depth must be in 0..20");
    this.range = range;
    this.depth = depth;
    this.leaves = new byte[1 << depth][HASH_BYTES];
    this.leafPartitions = new long[1 << depth];
  }

  /** A tree rebuilt from the leaf hashes another replica sent (see {@link #leafHashes}). */
  public static MerkleTree ofLeaves(TokenRange range, int depth, List<byte[]> leafHashes) {
    MerkleTree t = new MerkleTree(range, depth);
    if (leafHashes.size() != t.leaves.length)
      throw new IllegalArgumentException("a tree of depth " + depth + " has " + t.leaves.length + " leaves, got "
          + leafHashes.size());
    for (int i = 0; i < t.leaves.length; i++) {
      if (leafHashes.get(i).length != HASH_BYTES) throw new IllegalArgumentException("leaf hash " + i + " is not 32 bytes");
      t.leaves[i] = leafHashes.get(i).clone();
    }
    return t;
  }

  /**
   * The depth Cassandra's validation picks for a range holding about {@code partitions} partitions: one partition per
   * leaf, up to {@code maxDepth} (repair_session_max_tree_depth), so that a leaf that differs streams little.
   */
  public static int depthFor(long partitions, int maxDepth) {
    if (partitions <= 1) return 0;
    return Math.min(maxDepth, 64 - Long.numberOfLeadingZeros(partitions - 1));
  }

  public TokenRange range() {
    return range;
  }

  public int depth() {
    return depth;
  }

  public int leafCount() {
    return leaves.length;
  }

  /** The leaves' hashes, in token order: what a replica sends back for a validation request. */
  public List<byte[]> leafHashes() {
    List<byte[]> out = new ArrayList<>(leaves.length);
    for (byte[] l : leaves) out.add(l.clone());
    return out;
  }

  /** Indexes of the leaves where this tree and {@code other} disagree, in token order. */
  public List<Integer> differingLeaves(MerkleTree other) {
    if (!range.equals(other.range) || depth != other.depth)
      throw new IllegalArgumentException("trees of different ranges or depths cannot be compared");
    build();
    other.build();
    List<Integer> differing = new ArrayList<>();
    walk(other, 0, 0, differing);
    return differing;
  }

  /** Adds one partition: its token and a digest of its whole content (any length; folded to 32 bytes). */
  public void add(long token, byte[] partitionDigest) {
    if (!range.contains(token))
      throw new IllegalArgumentException("token " + token + " is outside the tree's range " + range);
    int leaf = leafOf(token);
    byte[] h = sha256(partitionDigest);
    byte[] acc = leaves[leaf];
    for (int i = 0; i < HASH_BYTES; i++) acc[i] ^= h[i];
    leafPartitions[leaf]++;
    levels = null;
  }

  /** The sub-ranges (leaves, merged when adjacent) where this tree and {@code other} disagree. */
  public List<TokenRange> difference(MerkleTree other) {
    return leafRanges(differingLeaves(other));
  }

  /** The ranges of the given leaves (ascending indexes), adjacent ones merged. */
  public List<TokenRange> leafRanges(List<Integer> leafIndexes) {
    List<TokenRange> out = new ArrayList<>();
    for (int leaf : leafIndexes) {
      TokenRange r = leafRange(leaf);
      if (!out.isEmpty() && out.get(out.size() - 1).right() == r.left()) {
        TokenRange last = out.remove(out.size() - 1);
        out.add(new TokenRange(last.left(), r.right()));
      } else {
        out.add(r);
      }
    }
    return out;
  }

  /** Hash of the whole range: equal roots mean (with overwhelming probability) identical data. */
  public byte[] root() {
    build();
    return levels[0].clone();
  }

  private void walk(MerkleTree other, int level, int index, List<Integer> out) {
    if (MessageDigest.isEqual(hashAt(level, index), other.hashAt(level, index))) return;
    if (level == depth) {
      out.add(index);
      return;
    }
    walk(other, level + 1, index * 2, out);
    walk(other, level + 1, index * 2 + 1, out);
  }

  private byte[] hashAt(int level, int index) {
    byte[] all = levels[level];
    byte[] h = new byte[HASH_BYTES];
    System.arraycopy(all, index * HASH_BYTES, h, 0, HASH_BYTES);
    return h;
  }

  private void build() {
    if (levels != null) return;
    byte[][] lv = new byte[depth + 1][];
    lv[depth] = new byte[leaves.length * HASH_BYTES];
    for (int i = 0; i < leaves.length; i++) System.arraycopy(leaves[i], 0, lv[depth], i * HASH_BYTES, HASH_BYTES);
    MessageDigest md = newSha256();
    for (int d = depth - 1; d >= 0; d--) {
      int n = 1 << d;
      lv[d] = new byte[n * HASH_BYTES];
      for (int i = 0; i < n; i++) {
        md.reset();
        md.update(lv[d + 1], 2 * i * HASH_BYTES, 2 * HASH_BYTES);
        System.arraycopy(md.digest(), 0, lv[d], i * HASH_BYTES, HASH_BYTES);
      }
    }
    levels = lv;
  }

  private int leafOf(long token) {
    // Descend the same halves that leafRange uses, so a token's leaf and the leaf's range always agree.
    TokenRange r = range;
    int leaf = 0;
    for (int d = 0; d < depth; d++) {
      TokenRange[] h = r.halves();
      int bit = h[0].contains(token) ? 0 : 1;
      leaf = (leaf << 1) | bit;
      r = h[bit];
    }
    return leaf;
  }

  private TokenRange leafRange(int leaf) {
    TokenRange r = range;
    for (int bit = depth - 1; bit >= 0; bit--) r = r.halves()[(leaf >>> bit) & 1];
    return r;
  }

  private static byte[] sha256(byte[] in) {
    return newSha256().digest(in);
  }

  private static MessageDigest newSha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every JRE", e);
    }
  }
}
