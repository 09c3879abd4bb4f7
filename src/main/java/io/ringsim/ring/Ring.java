package io.ringsim.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable token ring: every node's tokens in ring order. Range {@code i} is (token[i-1], token[i]] (range 0 wraps
 * from the last token) and its primary owner is the node that owns token[i].
 */
public final class Ring {
  private final Partitioner partitioner;
  private final List<Node> nodes;
  private final Map<String, Integer> indexByName = new HashMap<>();
  private final Token[] tokens;
  private final int[] owner;
  private final long[] longTokens; // Murmur3 fast path, else null
  private final Map<String, Integer> nodesInDc = new HashMap<>();
  private final Map<String, Integer> racksInDc = new HashMap<>();
  // A simulated cluster hands the same ring to every node: one replica map per strategy instead of one per node
  // (1,000 nodes x 256 vnodes would otherwise hold 1,000 copies of 256,000 replica sets, about 9 GB).
  private final ConcurrentHashMap<ReplicationStrategy, ReplicaMap> replicaMaps = new ConcurrentHashMap<>();

  public Ring(Partitioner partitioner, List<Node> nodes) {
    this.partitioner = partitioner;
    this.nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) throw new IllegalArgumentException("a ring needs at least one node");
    record Entry(Token token, int node) {}
    List<Entry> entries = new ArrayList<>();
    for (int n = 0; n < nodes.size(); n++) {
      Node node = nodes.get(n);
      if (indexByName.put(node.name(), n) != null)
        throw new IllegalArgumentException("node name " + node.name() + " is used twice");
      for (Token t : node.tokens()) entries.add(new Entry(t, n));
    }
    entries.sort((a, b) -> a.token().compareTo(b.token()));
    tokens = new Token[entries.size()];
    owner = new int[entries.size()];
    for (int i = 0; i < entries.size(); i++) {
      tokens[i] = entries.get(i).token();
      owner[i] = entries.get(i).node();
      if (i > 0 && tokens[i].equals(tokens[i - 1])) {
        throw new IllegalArgumentException(
            "token " + tokens[i] + " is owned by both " + nodes.get(owner[i - 1]).name() + " and "
                + nodes.get(owner[i]).name());
      }
    }
    Map<String, java.util.Set<String>> racks = new HashMap<>();
    for (Node node : nodes) {
      nodesInDc.merge(node.dc(), 1, Integer::sum);
      racks.computeIfAbsent(node.dc(), d -> new java.util.HashSet<>()).add(node.rack());
    }
    racks.forEach((dc, r) -> racksInDc.put(dc, r.size()));
    if (partitioner instanceof Murmur3Partitioner) {
      longTokens = new long[tokens.length];
      for (int i = 0; i < tokens.length; i++) longTokens[i] = ((LongToken) tokens[i]).value();
    } else {
      longTokens = null;
    }
  }

  /**
   * The replicas of every range under {@code strategy}, computed on first use and then shared by every caller, as the
   * ring never changes. Thread-safe.
   */
  public ReplicaMap replicaMap(ReplicationStrategy strategy) {
    return replicaMaps.computeIfAbsent(strategy, s -> new ReplicaMap(this, s));
  }

  public Partitioner partitioner() {
    return partitioner;
  }

  public List<Node> nodes() {
    return nodes;
  }

  public Node node(int index) {
    return nodes.get(index);
  }

  /** The index of a node by name, or -1. */
  public int indexOf(String name) {
    return indexByName.getOrDefault(name, -1);
  }

  /** Number of tokens (and of ranges). */
  public int size() {
    return tokens.length;
  }

  public Token token(int i) {
    return tokens[i];
  }

  /** The node index owning token i (the primary owner of range i). */
  public int ownerOf(int i) {
    return owner[i];
  }

  /** Fraction of the ring in range i: (token[i-1], token[i]]. */
  public double rangeSize(int i) {
    if (tokens.length == 1) return 1.0;
    return partitioner.size(tokens[(i - 1 + tokens.length) % tokens.length], tokens[i]);
  }

  /** The index of the range containing {@code t}: the first token >= t, wrapping to 0. */
  public int rangeIndexOf(Token t) {
    if (longTokens != null) return rangeIndexOf(((LongToken) t).value());
    int i = Arrays.binarySearch(tokens, t);
    if (i < 0) i = -i - 1;
    return i == tokens.length ? 0 : i;
  }

  /** Murmur3 fast path of {@link #rangeIndexOf(Token)}. */
  public int rangeIndexOf(long token) {
    if (longTokens == null) return rangeIndexOf(new LongToken(token));
    int[] index = bucketIndex();
    int from = 0, to = longTokens.length;
    if (index != null) {
      // Only the bucket of the token's top bits can hold the answer: a few tokens instead of the whole ring, so a
      // lookup on a big ring costs one or two cache misses rather than one per level of a binary search.
      int b = (int) ((token ^ Long.MIN_VALUE) >>> (64 - bucketBits));
      from = index[b];
      to = index[b + 1];
    }
    int i = Arrays.binarySearch(longTokens, from, to, token);
    if (i < 0) i = -i - 1;
    return i == longTokens.length ? 0 : i;
  }

  private volatile int[] bucketIndex;
  private int bucketBits;

  /**
   * index[b] = the first token position whose top {@code bucketBits} bits (unsigned order) are b or more; built on
   * the first lookup of a ring big enough to gain from it.
   */
  private int[] bucketIndex() {
    int[] index = bucketIndex;
    if (index != null || longTokens.length < 1024) return index;
    int bits = Math.min(16, 32 - Integer.numberOfLeadingZeros(longTokens.length - 1));
    index = new int[(1 << bits) + 1];
    int b = 0;
    for (int i = 0; i < longTokens.length; i++) {
      int tb = (int) ((longTokens[i] ^ Long.MIN_VALUE) >>> (64 - bits));
      while (b <= tb) index[b++] = i;
    }
    while (b < index.length) index[b++] = longTokens.length;
    bucketBits = bits;
    bucketIndex = index;
    return index;
  }

  public int nodeCountInDc(String dc) {
    return nodesInDc.getOrDefault(dc, 0);
  }

  public int rackCountInDc(String dc) {
    return racksInDc.getOrDefault(dc, 0);
  }

  /** Names of the data centres, sorted. */
  public List<String> dataCenters() {
    List<String> dcs = new ArrayList<>(nodes.stream().map(Node::dc).distinct().toList());
    Collections.sort(dcs);
    return dcs;
  }

  /** A copy with one node added. */
  public Ring with(Node added) {
    List<Node> n = new ArrayList<>(nodes);
    n.add(added);
    return new Ring(partitioner, n);
  }

  /** A copy without the named node. */
  public Ring without(String name) {
    int i = indexOf(name);
    if (i < 0) throw new IllegalArgumentException("no node named '" + name + "' in the ring");
    List<Node> n = new ArrayList<>(nodes);
    n.remove(i);
    return new Ring(partitioner, n);
  }
}
