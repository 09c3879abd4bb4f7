package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
    int cassandraPort;
    try (ServerSocket s = new ServerSocket(0)) {
      cassandraPort = s.getLocalPort();
    }
    Process cassandra = new ProcessBuilder("oracle/cassandra.sh", String.valueOf(cassandraPort))
        .redirectError(new File("target/oracle-cassandra.log")).start();
    OutputStream keepAlive = cassandra.getOutputStream(); // the server runs until its standard input ends
    try (ServedClusterFixture fx = new ServedClusterFixture(6, 21)) {
      BufferedReader ready = new BufferedReader(new InputStreamReader(cassandra.getInputStream(),
          StandardCharsets.UTF_8));
      String line = ready.readLine();
      assertThat(line).as("oracle/cassandra.sh started (see target/oracle-cassandra.log)").startsWith("ready");
      try (CqlSession real = connect(cassandraPort); CqlSession sim = fx.connect(null)) {
        int same = 0;
        List<String> differences = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        List<Path> scripts = ConformanceScripts.replayableByADriver();
        for (Path script : scripts) {
          for (String l : Files.readAllLines(script)) {
            if (l.isBlank()) continue;
            JsonNode c = json.readTree(l);
            String cql = c.get("cql").asText();
            String a = outcome(real, cql);
            String b = outcome(sim, cql);
            if (a.equals(b)) same++;
            else differences.add(script.getFileName() + " #" + c.get("i") + " " + cql + "\n  Cassandra: " + a
                + "\n  ringsim:   " + b);
          }
        }
        System.out.printf("driver differential: %d of %d statements agree%n", same, same + differences.size());
        assertThat(differences).as("statements answered differently").isEmpty();
      }
    } finally {
      keepAlive.close();
      if (!cassandra.waitFor(60, TimeUnit.SECONDS)) cassandra.destroyForcibly();
    }
  }

  private static CqlSession connect(int port) {
    return CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", port))
        .withLocalDatacenter("datacenter1").withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
            .build()).build();
  }

  /** What a driver program sees: the rows with their column names, or the exception's class. */
  private static String outcome(CqlSession s, String cql) {
    try {
      ResultSet rs = s.execute(cql);
      StringBuilder sb = new StringBuilder("ok");
      List<String> names = new ArrayList<>();
      for (ColumnDefinition d : rs.getColumnDefinitions()) names.add(d.getName().asInternal());
      if (!names.isEmpty()) sb.append(' ').append(names);
      for (Row r : rs) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
          String n = names.get(i);
          // Write times and TTLs depend on each server's clock; that they are there and typed is what is compared.
          values.add(n.startsWith("writetime(") || n.startsWith("ttl(") ? (r.isNull(i) ? "null" : "<time>")
              : String.valueOf(r.getObject(i)));
        }
        sb.append(' ').append(values);
      }
      return sb.toString();
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName();
    }
  }
}
