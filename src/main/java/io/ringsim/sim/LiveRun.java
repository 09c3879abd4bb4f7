package io.ringsim.sim;

import io.ringsim.cluster.SimCluster;
import java.util.List;

/**
 * A scenario run that real clients take part in, in real time (`serve SCENARIO.sim`): the runner plays its
 * workloads and timeline as usual, but virtual time is moved by a pacer in step with the wall clock, and at the end
 * the clients' own operations are checked along with the workloads'. Implemented where the protocol server lives,
 * and by `run --live` (paced, with a live view in the browser and no clients).
 */
public interface LiveRun {
  /** The cluster runs and its schema is applied: open it to clients and start pacing. */
  void started(SimCluster sim) throws Exception;

  /** Waits until the pacer has brought virtual time to {@code nanos}; false when the user stopped the run early. */
  boolean awaitTime(SimCluster sim, long nanos);

  /** The live part is over: close it to clients and stop pacing (what follows runs at full speed). */
  void stopped(SimCluster sim);

  /** A timeline action was applied while live (a crash, a partition...): shown at once, e.g. in the live view. */
  default void event(RunResult.Event e) {}

  /** A workload's operation has just completed (on the simulation thread: keep it short, never block). */
  default void completed(OpRecord op) {}

  /** The clients' single-partition operations, as history records (history.jsonl, the figures). */
  List<OpRecord> history();

  /** The same operations per consistency level, with those that look like a driver's retry ({@link DriverRetries}). */
  default List<io.ringsim.report.ClientRetries> clientRetries() {
    return List.of();
  }

  /**
   * After the heal: the clients' own operations judged at Cassandra's granularity ({@link ServedChecker}), with
   * every partition they wrote read back at ALL. None by default (a live run without clients).
   */
  default Checker.Result checkClients(SimCluster sim) {
    return Checker.Result.NONE;
  }

  /** Faults typed while the run was live, for the report's event list. */
  List<RunResult.Event> events();
}
