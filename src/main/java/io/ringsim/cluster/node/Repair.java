package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Anti-entropy repair run by one node (nodetool repair): for every table and every ring range it replicates, it
 * compares a digest of the range with each other live replica; for ranges that differ it fetches their data, merges
 * it, and streams the merged data back to every replica, so all of them end up identical.
 *
 * <p>The digest is one hash per vnode range (a Merkle tree of depth 0): with vnodes the ranges are already small;
 * deeper trees would only narrow what is streamed.
 */
final class Repair {
  private final NodeActor node;

  Repair(NodeActor node) {
    this.node = node;
  }

  /** The replica side: a digest of this node's data for a range. */
  static NodeMessage.TreeReply tree(NodeMessage.TreeRequest tr, String self, NodeStorage storage, Ring ring) {
    TableStore t = storage.table(tr.table()).orElse(null);
    byte[] digest = t == null ? new byte[0] : digest(partitionsIn(t, ring, tr.startExclusive(), tr.endInclusive()));
    return new NodeMessage.TreeReply(tr.requestId(), self, List.of(digest));
  }

  static List<Partition> partitionsIn(TableStore t, Ring ring, String lo, String hi) {
    Token start = lo == null ? null : ring.partitioner().parseToken(lo);
    Token end = hi == null ? null : ring.partitioner().parseToken(hi);
    List<Partition> out = new ArrayList<>();
    for (DecoratedKey k : t.keysInRange(start, end, Integer.MAX_VALUE)) {
      Partition p = t.read(k, io.ringsim.storage.ReadFilter.ALL).data();
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
    for (TableStore t : node.storage().tables()) {
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
    NodeActor.Placement p = node.placement(table, node.ring().token(rangeIndex));
    if (!p.replicas().contains(node.name())) return;
    List<String> peers = new ArrayList<>();
    for (String r : p.replicas()) if (!r.equals(node.name()) && node.up(r)) peers.add(r);
    if (!peers.isEmpty()) jobs.add(new Job(t, table, lo, hi, peers));
  }

  record Job(TableStore table, String name, String lo, String hi, List<String> peers) {}

  /** Runs the jobs one range at a time, each as a request the node tracks (replies and timeouts). */
  final class Run {
    final List<Job> jobs;
    final ActorRef<NodeCommand.RepairResult> replyTo;
    int index = -1, compared, mismatched;
    long streamed;

    Run(List<Job> jobs, ActorRef<NodeCommand.RepairResult> replyTo) {
      this.jobs = jobs;
      this.replyTo = replyTo;
    }

    void next() {
      index++;
      if (index >= jobs.size()) {
        replyTo.tell(new NodeCommand.RepairResult(node.name(), compared, mismatched, streamed));
        return;
      }
      Job j = jobs.get(index);
      compared++;
      new RangeRepair(node.allocateRequestId(), j, this).start();
    }
  }

  final class RangeRepair extends PendingRequest {
    final Job job;
    final Run run;
    final byte[] mine;
    final Map<String, byte[]> digests = new TreeMap<>();
    final Map<String, List<byte[]>> data = new TreeMap<>();
    final List<String> differing = new ArrayList<>();
    boolean fetching;

    RangeRepair(long id, Job job, Run run) {
      super(Repair.this.node, id, false);
      this.job = job;
      this.run = run;
      this.mine = digest(partitionsIn(job.table(), node.ring(), job.lo(), job.hi()));
    }

    void start() {
      node.track(this, node.writeTimeout().multipliedBy(5));
      for (String p : job.peers()) node.sendTo(p, new NodeMessage.TreeRequest(id, job.name(), job.lo(), job.hi(), 0));
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (m instanceof NodeMessage.TreeReply tr && !fetching) {
        digests.put(from, tr.leafHashes().get(0));
        if (digests.size() < job.peers().size()) return;
        for (Map.Entry<String, byte[]> e : digests.entrySet()) {
          if (!MessageDigest.isEqual(e.getValue(), mine)) differing.add(e.getKey());
        }
        if (differing.isEmpty()) {
          done();
          return;
        }
        run.mismatched++;
        fetching = true;
        for (String p : differing) {
          node.sendTo(p, new NodeMessage.RangeRead(id, job.name(), job.lo(), job.hi(), FilterSpec.ALL,
              Integer.MAX_VALUE));
        }
      } else if (m instanceof NodeMessage.RangeReadReply rr && fetching) {
        data.put(from, rr.partitions());
        if (data.size() < differing.size()) return;
        for (List<byte[]> parts : data.values()) for (byte[] b : parts) node.applyMutation(job.name(), b);
        List<byte[]> merged = new ArrayList<>();
        for (Partition p : partitionsIn(job.table(), node.ring(), job.lo(), job.hi())) {
          merged.add(PartitionCodec.encode(p));
        }
        for (String p : job.peers()) {
          node.sendTo(p, new NodeMessage.Stream(node.allocateRequestId(), job.name(), merged));
          run.streamed += merged.size();
        }
        done();
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
