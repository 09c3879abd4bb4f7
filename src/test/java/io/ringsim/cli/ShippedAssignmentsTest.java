package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The assignments shipped in simulations/assignments, graded as a student runs them (full scale, the assignment's
 * own sample): each model answer scores full marks; each wrong answer fails exactly the criteria that carry the
 * seed's lesson, for the reason it teaches.
 */
class ShippedAssignmentsTest {
  static final String DIR = "simulations/assignments/";

  static Stream<Arguments> submissions() {
    return Stream.of(
        Arguments.of("users", "users-model", List.of(), ""),
        // Seed 000: every user of a mainland in one partition (northamerica: 40% of a million users).
        Arguments.of("users", "users-wrong-seed-table", List.of("limit.partition_size", "limit.partition_rows"),
            "table users: partition (mainland = 'northamerica') is "),
        Arguments.of("users", "users-wrong-filtering", List.of("Q2.partitions"), "Q2 uses ALLOW FILTERING"),
        Arguments.of("playlists", "playlists-model", List.of(), ""),
        Arguments.of("playlists", "playlists-wrong-index", List.of("Q2.partitions"),
            "Q2 is served by the secondary index playlists_artist_idx: the coordinator asks every node (6 of them)"),
        Arguments.of("playlists", "playlists-wrong-filtering", List.of("Q2.partitions"), "Q2 uses ALLOW FILTERING"),
        Arguments.of("playlists", "playlists-wrong-upsert", List.of("Q2.rows"), "the query returned 1;"),
        Arguments.of("application-logs", "application-logs-model", List.of(), ""),
        // Seed 003: the range skips hostname, and (app_name, env) grows for ever.
        Arguments.of("application-logs", "application-logs-wrong-seed-table", List.of("Q1.partitions", "Q1.rows",
            "limit.partition_size", "limit.partition_rows"), "cannot be restricted as preceding column \"hostname\""),
        Arguments.of("application-logs", "application-logs-wrong-no-bucket", List.of("limit.partition_size",
            "limit.partition_rows"), "table logs_by_app: partition (app_name = "),
        Arguments.of("application-logs", "application-logs-wrong-order", List.of("Q1.rows"),
            "the rows are right but out of order"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("submissions")
  void gradesAsItsCommentSays(String assignment, String submission, List<String> failing, String reason)
      throws IOException {
    CliRun r = CliRun.of("grade", DIR + assignment + ".sim", DIR + submission + ".cql", "--format", "json");
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isEqualTo(failing.isEmpty() ? 0 : 1);
    JsonNode j = new ObjectMapper().readTree(r.out());
    List<String> failed = new ArrayList<>();
    StringBuilder reasons = new StringBuilder();
    for (JsonNode c : j.get("criteria")) {
      if (!c.get("passed").asBoolean()) {
        failed.add(c.get("id").asText());
        reasons.append(c.get("reason").asText()).append('\n');
      }
    }
    assertThat(failed).containsExactlyInAnyOrderElementsOf(failing);
    assertThat(j.get("score").asInt()).isEqualTo(j.get("max").asInt() - failing.size());
    assertThat(reasons.toString()).contains(reason);
    assertThat(j.get("scale").get("sampled").asBoolean()).isTrue();
    // What the grader counts for the loaded sample is what the nodes measure.
    for (JsonNode t : j.get("tables")) {
      assertThat(t.get("sampleLargestBytes").asLong()).isEqualTo(t.get("sampleLargestBytesMeasured").asLong());
    }
  }
}
