package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ALTER KEYSPACE through the Java driver against a served node, checked in system_schema.keyspaces against what
 * Cassandra 4.1 answered (src/test/resources/cql/17_alter_keyspace_schema.expected.jsonl, from oracle/answer.sh):
 * {@code WITH durable_writes = false} alone keeps the replication, and replication alone keeps durable_writes.
 */
class AlterKeyspaceThroughDriverTest {
  @Test
  void systemSchemaShowsWhatCassandraShows() throws Exception {
    ObjectMapper om = new ObjectMapper();
    int selects = 0;
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 17); CqlSession s = fx.connect(null)) {
      for (String line : Files.readAllLines(Path.of("src/test/resources/cql/17_alter_keyspace_schema.expected.jsonl"))) {
        JsonNode e = om.readTree(line);
        ResultSet rs = s.execute(e.get("cql").asText());
        assertThat(e.get("ok").asBoolean()).as(line).isTrue();
        if (e.get("columns").isEmpty()) continue;
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        for (Row r : rs) {
          ArrayNode row = rows.addArray();
          for (int i = 0; i < r.size(); i++) row.add(json(r.getObject(i)));
        }
        assertThat(rows).as(line).isEqualTo(e.get("rows"));
        selects++;
      }
    }
    assertThat(selects).isEqualTo(3);
  }

  /** A driver value as the expected file writes it (text, boolean, map with text keys). */
  private static JsonNode json(Object v) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (v instanceof Boolean b) return f.booleanNode(b);
    if (v instanceof Map<?, ?> m) {
      ObjectNode o = f.objectNode();
      for (Map.Entry<?, ?> x : m.entrySet()) o.set(String.valueOf(x.getKey()), json(x.getValue()));
      return o;
    }
    return v == null ? f.nullNode() : f.textNode(String.valueOf(v));
  }
}
