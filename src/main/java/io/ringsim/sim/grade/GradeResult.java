package io.ringsim.sim.grade;

import java.util.List;

/**
 * What grading found: each criterion with its verdict and the reason in a student's words, each query's runs, each
 * table's figures at full scale and as measured on the sample loaded into the cluster.
 */
public record GradeResult(
    String assignment,
    String assignmentName,
    String submission,
    Scale scale,
    int score,
    int max,
    List<Criterion> criteria,
    List<QueryReport> queries,
    List<TableReport> tables,
    List<NodeLoad> nodes) {

  public boolean allPassed() {
    return criteria.stream().allMatch(Criterion::passed);
  }

  /** How much data was generated, and how much of it was loaded into the simulated cluster. */
  public record Scale(String entity, long generated, long loaded, int nodes, int vnodes, int replication) {
    public boolean sampled() {
      return loaded < generated;
    }
  }

  /**
   * One graded criterion; {@code pattern} is the access pattern it judges (null for a limit over the whole model).
   */
  public record Criterion(String id, String pattern, String name, boolean passed, String reason) {
    /** The reason on one line: a parser's message may quote a statement across its line breaks. */
    public Criterion {
      reason = reason.replaceAll("\\s*\\R\\s*", " ");
    }
  }

  /**
   * One access pattern's query: where it is written, how many runs gave the right rows, the most partitions a run
   * read and how (single partition, IN, index, scan).
   */
  public record QueryReport(String id, String description, String cql, String at, int runs, int runsRight,
      int maxPartitions, String access, java.util.Map<String, String> descriptions) {
    /** The question as the assignment asks it in {@code lang} (its 'description' item), else as its header does. */
    public String description(io.ringsim.report.Lang lang) {
      return descriptions.getOrDefault(lang.tag(), description);
    }
  }

  /**
   * A table at full scale (every instance; sizes are the storage engine's serialized bytes) and, measured on the
   * cluster, its largest partition among the loaded sample.
   */
  public record TableReport(String table, String entity, long partitions, long rows, long overwrites,
      long p50Bytes, long p99Bytes, String largestKey, long largestBytes, long largestRows, String mostRowsKey,
      long mostRows, long sampleLargestBytes, long sampleLargestBytesMeasured) {}

  /** A node's load at full scale: the bytes of every partition it is a replica of, over all tables. */
  public record NodeLoad(String node, long bytes) {}
}
