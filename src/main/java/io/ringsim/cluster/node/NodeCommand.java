package io.ringsim.cluster.node;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import io.ringsim.cluster.CborSerializable;
import io.ringsim.cluster.gossip.PeerStatus;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.storage.ReplayReport;

/** Everything a node actor handles. Local commands; what crosses the network is wrapped in {@link Inbound}. */
public sealed interface NodeCommand extends NoSerializationVerificationNeeded {

  /**
   * A message from another node, delivered by the network. It knows its recipient so that the simulated network can
   * keep it in flight as it is and deliver it by running it: one object per message on the wire, not two.
   */
  record Inbound(String from, CborSerializable payload, ActorRef<NodeCommand> to) implements NodeCommand, Runnable {
    @Override
    public void run() {
      to.tell(this);
    }
  }

  /** A client request for this node to coordinate. */
  record Coordinate(ClientRequest request, ActorRef<ClientResponse> replyTo) implements NodeCommand {}

  /** A client request whose answer comes back with {@code tag}, so one client actor can have many in flight. */
  record CoordinateTagged(ClientRequest request, long tag, ActorRef<TaggedResponse> replyTo) implements NodeCommand {}

  record TaggedResponse(long tag, ClientResponse response) implements NoSerializationVerificationNeeded {}

  record PeerChanged(PeerStatus status) implements NodeCommand {}

  record RequestTimeout(long requestId) implements NodeCommand {}

  /** A request's own timer (speculative retry, Paxos backoff) went off. */
  record Resume(long requestId) implements NodeCommand {}

  /**
   * A replica's answer, ready once the node has done the work ({@link ServiceQueue}): sent to {@code to}, or handed to
   * this node's own request in flight when {@code to} is this node. {@code incarnation}: the node's life it belongs
   * to (a crash in between loses it).
   */
  record Deferred(long incarnation, String to, NodeMessage message) implements NodeCommand {}

  /** Periodic housekeeping: commit-log sync. */
  record Tick() implements NodeCommand {}

  record SetSchema(Catalog catalog) implements NodeCommand {}

  record SetRing(Ring ring) implements NodeCommand {}

  /**
   * A node is joining: {@code ring} is the ring once it has joined. Until the next {@link SetRing}, writes also go to
   * the replicas that gain their key in it (Cassandra's pending ranges), so nothing written while the joining node
   * streams is missing from it once it serves. Null clears it.
   */
  record SetPendingRing(Ring ring) implements NodeCommand {}

  record SetClockSkew(long skewMicros) implements NodeCommand {}

  /**
   * Where the node's clock starts: virtual time 0 reads as this many microseconds since 1970. 0 in simulations; a
   * served cluster sets the wall clock's time, so the server's write timestamps (LWT, counters) and the drivers'
   * client timestamps are on one time line, as with a real cluster.
   */
  record SetClockEpoch(long epochMicros) implements NodeCommand {}

  /** Membership: a node joined (gossip starts watching it) or left (gossip forgets it). */
  record AddPeer(String node) implements NodeCommand {}

  record RemovePeer(String node) implements NodeCommand {}

  /** Decommission: stop serving (after streaming away); the node stays down. */
  record Leave() implements NodeCommand {}

  record Crash() implements NodeCommand {}

  /**
   * Sync the commit log now, as its periodic timer would: a crash right after this loses memtables but no
   * acknowledged write (a script's {@code @restart}: Cassandra's crash is made deterministic the same way).
   */
  record SyncCommitLog() implements NodeCommand {}

  record Restart(ActorRef<Restarted> replyTo) implements NodeCommand {}

  record Flush() implements NodeCommand {}

  record Truncate(String table) implements NodeCommand {}

  record Compact() implements NodeCommand {}

  /** Anti-entropy repair of every table this node replicates, against the other replicas of each range. */
  record Repair(ActorRef<RepairResult> replyTo) implements NodeCommand {}

  /**
   * Stream this node's data for the ranges a new ring gives to {@code target} (bootstrap or decommission), then reply.
   * {@code down} are the nodes known to be down: a range's source is the replica that loses it, or the first live
   * replica when that one is down, so every range has exactly one live source.
   */
  record StreamTo(String target, Ring newRing, java.util.Set<String> down, ActorRef<Streamed> replyTo)
      implements NodeCommand {}

  record GetReport(ActorRef<NodeReport> replyTo) implements NodeCommand {}

  /**
   * The sizes of the partitions this node holds, per table, and the {@code topN} largest with their keys. With
   * {@code primaryOnly}, only those it is the primary replica of (so each partition is counted once across the
   * cluster, on the first replica of its token). Reads every partition the node holds: for end-of-run reports.
   */
  record GetPartitionSizes(int topN, boolean primaryOnly, ActorRef<NodePartitionSizes> replyTo) implements NodeCommand {}

  record NodePartitionSizes(String node, java.util.Map<String, TableSizes> byTable)
      implements NoSerializationVerificationNeeded {}

  /** Every counted partition's size in bytes (no order), and the largest ones, largest first. */
  record TableSizes(long[] bytes, java.util.List<LargePartition> largest) implements NoSerializationVerificationNeeded {}

  /** One partition, named by its key as cqlsh prints it. */
  record LargePartition(String key, long bytes, long rows) implements NoSerializationVerificationNeeded {}

  /** Ranges validated and found different; Merkle leaves compared and found different; partitions streamed. */
  record RepairResult(String node, int rangesCompared, int rangesMismatched, long leavesCompared,
      long leavesMismatched, long partitionsStreamed)
      implements NoSerializationVerificationNeeded {}

  record Restarted(ReplayReport report) implements NoSerializationVerificationNeeded {}

  record Streamed(int partitions) implements NoSerializationVerificationNeeded {}
}
