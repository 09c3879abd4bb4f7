package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What cqlsh's DESCRIBE FULL SCHEMA, DESCRIBE SCHEMA, system_schema.tables' options and system_auth.roles show
 * through a served node, statement by statement against Cassandra 4.1.10's answers
 * (src/test/resources/system-schema/describe-full.expected.jsonl, oracle/answer.sh of describe-full.cql there):
 * every keyspace by name, the system ones among the user's, each as DESCRIBE KEYSPACE; the options a table was
 * created with; the default superuser role; a write into system.local, which Cassandra stores; the error of
 * DESCRIBE TABLE for an unknown system table.
 */
class DescribeFullSchemaTest {
  @Test
  void fullSchemaOptionsAndRolesAreCassandras() throws Exception {
    ObjectMapper om = new ObjectMapper();
    List<String> compared = new ArrayList<>();
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 32); CqlSession s = fx.connect(null)) {
      for (String line : Files.readAllLines(Path.of("src/test/resources/system-schema/describe-full.expected.jsonl"))) {
        JsonNode e = om.readTree(line);
        String cql = e.get("cql").asText();
        if (!e.get("ok").asBoolean()) {
          try {
            s.execute(cql);
            throw new AssertionError("no error for " + cql);
          } catch (InvalidQueryException x) {
            assertThat(e.get("error").asText()).as(cql).isEqualTo("InvalidRequest");
            assertThat(x.getMessage()).as(cql).isEqualTo(e.get("message").asText());
          } catch (CoordinatorException x) {
            throw new AssertionError(cql + ": " + x);
          }
          compared.add(cql);
          continue;
        }
        ResultSet rs = s.execute(cql);
        if (e.get("columns").isEmpty()) continue;
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        for (Row r : rs) {
          ArrayNode row = rows.addArray();
          for (int i = 0; i < r.size(); i++) row.add(json(r.getObject(i)));
        }
        assertThat(rows).as(cql).isEqualTo(e.get("rows"));
        compared.add(cql);
      }
    }
    assertThat(compared).anyMatch(c -> c.equals("DESCRIBE FULL SCHEMA")).anyMatch(c -> c.equals("DESCRIBE SCHEMA"))
        .anyMatch(c -> c.contains("system_auth.roles")).anyMatch(c -> c.contains("system_schema.tables"))
        .anyMatch(c -> c.startsWith("DESCRIBE TABLE system."));
  }

  /**
   * A driver value as the expected file writes it: text, boolean, number, set (sorted) or list, map; null for an
   * empty collection (the Java driver reads a null collection as an empty one).
   */
  private static JsonNode json(Object v) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (v == null || v instanceof Collection<?> c && c.isEmpty() || v instanceof Map<?, ?> m && m.isEmpty()) {
      return f.nullNode();
    }
    if (v instanceof Boolean b) return f.booleanNode(b);
    if (v instanceof Integer i) return f.numberNode(i);
    if (v instanceof Long l) return f.numberNode(l);
    if (v instanceof Double d) return f.numberNode(d);
    if (v instanceof Map<?, ?> m) {
      ObjectNode o = f.objectNode();
      for (Map.Entry<?, ?> x : m.entrySet()) o.set(String.valueOf(x.getKey()), json(x.getValue()));
      return o;
    }
    if (v instanceof Collection<?> c) {
      ArrayNode a = f.arrayNode();
      (v instanceof java.util.Set<?> ? new TreeSet<Object>(c) : c).forEach(x -> a.add(json(x)));
      return a;
    }
    return f.textNode(String.valueOf(v));
  }
}
