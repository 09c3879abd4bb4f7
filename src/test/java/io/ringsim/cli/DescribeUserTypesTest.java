package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESCRIBE TYPE, DESCRIBE TYPES and the types of DESCRIBE KEYSPACE, against what Cassandra 4.1 answered
 * (src/test/resources/describe/user_types.expected.jsonl, from oracle/answer.sh).
 */
class DescribeUserTypesTest {
  @TempDir Path dir;

  @Test
  void describeAnswersAsCassandraDid() throws IOException {
    Path script = dir.resolve("user_types.cql");
    Files.writeString(script, resource("/describe/user_types.cql"));
    CliRun r = CliRun.of("cql", "-f", script.toString(), "--format", "jsonl");
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> actual = r.out().lines().toList();
    ObjectMapper om = new ObjectMapper();
    int compared = 0;
    for (String line : resource("/describe/user_types.expected.jsonl").lines().toList()) {
      JsonNode e = om.readTree(line);
      // ringsim's cql command has no system keyspaces (a served cluster has; the driver tests read them).
      if (e.get("cql").asText().contains("system_schema")) continue;
      JsonNode a = om.readTree(actual.get(e.get("i").asInt()));
      assertThat(a.get("ok")).as(line).isEqualTo(e.get("ok"));
      if (!e.get("ok").asBoolean()) {
        assertThat(a.get("message")).as(line).isEqualTo(e.get("message"));
        continue;
      }
      // A listing (DESCRIBE TYPES) has no create_statement column; a keyspace names its strategy by short name.
      assertThat(a.get("columns")).as(line).isEqualTo(e.get("columns"));
      JsonNode want = e.get("rows"), got = a.get("rows");
      assertThat(got.size()).as(line).isEqualTo(want.size());
      for (int i = 0; i < want.size(); i++) {
        for (int c = 0; c < want.get(i).size(); c++) {
          assertThat(got.get(i).get(c)).as(line).isEqualTo(want.get(i).get(c));
        }
        compared++;
      }
    }
    assertThat(compared).isGreaterThanOrEqualTo(13);
  }

  @Test
  void theShellPrintsTheTypesStatementsAndListsTheirNames() throws IOException {
    Path script = dir.resolve("s.cql");
    Files.writeString(script, """
        CREATE KEYSPACE d WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        USE d;
        CREATE TYPE address (street text, zip int);
        CREATE TYPE person (name text, home frozen<address>);
        DESCRIBE TYPES;
        DESC TYPE person;
        """);
    CliRun r = CliRun.of("cql", "-f", script.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("\naddress  person\n");
    assertThat(r.out()).contains("\nCREATE TYPE d.person (\n    name text,\n    home frozen<address>\n);\n");
  }

  private static String resource(String path) throws IOException {
    try (InputStream in = DescribeUserTypesTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
