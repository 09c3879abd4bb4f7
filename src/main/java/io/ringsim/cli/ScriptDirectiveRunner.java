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
  private ScriptDirectiveRunner() {}

  /** Runs {@code d}; returns what happened, in a line for the table format. */
  static String run(ScriptDirective d, SimCluster sim) {
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
        return "Restarted " + String.join(", ", up) + " (commit log replayed: " + replayed + " entries).";
      }
      default -> throw new IllegalStateException(d.toString());
    }
  }
}
