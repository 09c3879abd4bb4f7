package io.ringsim.sim;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonIncludeProperties;
import com.fasterxml.jackson.annotation.JsonValue;
import io.ringsim.ring.SkewStats;
import java.util.List;
import java.util.Map;

/**
 * Every figure of a scenario run, as summary.json holds it. Everything but {@code wallMillis} is a function of the
 * scenario and its seed, so two runs with the same seed give the same result.
 */
public record RunResult(
    String scenario,
    String description,
    long seed,
    long simulatedMillis,
    long operations,
    long throttled,
    OwnershipKeyspace replicationUsedForOwnership,
    List<NodeRow> nodes,
    @JsonIncludeProperties({"maxOverMean", "minOverMean", "cv"}) SkewStats ownershipSkew,
    @JsonIncludeProperties({"maxOverMean", "minOverMean", "cv"}) SkewStats loadSkew,
    List<SeriesRow> series,
    List<LevelRow> levels,
    List<TimePoint> timeline,
    List<ThrottledPoint> throttledTimeline,
    List<PartitionOps> hottestPartitions,
    List<TableRow> tables,
    AnomalyCounts anomalyCounts,
    List<Checker.Anomaly> anomalies,
    List<CheckRow> checks,
    List<Event> events,
    boolean historyRecorded,
    long wallMillis,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<io.ringsim.report.ClientRetries> clientRetries) {

  public record NodeRow(String name, String dc, String rack, int tokens, double effectiveOwnership, long partitions,
      long rows, long bytes, int sstables, long coordinated, long replicaWrites, long replicaReads, long hintsStored,
      long hintsReplayed, long readRepairs, boolean upAtEnd) {}

  /**
   * The keyspace whose replication the ownership figures use (the first workload's, else the first keyspace; null
   * when there is none and SimpleStrategy rf=3 is assumed), and its replication as the schema holds it. run.json
   * writes the two as one string, as it always did.
   */
  public record OwnershipKeyspace(String keyspace, String replication) {
    @JsonValue
    public String text() {
      return keyspace == null ? "SimpleStrategy rf=3 (no keyspace)" : keyspace + " " + replication;
    }
  }

  /** One consistency level and operation type over the whole run. */
  public record SeriesRow(String series, long ok, Map<String, Long> failures, double availabilityPercent,
      double p50Ms, double p95Ms, double p99Ms, double maxMs) {}

  /**
   * One consistency level over the whole run, as availability counts it: {@code ok} and {@code failed} are the
   * coordinators' replies to the workloads' clients (which never retry), {@code throttled} the operations a client
   * did not send because its concurrency cap was in flight; they count as not available. {@code consistency} may
   * name several levels ("QUORUM or SERIAL") for throttled operations of a workload that uses several, which no
   * single level's availability counts. {@code availabilityPercent}: ok of all three; null when there is none.
   */
  public record LevelRow(String consistency, long ok, long failed, long throttled, Double availabilityPercent) {}

  /** Operations not sent in one bucket of simulated time, at one level (as {@link LevelRow} names it). */
  public record ThrottledPoint(long startMillis, String consistency, long operations) {}

  /** One bucket of simulated time for one series. */
  public record TimePoint(long startMillis, String series, long ok, long failed, double p50Ms, double p99Ms) {}

  /** The operations the workloads sent to one partition ({@code table} is keyspace.table): the busiest ten. */
  public record PartitionOps(String table, String key, long operations) {}

  /** One table on one node, as nodetool tablestats shows it. */
  public record TableRow(String node, String table, long liveBytes, long partitions, long rows, int sstables,
      double readAmplification, int maxSSTablesPerRead, double writeAmplification, double bloomFalsePositiveRatio,
      long tombstonesScanned, long maxTombstonesPerRead, long tombstoneWarnings, long tombstoneFailures, long partitionBytesP99,
      long partitionBytesMax, long memtableBytes, long sstableBytes) {}

  /**
   * The checker's counts, exact. {@code notJudged}: what it could not decide, by reason (summary.json's metrics say
   * why). The run lists at most {@link RunResults#LISTED_ANOMALIES} anomalies: {@code anomaliesUnlisted} more were
   * found past those, {@code unlistedByKind} by kind. The new fields are left out of run.json when empty or zero, so a
   * run with nothing unjudged and nothing unlisted writes what it always did.
   */
  public record AnomalyCounts(long readsChecked, long keysChecked, long staleReads, long readYourWritesViolations,
      long lostWrites, long lwtViolations,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> notJudged,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) long anomaliesUnlisted,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> unlistedByKind) {
    public AnomalyCounts {
      notJudged = notJudged == null ? Map.of() : new java.util.TreeMap<>(notJudged);
      unlistedByKind = unlistedByKind == null ? Map.of() : new java.util.TreeMap<>(unlistedByKind);
    }

    public AnomalyCounts(long readsChecked, long keysChecked, long staleReads, long readYourWritesViolations,
        long lostWrites, long lwtViolations) {
      this(readsChecked, keysChecked, staleReads, readYourWritesViolations, lostWrites, lwtViolations, Map.of(), 0,
          Map.of());
    }

    public long notJudgedTotal() {
      return notJudged.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /** A check's outcome: NOT_APPLICABLE when there was nothing to judge (no operation at its level), never a pass. */
  public enum Verdict { PASS, FAIL, NOT_APPLICABLE }

  public record CheckRow(String check, Verdict verdict, String detail) {
    /** run.json carries it as it always did, for scripts that read it. */
    @com.fasterxml.jackson.annotation.JsonProperty("passed")
    public boolean passed() {
      return verdict == Verdict.PASS;
    }

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean failed() {
      return verdict == Verdict.FAIL;
    }
  }

  public record Event(long atMicros, String kind, String text) {}

  /** The same result without the wall time: a function of the scenario and its seed only. */
  public RunResult withoutWallTime() {
    return new RunResult(scenario, description, seed, simulatedMillis, operations, throttled,
        replicationUsedForOwnership, nodes, ownershipSkew, loadSkew, series, levels, timeline, throttledTimeline,
        hottestPartitions, tables, anomalyCounts, anomalies, checks, events, historyRecorded, 0, clientRetries);
  }

  /** Every check passed (one not applicable does not pass). */
  public boolean passed() {
    return checks.stream().allMatch(CheckRow::passed);
  }
}
