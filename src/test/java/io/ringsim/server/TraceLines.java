package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.QueryTrace;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A traced request's lines as cqlsh shows them, and what each must be: Cassandra 4.1's words on the thread that
 * writes them, with a source_elapsed that grows on each source.
 */
final class TraceLines {
  private TraceLines() {}

  /**
   * What a cqlsh user reads in each line: Cassandra 4.1's words (no line Cassandra does not write), the stage's thread
   * that writes it, and a source_elapsed that grows on each source as the work goes on.
   */
  static void checkWordsThreadsAndTimes(List<Line> events) {
    java.util.Map<String, Integer> lastElapsed = new java.util.HashMap<>();
    for (Line e : events) {
      String thread = CASSANDRA_LINES.entrySet().stream().filter(l -> l.getKey().matcher(e.activity()).matches())
          .map(java.util.Map.Entry::getValue).findFirst().orElse(null);
      assertThat(thread).as("a line Cassandra 4.1 traces: " + e.activity()).isNotNull();
      assertThat(e.thread()).as(e.activity()).matches(thread);
      Integer before = lastElapsed.put(e.source(), e.elapsed());
      assertThat(e.elapsed()).as(e.source() + ": " + e.activity() + " after the step before it")
          .isGreaterThan(before == null ? 0 : before);
    }
    assertThat(lastElapsed.values()).as("time passes on each source").allMatch(last -> last > 0);
  }

  /**
   * The lines Cassandra 4.1 traces for single-partition reads and writes, and the thread that writes each (the
   * number after its name is whichever worker of the pool ran it): QueryProcessor.parseStatement / getStatement,
   * StorageProxy.mutate, CassandraKeyspaceWriteHandler.beginWrite, CassandraTableWriteHandler.write,
   * AbstractReadExecutor.makeRequests, SinglePartitionReadCommand.queryMemtableAndDisk and the paths it takes,
   * ReadCommand's MetricRecording.onClose, ReadCommandVerbHandler / MutationVerbHandler ("Enqueuing response"),
   * Tracing.traceOutgoingMessage ("Sending"), InboundMessageHandler.dispatch ("received"), ResponseVerbHandler.
   */
  private static final java.util.Map<Pattern, String> CASSANDRA_LINES = new java.util.LinkedHashMap<>();

  static {
    String address = "/127\\.0\\.0\\.\\d+:7000";
    String request = "Native-Transport-Requests-\\d+", read = "ReadStage-\\d+", mutation = "MutationStage-\\d+";
    String messaging = "Messaging-EventLoop-\\d+-\\d+";
    String counter = "CounterMutationStage-\\d+", uuid = "[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}";
    String keyBound = "(min|max)\\(-?\\d+\\)", range = "\\(-?\\d+,-?\\d+\\]";
    CASSANDRA_LINES.put(Pattern.compile("Parsing .*|Preparing statement|Determining replicas for (mutation|atomic batch)"
        + "|reading (data|digest) from " + address + "|Computing ranges to query"
        + "|Submitting range requests on \\d+ ranges with a concurrency of \\d+ \\(\\d+\\.\\d+(E-?\\d+)? rows per range"
        + " expected\\)|Submitted \\d+ concurrent range requests|Enqueuing request to Full\\(" + address + "," + range
        + "\\)|Preparing " + uuid + "|Reading existing values for CAS precondition"
        + "|CAS precondition does not match current values (?s).*|CAS precondition is met; proposing client-requested"
        + " updates for " + uuid + "|CAS applied successfully|CAS did not apply"
        + "|Enqueuing counter update to Full\\(" + address + "," + range + "\\)"
        + "|Requesting \\d+ rows in partition DecoratedKey\\(-?\\d+, [0-9a-f]*\\) from Full\\(" + address + "," + range
        + "\\) for replica filtering protection"), request);
    CASSANDRA_LINES.put(Pattern.compile("Appending to commitlog|Adding to \\w+ memtable"),
        mutation + "|" + counter);
    CASSANDRA_LINES.put(Pattern.compile("Promising ballot " + uuid + "|(Accepting|Committing) proposal (?s).*"
        + "|Executing single-partition query on paxos"), mutation);
    CASSANDRA_LINES.put(Pattern.compile("Acquiring counter locks|Reading \\d+ counter values from the CF"), counter);
    CASSANDRA_LINES.put(Pattern.compile("Executing single-partition query on \\w+|Acquiring sstable references"
        + "|Merging memtable contents|Skipped \\d+/\\d+ non-slice-intersecting sstables, included \\d+ due to tombstones"
        + "|Merged data from memtables and \\d+ sstables|Read \\d+ live rows and \\d+ tombstone cells"),
        read + "|" + mutation + "|" + counter);
    CASSANDRA_LINES.put(Pattern.compile("Executing seq scan across \\d+ sstables for \\(" + keyBound + ", " + keyBound
        + "\\]"), read);
    CASSANDRA_LINES.put(Pattern.compile("Executing read on \\w+\\.\\w+ using index \\w+"), read);
    CASSANDRA_LINES.put(Pattern.compile("Enqueuing response to " + address), read + "|" + mutation);
    String verbs = "(READ|MUTATION|RANGE|PAXOS_PREPARE|PAXOS_PROPOSE|PAXOS_COMMIT|COUNTER_MUTATION|BATCH_STORE|BATCH_REMOVE)";
    CASSANDRA_LINES.put(Pattern.compile(verbs + "_(REQ|RSP) message received from " + address
        + "|Sending " + verbs + "_(REQ|RSP) message to " + address + " message size \\d+ bytes"), messaging);
    CASSANDRA_LINES.put(Pattern.compile("Processing response from " + address), "RequestResponseStage-\\d+");
  }

  static List<String> activitiesOf(QueryTrace trace, String source) {
    return activitiesOf(lines(trace), source);
  }

  /** One line of a trace as cqlsh prints it: activity, source, source_elapsed, and the thread in brackets. */
  record Line(String activity, String source, int elapsed, String thread) {}

  static List<Line> lines(QueryTrace trace) {
    return trace.getEvents().stream().map(e -> new Line(e.getActivity(),
        e.getSourceAddress().getAddress().getHostAddress(), e.getSourceElapsedMicros(), e.getThreadName())).toList();
  }

  /** {@code source}'s activities in order, a message's size cut off ("... message size " stays). */
  static List<String> activitiesOf(List<Line> events, String source) {
    return events.stream().filter(e -> e.source().equals(source))
        .map(e -> e.activity().replaceFirst("(message size )\\d+ bytes$", "$1")).toList();
  }
}
