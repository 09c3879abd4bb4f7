package io.ringsim.cli;

import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cql.ScriptDirective;
import io.ringsim.storage.ReplayReport;
import java.time.Duration;
import java.util.List;

/**
 * Carries out a script's {@link ScriptDirective} on the simulated cluster, on every node that is up, as
 * oracle/answer.sh does on its one Cassandra node: time passes, memtables are flushed, SSTables major-compacted,
 * or every node is killed and started again.
 */
final class ScriptDirectiveRunner {
  private final SimCluster sim;
  /** Where the nodes' clocks start (NodeCommand.SetClockEpoch), set back by restarts. */
  private long clockEpochMicros;

  ScriptDirectiveRunner(SimCluster sim) {
    this.sim = sim;
    this.clockEpochMicros = sim.clockEpochMicros();
  }

  /** Runs {@code d}; returns what happened, in a line for the table format. */
  String run(ScriptDirective d) {
    List<String> up = sim.nodeNames().stream().filter(n -> !sim.isCrashed(n)).toList();
    switch (d.kind()) {
      case ADVANCE -> {
        sim.advance(Duration.ofSeconds(d.seconds()));
        return d.seconds() + " s of simulated time passed.";
      }
      case FLUSH -> {
        for (String n : up) sim.flush(n);
        return "Flushed " + String.join(", ", up) + ".";
      }
      case COMPACT -> {
        for (String n : up) sim.compact(n);
        return "Compacted " + String.join(", ", up) + ".";
      }
      case RESTART -> {
        // Synced first, as the oracle does: a crash in periodic mode otherwise loses the writes of the last sync
        // period, and which those are would depend on Cassandra's wall-clock timer. Every node goes down before
        // any comes back, in the same instant, so no failure detector convicts a peer in between.
        for (String n : up) sim.nodeRef(n).tell(new NodeCommand.SyncCommitLog());
        sim.settle();
        for (String n : up) sim.crash(n);
        long replayed = 0;
        for (String n : up) {
          ReplayReport r = sim.restart(n);
          replayed += r.replayed();
        }
        long waited = awaitEveryoneUp(sim, up);
        if (waited > 0) {
          // The clocks stand still while the cluster restarts, as the oracle's does while its node is down: the
          // seconds gossip took are taken back, or TTLs written just before the restart would be counted down
          // (and expire) early against the script's own now. Write timestamps stay increasing (NodeContext).
          clockEpochMicros -= waited * 1_000_000L;
          sim.setClockEpoch(clockEpochMicros);
        }
        return "Restarted " + String.join(", ", up) + " (commit log replayed: " + replayed + " entries"
            + (waited > 0 ? "; gossip saw every node up after " + waited + " s" : "") + ").";
      }
      default -> throw new IllegalStateException(d.toString());
    }
  }

  /** The longest a restarted cluster is given for gossip to show every node up to every other. */
  static final int MAX_GOSSIP_WAIT_SECONDS = 120;

  /**
   * A restarted node believes its peers down until gossip hears from them, and refuses requests for their ranges
   * meanwhile; a cluster is restarted when every node sees every other up again, as an operator would wait for
   * nodetool status to show UN everywhere. Returns the simulated seconds that took (0 on one node).
   */
  private static long awaitEveryoneUp(SimCluster sim, List<String> nodes) {
    if (nodes.size() < 2) return 0;
    for (int s = 0; s <= MAX_GOSSIP_WAIT_SECONDS; s++) {
      if (nodes.stream().allMatch(n -> seesEveryoneUp(sim.report(n).view(), nodes))) return s;
      sim.advance(Duration.ofSeconds(1));
    }
    throw new IllegalStateException("gossip did not show every node up within " + MAX_GOSSIP_WAIT_SECONDS + " s");
  }

  private static boolean seesEveryoneUp(java.util.Map<String, Boolean> view, List<String> nodes) {
    return nodes.stream().allMatch(peer -> view.getOrDefault(peer, false));
  }
}
