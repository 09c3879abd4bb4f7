package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GROUP BY (groups, aggregates per group, LIMIT and PER PARTITION LIMIT counting groups, Cassandra's restrictions),
 * SELECT JSON and INSERT JSON. The data and the expected groups are those of Cassandra's own SelectGroupByTest.
 */
class CqlGroupByAndJsonTest {
  @TempDir static Path dir;
  static List<JsonNode> out;
  static List<String> lines;

  @BeforeAll
  static void run() throws IOException {
    Path f = dir.resolve("script.cql");
    try (var in = CqlGroupByAndJsonTest.class.getResourceAsStream("/cql-extra-groupby-json.cql")) {
      Files.write(f, in.readAllBytes());
    }
    CliRun r = CliRun.of("cql", "-f", f.toString(), "--format", "jsonl");
    assertThat(r.exitCode()).isZero();
    ObjectMapper om = new ObjectMapper();
    out = new ArrayList<>();
    lines = r.out().lines().toList();
    for (String line : lines) out.add(om.readTree(line));
  }

  @Test
  void groupsAggregateAndCountTowardsLimits() {
    rows(14, "[[1,2,6,4,24],[2,2,6,2,12],[4,8,24,1,24]]");
    rows(15, "[[1,2,6,2,12],[1,4,12,2,24],[2,2,6,1,6],[2,4,12,1,12],[4,8,24,1,24]]");
    rows(16, "[[1,2,6,2,12],[2,2,6,1,6]]");
    rows(17, "[[1,2,1,3],[1,2,2,6],[1,4,2,6],[2,2,3,3],[2,4,3,6],[4,8,2,12]]"); // no aggregate: first row per group
    rows(18, "[[1,2,1,3,6],[1,4,2,6,12],[2,2,3,3,6],[2,4,3,6,12],[4,8,2,12,24]]");
    rows(19, "[[1,2,6,2,12],[1,4,12,2,24]]");
    rows(20, "[[1,2,6,2,12],[2,2,6,1,6],[4,8,24,1,24]]");
    rows(21, "[[1,2,6,2,12],[2,2,6,1,6]]");
    rows(22, "[[1,1],[2,1],[4,1]]");
    rows(25, "[[1,2,6,1,6],[1,2,12,1,12],[1,4,12,2,24]]"); // a = 1 fixed: the groups may start at b
    rows(26, "[[1,2,6,1,6],[1,2,12,1,12]]");
    rows(27, "[[1,6]]");
    rows(28, "[[1,4,24,2,24],[1,2,12,1,12],[1,2,6,1,6]]");
    rows(34, "[[1,2,6,2,12],[1,4,12,2,24],[2,2,6,1,6],[2,4,12,1,12],[4,8,24,1,24]]");
  }

  @Test
  void groupByRestrictionsAreCassandras() {
    String order = "Group by currently only support groups of columns following their declared order in the PRIMARY"
        + " KEY";
    error(23, "Grouping on clustering columns is not allowed for SELECT DISTINCT queries");
    error(24, "ORDER BY is only supported when the partition key is restricted by an EQ or an IN.");
    error(29, "Group by is currently only supported on the columns of the PRIMARY KEY, got e");
    error(30, order);
    error(31, order);
    error(32, order);
    error(33, order);
    error(36, "Group by is not supported on only a part of the partition key");
  }

  @Test
  void selectJsonWritesOneObjectPerRow() {
    rows(37, "[[\"{\\\"a\\\": 2, \\\"b\\\": 2, \\\"c\\\": 3, \\\"d\\\": 3, \\\"e\\\": 6}\"],"
        + "[\"{\\\"a\\\": 2, \\\"b\\\": 4, \\\"c\\\": 3, \\\"d\\\": 6, \\\"e\\\": 12}\"]]");
    assertThat(out.get(37).get("columns").toString()).isEqualTo("[\"[json]\"]");
    // A case-sensitive name (here an alias) stays quoted inside the key.
    assertThat(out.get(38).get("rows").get(0).get(0).asText()).isEqualTo("{\"a\": 1, \"\\\"Total\\\"\": 4}");
    assertThat(out.get(41).get("rows").get(0).get(0).asText()).isEqualTo("{\"k\": 0, \"\\\"Foo\\\"\": 7,"
        + " \"b\": \"0x00ff\", \"d\": 1.5, \"dec\": 12.50, \"dt\": \"2024-02-29\", \"f\": 2.0, \"i\": \"127.0.0.1\","
        + " \"l\": [1, 2], \"m\": {\"1\": \"a\", \"2\": \"b\"}, \"s\": [\"x\", \"y\"], \"t\": \"it's \\\"q\\\"\","
        + " \"tm\": \"13:30:54.234000000\", \"ts\": \"2014-01-01 00:00:00.000Z\","
        + " \"u\": \"6bddc89a-5644-11e4-97fc-56847afe9799\"}");
  }

  @Test
  void insertJsonReadsEveryTypeAndDefaultUnsetKeepsOmittedColumns() {
    assertThat(out.get(40).get("ok").asBoolean()).as(out.get(40).toString()).isTrue();
    assertThat(lines.get(42)).endsWith("\"rows\": [[0, 7, \"0x00ff\", 1.5, 12.50, \"2024-02-29\", 2.0, \"127.0.0.1\","
        + " [1, 2], {\"1\": \"a\", \"2\": \"b\"}, [\"x\", \"y\"], \"it's \\\"q\\\"\", \"13:30:54.234000000\","
        + " \"2014-01-01T00:00:00.000Z\", \"6bddc89a-5644-11e4-97fc-56847afe9799\"]]}");
    assertThat(out.get(44).get("rows").get(0).get(0).asText()).isEqualTo("{\"k\": 0, \"\\\"Foo\\\"\": 7, \"t\": \"new\"}");
    // Without DEFAULT UNSET an omitted column is written as null.
    assertThat(out.get(46).get("rows").get(0).get(0).asText()).isEqualTo("{\"k\": 0, \"foo\": null, \"t\": \"new\"}");
    error(47, "JSON values map contains unrecognized column: zzz");
    error(48, "JSON values map contains unrecognized column: foo");
    error(49, "Error decoding JSON value for k: Unable to make int from 'x'");
    error(50, "Got null for INSERT JSON values");
    assertThat(out.get(51).get("message").asText()).startsWith("Could not decode JSON string as a map");
    assertThat(out.get(53).get("message").asText()).startsWith("Could not decode JSON string as a map");
  }

  private static void rows(int i, String json) {
    assertThat(out.get(i).get("ok").asBoolean()).as(out.get(i).toString()).isTrue();
    assertThat(out.get(i).get("rows").toString()).as(out.get(i).get("cql").asText()).isEqualTo(json);
  }

  private static void error(int i, String message) {
    assertThat(out.get(i).get("ok").asBoolean()).as(out.get(i).toString()).isFalse();
    assertThat(out.get(i).get("error").asText()).isEqualTo("InvalidRequest");
    assertThat(out.get(i).get("message").asText()).isEqualTo(message);
  }
}
