package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cql.CqlException;
import io.ringsim.ring.Murmur3Partitioner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A TTL whose expiry would pass 2038-01-19 (32-bit expiry seconds) on a cluster whose clocks show a date of today, as
 * a served cluster's do: Cassandra 4.1 refuses the write (its REJECT policy), for USING TTL and for a table's
 * default_time_to_live, with the message Cassandra gave for the same script (src/test/resources/cql-clock); an LWT
 * only when its condition applies (one that is not applied answers [applied] = false, as in Cassandra).
 */
class TtlPast2038Test {
  private static final long NOV_24_2026_MICROS = Instant.parse("2026-11-24T12:00:00Z").toEpochMilli() * 1000;

  @Test
  void writesExpiringPast2038AreRefusedWithCassandrasMessage() throws IOException {
    List<String> statements = statements(resource("ttl_past_2038.cql"));
    List<JsonNode> expected = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : resource("ttl_past_2038.expected.jsonl").split("\n")) expected.add(json.readTree(line));
    assertThat(statements).hasSameSizeAs(expected);
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 3, 1)), 4, "random", 3,
        Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, 3, ConfigFactory.load("application-test"))) {
      sim.setClockEpoch(NOV_24_2026_MICROS - sim.nowNanos() / 1000);
      ClientSession s = new ClientSession(sim, 3);
      int refused = 0;
      for (int i = 0; i < statements.size(); i++) {
        JsonNode want = expected.get(i);
        String cql = statements.get(i);
        Throwable t = catchThrowable(() -> s.execute(cql));
        if (want.get("ok").asBoolean()) {
          assertThat(t).as(cql).isNull();
          continue;
        }
        refused++;
        assertThat(t).as(cql).isInstanceOf(CqlException.class);
        assertThat(((CqlException) t).errorClass().name()).as(cql).isEqualTo(want.get("error").asText());
        assertThat(t.getMessage()).as(cql).isEqualTo(want.get("message").asText());
      }
      assertThat(refused).isEqualTo(4);
      assertThat(s.execute("SELECT k, v FROM tt.t").rows()).containsExactly(List.of(3, 3));
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = TtlPast2038Test.class.getResourceAsStream("/cql-clock/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The script's statements: comment lines dropped, one statement per ';'. */
  private static List<String> statements(String script) {
    StringBuilder b = new StringBuilder();
    for (String line : script.split("\n")) if (!line.startsWith("--")) b.append(line).append('\n');
    List<String> out = new ArrayList<>();
    for (String st : b.toString().split(";")) if (!st.isBlank()) out.add(st.strip());
    return out;
  }
}
