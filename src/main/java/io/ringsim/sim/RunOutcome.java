package io.ringsim.sim;

import io.ringsim.report.PartitionSizeReport;
import io.ringsim.report.RunReport;
import io.ringsim.report.RunViews;
import io.ringsim.ring.Ring;
import io.ringsim.sim.trace.TraceCapture;
import java.util.List;
import java.util.Map;

/**
 * Everything one run produced, as {@link ScenarioRunner#run} and {@link ClusterRunner#run} return it: the one model
 * of a run that every file of its results directory is written from (run.json from {@code result}, summary.json and
 * report.html from {@link #report}, history.jsonl, trace.jsonl, views.json).
 *
 * @param result the figures, checks and anomalies (run.json; the terminal summary)
 * @param history every operation, workloads' and served clients', by invocation time (history.jsonl)
 * @param ring the ring at the end of the run
 * @param partitionSizes every partition of every table after the run, by keyspace.table (empty: not measured)
 * @param views what report.html's time slider and explorable ring need beyond the report (null: none)
 * @param trace the messages and node events kept for the anomalies' stories (null: the run kept no history)
 */
public record RunOutcome(RunResult result, List<OpRecord> history, Ring ring,
    Map<String, PartitionSizeReport.Measured> partitionSizes, RunViews views, TraceCapture.CapturedTrace trace) {
  /** The report model (summary.json, report.html, the CSVs); {@code version} is ringsim's, as summary.json names it. */
  public RunReport report(String version) {
    return ReportMapper.toReport(result, ring, history, version, partitionSizes);
  }
}
