package io.ringsim.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CqlErrorClassTest {
    private static final List<String> CASES = List.of("01_seed_users_clustering", "02_seed_stackoverflow_keys",
            "03_seed_playlists_index", "04_seed_application_logs", "05_seed_example_compact", "06_upsert_timestamps");

    @Test
    void everyErrorClassCassandraAnsweredWithIsKnown() throws Exception {
        ObjectMapper json = new ObjectMapper();
        int errors = 0;
        for (String name : CASES) {
            var in = getClass().getResourceAsStream("/cql/" + name + ".expected.jsonl");
            assertThat(in).as(name).isNotNull();
            try (var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    if (line.isBlank()) continue;
                    JsonNode node = json.readTree(line);
                    if (node.path("ok").asBoolean(true)) continue;
                    String cls = node.path("error").asText();
                    assertThatCode(() -> CqlErrorClass.valueOf(cls)).as(name + ": " + cls).doesNotThrowAnyException();
                    errors++;
                }
            }
        }
        assertThat(errors).isPositive();
    }

    @Test
    void exceptionCarriesClassAndMessage() {
        var e = new CqlException(CqlErrorClass.InvalidRequest, "unconfigured table t");
        assertThat(e.errorClass()).isEqualTo(CqlErrorClass.InvalidRequest);
        assertThat(e.getMessage()).isEqualTo("unconfigured table t");
    }
}
