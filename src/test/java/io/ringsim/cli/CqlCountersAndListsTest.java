package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counters and list element operations through `ringsim cql`: what Cassandra accepts, with what result, and what it
 * refuses with which message (messages as in Cassandra's source).
 */
class CqlCountersAndListsTest {
  @TempDir Path dir;

  @Test
  void countersAddUpAndFollowCassandrasRules() throws IOException {
    List<JsonNode> out = run("/cql-extra-counters.cql");
    error(out.get(3), "InvalidRequest", "Cannot mix counter and non counter columns in the same table");
    error(out.get(4), "InvalidRequest", "counter type is not supported for PRIMARY KEY column 'c'");
    error(out.get(5), "InvalidRequest", "Counters are not allowed inside collections: list<counter>");
    rows(out.get(9), "[[\"home\",2,4]]");
    error(out.get(10), "InvalidRequest", "Cannot set the value of counter column views (counters can only be"
        + " incremented/decremented, not set)");
    error(out.get(11), "InvalidRequest", "INSERT statements are not allowed on counter tables, use UPDATE instead");
    error(out.get(12), "InvalidRequest", "Cannot provide custom TTL for counter updates");
    error(out.get(13), "InvalidRequest", "Cannot provide custom timestamp for counter updates");
    error(out.get(14), "InvalidRequest", "Conditional updates are not supported on counter tables");
    error(out.get(15), "InvalidRequest", "Invalid null value for counter increment/decrement");
    assertThat(out.get(16).get("ok").asBoolean()).isTrue(); // a COUNTER BATCH: two increments of one counter add up
    error(out.get(17), "InvalidRequest", "Cannot include a counter statement in a logged batch");
    rows(out.get(18), "[[\"a\",2,null],[\"home\",4,2],[\"b\",null,3]]");
    rows(out.get(20), "[[\"home\",2,null]]"); // DELETE of a counter column
    rows(out.get(22), "[[\"home\",2,7]]"); // incrementing again after the delete starts from zero
    error(out.get(23), "InvalidRequest", "Cannot use selection function writeTime on counter column views");
    error(out.get(24), "ConfigurationError", "Cannot have a non counter column (\"t\") in a counter table");
    error(out.get(26), "ConfigurationError", "Cannot have a counter column (\"c\") in a non counter table");
    error(out.get(27), "InvalidRequest", "Invalid operation (v = v + 1) for non counter column v");
    rows(out.get(28), "[[9,3]]");
    error(out.get(29), "ConfigurationError", "Cannot set default_time_to_live on a table with counters");
    error(out.get(30), "InvalidRequest", "Counter and non-counter mutations cannot exist in the same batch");
    error(out.get(31), "InvalidRequest", "Cannot include non-counter statement in a counter batch");
    error(out.get(32), "InvalidRequest", "Cannot provide custom timestamp for a BATCH containing counters");
    rows(out.get(34), "[[\"home\",7,2],[\"b\",null,3]]");
    // Clustered rows and a static counter: a batch of increments, then a row delete and a fresh start.
    rows(out.get(39), "[[1,\"a\",4,2],[1,\"b\",4,15]]");
    rows(out.get(42), "[[\"a\",4,4],[\"b\",15,4]]");
  }

  @Test
  void listElementsBySetIndexDeleteIndexAndRemoveByValue() throws IOException {
    List<JsonNode> out = run("/cql-extra-lists.cql");
    rows(out.get(5), "[[[\"a\",\"B\",\"c\",\"b\"]]]");
    error(out.get(6), "InvalidRequest", "List index 5 out of bound, list has size 4");
    rows(out.get(8), "[[[\"B\",\"c\",\"b\"]]]");
    rows(out.get(10), "[[[\"B\",\"c\"]]]");
    error(out.get(11), "InvalidRequest", "Attempted to set an element on a list which is null");
    error(out.get(12), "InvalidRequest", "Attempted to delete an element from a list which is null");
    rows(out.get(14), "[[[\"c\"]]]"); // l[0] = null removes the element
    error(out.get(16), "InvalidRequest", "Invalid deletion operation for frozen collection column l");
    error(out.get(17), "InvalidRequest", "Invalid deletion operation for non collection column v");
    error(out.get(18), "InvalidRequest", "Invalid operation (v[0] = 1) for non collection column v");
    rows(out.get(22), "[[[\"z\",\"w\"]]]"); // in a batch, the index applies to the list as it was before
  }

  private List<JsonNode> run(String resource) throws IOException {
    Path f = dir.resolve("script.cql");
    try (var in = getClass().getResourceAsStream(resource)) {
      Files.write(f, in.readAllBytes());
    }
    CliRun r = CliRun.of("cql", "-f", f.toString(), "--format", "jsonl");
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).doesNotContain("Exception");
    ObjectMapper om = new ObjectMapper();
    List<JsonNode> out = new ArrayList<>();
    for (String line : r.out().lines().toList()) out.add(om.readTree(line));
    return out;
  }

  private static void error(JsonNode n, String cls, String message) {
    assertThat(n.get("ok").asBoolean()).as(n.toString()).isFalse();
    assertThat(n.get("error").asText()).as(n.toString()).isEqualTo(cls);
    assertThat(n.get("message").asText()).isEqualTo(message);
  }

  private static void rows(JsonNode n, String json) {
    assertThat(n.get("ok").asBoolean()).as(n.toString()).isTrue();
    assertThat(n.get("rows").toString()).isEqualTo(json);
  }
}
