package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import io.ringsim.cluster.repair.MerkleTree;
import io.ringsim.cluster.repair.TokenRange;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Anti-entropy repair run by one node (nodetool repair): for every table and every ring range it replicates, it asks
 * each other live replica for a Merkle tree of the range (a validation), compares the trees leaf by leaf, fetches the
 * data of the leaves that differ from the replicas that differ, merges it, and streams the merged leaves back to every
 * replica, so all of them end up identical.
 *
 * <p>The tree's depth follows the requester's partition count in the range, one partition per leaf as Cassandra sizes
 * its trees, up to {@link #MAX_TREE_DEPTH}; a leaf that differs streams every partition in it, which is the
 * overstreaming Cassandra's repair is known for. Trees split the Murmur3 token space; with another partitioner a range
 * has one digest (depth 0).
 */
final class RepairCoordinator {
  /** Cassandra's repair_session_max_tree_depth is 20; simulated ranges are small, and 2^10 leaves are 32 KiB a reply. */
  static final int MAX_TREE_DEPTH = 10;

  private final NodeContext node;

  RepairCoordinator(NodeContext node) {
    this.node = node;
  }

  /** The replica side of a validation: the leaf hashes of this node's tree for a range. */
  static NodeMessage.TreeReply tree(NodeMessage.TreeRequest tr, String self, NodeStorage storage, Ring ring) {
    TableStore t = storage.table(tr.table()).orElse(null);
    List<Partition> parts = t == null ? List.of() : partitionsIn(t, ring, tr.startExclusive(), tr.endInclusive());
    return new NodeMessage.TreeReply(tr.requestId(), self, validate(parts, ring, tr.startExclusive(),
        tr.endInclusive(), tr.depth()));
  }

  /** Leaf hashes of a range's partitions: a Merkle tree's leaves (Murmur3), or one digest of the whole range. */
  static List<byte[]> validate(List<Partition> parts, Ring ring, String lo, String hi, int depth) {
    if (!(ring.partitioner() instanceof Murmur3Partitioner)) return List.of(digest(parts));
    MerkleTree tree = new MerkleTree(murmurRange(lo, hi), depth);
    for (Partition p : parts) tree.add(longToken(p), PartitionCodec.encode(p));
    return tree.leafHashes();
  }

  /** A job's range as a Murmur3 token range: null bounds are the ends of the token space (MIN_VALUE is no token). */
  static TokenRange murmurRange(String lo, String hi) {
    return new TokenRange(lo == null ? Long.MIN_VALUE : Long.parseLong(lo), hi == null ? Long.MAX_VALUE
        : Long.parseLong(hi));
  }

  private static long longToken(Partition p) {
    return ((LongToken) p.key().token()).value();
  }

  static List<Partition> partitionsIn(TableStore t, Ring ring, String lo, String hi) {
    Token start = lo == null ? null : ring.partitioner().parseToken(lo);
    Token end = hi == null ? null : ring.partitioner().parseToken(hi);
    List<Partition> out = new ArrayList<>();
    for (DecoratedKey k : t.keysInRange(start, end, Integer.MAX_VALUE)) {
      Partition p = t.scanRead(k, ReadFilter.ALL).data(); // a walk, not a point read
      if (p != null) out.add(p);
    }
    return out;
  }

  static byte[] digest(List<Partition> parts) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (Partition p : parts) md.update(PartitionCodec.encode(p));
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  void start(ActorRef<NodeCommand.RepairResult> replyTo) {
    Ring ring = node.ring();
    List<Job> jobs = new ArrayList<>();
    for (TableStore t : node.storage.tables()) {
      String table = t.schema().name();
      int n = ring.size();
      for (int i = 0; i < n; i++) {
        String lo = i == 0 ? null : ring.token(i - 1).toString();
        String hi = ring.token(i).toString();
        addJob(jobs, t, table, i, lo, hi);
        if (i == 0) addJob(jobs, t, table, 0, ring.token(n - 1).toString(), null);
      }
    }
    new Run(jobs, replyTo).next();
  }

  private void addJob(List<Job> jobs, TableStore t, String table, int rangeIndex, String lo, String hi) {
    Placement p = node.topology.placement(table, node.ring().token(rangeIndex));
    if (!p.replicas().contains(node.name())) return;
    List<String> peers = new ArrayList<>();
    for (String r : p.replicas()) if (!r.equals(node.name()) && node.isUp(r)) peers.add(r);
    if (!peers.isEmpty()) jobs.add(new Job(t, table, lo, hi, peers));
  }

  record Job(TableStore table, String name, String lo, String hi, List<String> peers) {}

  /** Token bounds of differing Merkle leaves, (startExclusive, endInclusive] as range reads take them. */
  private record LeafBounds(String startExclusive, String endInclusive) {}

  /** The differing part of the range to read back from one peer. */
  private record Fetch(String peer, LeafBounds bounds) {}

  /** Runs the jobs one range at a time, each as a request the node tracks (replies and timeouts). */
  final class Run {
    final List<Job> jobs;
    final ActorRef<NodeCommand.RepairResult> replyTo;
    int index = -1, compared, mismatched;
    long leaves, leavesMismatched, streamed;

    Run(List<Job> jobs, ActorRef<NodeCommand.RepairResult> replyTo) {
      this.jobs = jobs;
      this.replyTo = replyTo;
    }

    void next() {
      index++;
      if (index >= jobs.size()) {
        replyTo.tell(new NodeCommand.RepairResult(node.name(), compared, mismatched, leaves, leavesMismatched,
            streamed));
        return;
      }
      Job j = jobs.get(index);
      compared++;
      new RangeRepair(node.newRequestId(), j, this).start();
    }
  }

  final class RangeRepair extends PendingRequest {
    final Job job;
    final Run run;
    final boolean merkle;
    final int depth;
    final List<byte[]> mine;
    final Map<String, List<byte[]>> trees = new TreeMap<>();
    /** Per differing replica, the leaves where it differs from this node. */
    final Map<String, List<Integer>> differing = new TreeMap<>();
    final TreeSet<Integer> differingLeaves = new TreeSet<>();
    int fetchesLeft;
    boolean fetching;

    RangeRepair(long id, Job job, Run run) {
      super(RepairCoordinator.this.node, id, false);
      this.job = job;
      this.run = run;
      Ring ring = node.ring();
      this.merkle = ring.partitioner() instanceof Murmur3Partitioner;
      List<Partition> parts = partitionsIn(job.table(), ring, job.lo(), job.hi());
      this.depth = merkle ? MerkleTree.depthFor(parts.size(), MAX_TREE_DEPTH) : 0;
      this.mine = validate(parts, ring, job.lo(), job.hi(), depth);
    }

    void start() {
      node.register(this, node.cfg.writeTimeout().multipliedBy(5));
      for (String p : job.peers()) {
        node.send(p, new NodeMessage.TreeRequest(id, job.name(), job.lo(), job.hi(), depth));
      }
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (m instanceof NodeMessage.TreeReply tr && !fetching) {
        trees.put(from, tr.leafHashes());
        if (trees.size() < job.peers().size()) return;
        compareTrees();
      } else if (m instanceof NodeMessage.RangeReadReply rr && fetching) {
        for (byte[] b : rr.partitions()) ReplicaVerbs.applyMutation(node, job.name(), b);
        if (--fetchesLeft > 0) return;
        streamMerged();
        done();
      }
    }

    private void compareTrees() {
      run.leaves += mine.size();
      for (Map.Entry<String, List<byte[]>> e : trees.entrySet()) {
        List<Integer> leaves = differingLeaves(e.getValue());
        if (!leaves.isEmpty()) differing.put(e.getKey(), leaves);
        differingLeaves.addAll(leaves);
      }
      if (differing.isEmpty()) {
        done();
        return;
      }
      run.mismatched++;
      run.leavesMismatched += differingLeaves.size();
      fetching = true;
      List<Fetch> fetches = new ArrayList<>();
      for (Map.Entry<String, List<Integer>> e : differing.entrySet()) {
        for (LeafBounds b : bounds(e.getValue())) fetches.add(new Fetch(e.getKey(), b));
      }
      fetchesLeft = fetches.size();
      for (Fetch f : fetches) {
        node.send(f.peer(), new NodeMessage.RangeRead(id, job.name(), f.bounds().startExclusive(),
            f.bounds().endInclusive(), FilterSpec.ALL, Integer.MAX_VALUE));
      }
    }

    private List<Integer> differingLeaves(List<byte[]> theirs) {
      if (!merkle || theirs.size() != mine.size()) {
        return MessageDigest.isEqual(theirs.get(0), mine.get(0)) && theirs.size() == mine.size() ? List.of()
            : List.of(0);
      }
      TokenRange range = murmurRange(job.lo(), job.hi());
      return MerkleTree.ofLeaves(range, depth, mine).differingLeaves(MerkleTree.ofLeaves(range, depth, theirs));
    }

    /** The (start exclusive, end inclusive) bounds of the given leaves, adjacent leaves merged, as range reads take. */
    private List<LeafBounds> bounds(List<Integer> leaves) {
      List<LeafBounds> out = new ArrayList<>();
      if (!merkle) {
        out.add(new LeafBounds(job.lo(), job.hi()));
        return out;
      }
      TokenRange range = murmurRange(job.lo(), job.hi());
      for (TokenRange r : new MerkleTree(range, depth).leafRanges(leaves)) {
        String lo = r.left() == range.left() ? job.lo() : Long.toString(r.left());
        String hi = r.right() == range.right() ? job.hi() : Long.toString(r.right());
        out.add(new LeafBounds(lo, hi));
      }
      return out;
    }

    private void streamMerged() {
      List<byte[]> merged = new ArrayList<>();
      for (LeafBounds b : bounds(new ArrayList<>(differingLeaves))) {
        for (Partition p : partitionsIn(job.table(), node.ring(), b.startExclusive(), b.endInclusive())) merged.add(PartitionCodec.encode(p));
      }
      for (String p : job.peers()) {
        node.send(p, new NodeMessage.Stream(node.newRequestId(), job.name(), merged));
        run.streamed += merged.size();
      }
    }

    void done() {
      finish();
      run.next();
    }

    @Override
    void onTimeout() {
      finish();
      run.next();
    }
  }
}
