package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.cql.CqlAnswer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same Java driver program against real Apache Cassandra 4.1 (one embedded node, oracle/cassandra.sh) and
 * against six served ringsim nodes: every statement of the conformance scripts, compared by outcome, error class,
 * result columns and rows. Not part of `./mvnw verify` (it starts a real Cassandra, about 650 MB and 6 s): run it
 * with `./mvnw -Poracle test`.
 */
class DriverAgainstCassandraOracle {
  @Test
  void theSameDriverProgramGetsTheSameAnswersFromRingsimAndCassandra() throws Exception {
    try (CassandraOracleNode cassandra = new CassandraOracleNode();
        ServedClusterFixture fx = new ServedClusterFixture(6, 21)) {
      cassandra.awaitReady();
      try (CqlSession real = cassandra.connect(null); CqlSession sim = fx.connect(null)) {
        int same = 0;
        List<String> differences = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        List<Path> scripts = ConformanceScripts.replayableByADriver();
        for (Path script : scripts) {
          for (String l : Files.readAllLines(script)) {
            if (l.isBlank()) continue;
            JsonNode c = json.readTree(l);
            SimpleStatement cql = SimpleStatement.newInstance(c.get("cql").asText());
            // These scripts' TTLs count from each server's own clock, so TTL() is compared only for presence.
            CqlAnswer a = DriverAnswers.of(real, cql, DriverAnswers::isWriteTimeOrTtl);
            CqlAnswer b = DriverAnswers.of(sim, cql, DriverAnswers::isWriteTimeOrTtl);
            if (a.agrees(b)) same++;
            else differences.add(script.getFileName() + " #" + c.get("i") + " " + cql.getQuery() + "\n  Cassandra: "
                + a + "\n  ringsim:   " + b);
          }
        }
        System.out.printf("driver differential: %d of %d statements agree%n", same, same + differences.size());
        assertThat(differences).as("statements answered differently").isEmpty();
      }
    }
  }
}
