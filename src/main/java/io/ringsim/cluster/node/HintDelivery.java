package io.ringsim.cluster.node;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Hinted handoff's replay (Cassandra's hint dispatcher): the hints stored for one target go to it as plain mutations,
 * acknowledged one by one; those not acknowledged before the write timeout go back to the store for the next round.
 * Hints older than their time to live (gc_grace_seconds) are dropped by the store and never sent.
 */
final class HintDelivery extends PendingRequest {
  private final String target;
  private final List<HintStore.Hint<NodeMessage.Mutation>> batch;
  /** Indices into {@code batch} not acknowledged yet. */
  private final TreeSet<Integer> unacked = new TreeSet<>();

  /**
   * Replays to every target this node sees up. It runs every 10 s, not only when a target comes back up: a replica
   * that merely timed out is never seen down, so no up transition would ever send it its hints.
   */
  static void deliverToLiveTargets(NodeContext node) {
    for (String target : List.copyOf(node.hints.waitingTargets())) if (node.isUp(target)) deliverTo(node, target);
  }

  static void deliverTo(NodeContext node, String target) {
    List<HintStore.Hint<NodeMessage.Mutation>> batch = node.hints.drain(target, node.loopNanos(), h -> {
      // The story of a zombie names the hint that would have carried the tombstone, had it not expired.
      node.trace.eventAbout(node.loopNanos(), node.name(), "hint-expired", target, h.mutation());
    });
    if (batch.isEmpty()) return;
    new HintDelivery(node, node.newRequestId(), target, batch).start();
  }

  private HintDelivery(NodeContext node, long id, String target, List<HintStore.Hint<NodeMessage.Mutation>> batch) {
    super(node, id, false);
    this.target = target;
    this.batch = batch;
  }

  private void start() {
    node.register(this, node.cfg.writeTimeout());
    node.traceEvent("hint-replay", target, null, null, id, batch.size());
    for (int i = 0; i < batch.size(); i++) {
      unacked.add(i);
      NodeMessage.Mutation m = batch.get(i).mutation();
      node.send(target, NodeMessage.Mutation.replayed(id, m.table(), m.update()));
    }
  }

  @Override
  void onResponse(String from, NodeMessage m) {
    if (!(m instanceof NodeMessage.MutationAck) || !from.equals(target)) return;
    // Acks on a FIFO link arrive in order.
    Integer first = unacked.pollFirst();
    if (first != null) {
      node.metrics.hintsReplayed++;
      node.hints.replayed(target);
    }
    if (unacked.isEmpty()) finish();
  }

  @Override
  void onTimeout() {
    finish();
    requeueUnacked();
  }

  /** Hints live on the replaying node's disk until acknowledged: a crash mid-replay loses none of them. */
  @Override
  void onDropped() {
    requeueUnacked();
  }

  private void requeueUnacked() {
    List<HintStore.Hint<NodeMessage.Mutation>> back = new ArrayList<>();
    for (int i : unacked) back.add(batch.get(i));
    unacked.clear();
    node.hints.requeue(back);
  }
}
