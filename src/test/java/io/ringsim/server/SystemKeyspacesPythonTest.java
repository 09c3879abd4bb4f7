package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Python driver (what cqlsh is built on) sees the system keyspaces of a served node exactly as it saw them on
 * Cassandra 4.1.10: src/test/python/system_schema_dump.py, run here against ringsim, prints what it printed against
 * the oracle (src/test/resources/system-schema/). Skipped where the driver is not installed, except under CI=true.
 */
class SystemKeyspacesPythonTest {
  static ServedClusterFixture fx;
  static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void start() throws Exception {
    boolean installed = PythonDriverTest.driverInstalled();
    if (!installed && "true".equals(System.getenv("CI")))
      throw new AssertionError("python3-cassandra is not installed (.ci/run installs it)");
    Assumptions.assumeTrue(installed, "python3-cassandra not installed");
    fx = new ServedClusterFixture(1, 11);
  }

  @AfterAll
  static void stop() {
    if (fx != null) fx.close();
  }

  static JsonNode dump(String mode) throws Exception {
    Process p = new ProcessBuilder(List.of(PythonDriverTest.PYTHON, "src/test/python/system_schema_dump.py",
        String.valueOf(fx.port), mode)).start();
    byte[] out = p.getInputStream().readAllBytes();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("the Python run ended").isTrue();
    assertThat(p.exitValue()).as(err).isZero();
    return JSON.readTree(out);
  }

  static JsonNode resource(String name) throws Exception {
    try (InputStream in = SystemKeyspacesPythonTest.class.getResourceAsStream(name)) {
      return JSON.readTree(in);
    }
  }

  @Test
  void theDriversMetadataOfTheSystemKeyspacesIsCassandras() throws Exception {
    JsonNode served = dump("metadata");
    JsonNode oracle = resource("/system-schema/python-driver-metadata.json");
    assertThat(served.get("system").get("tables").has("local")).as("system.local in the metadata").isTrue();
    oracle.fieldNames().forEachRemaining(ks -> assertThat(served.get(ks)).as(ks).isEqualTo(oracle.get(ks)));
    assertThat(served).isEqualTo(oracle);
  }

  @Test
  void theSchemaRowsAndEachTablesColumnsAreCassandras() throws Exception {
    JsonNode served = dump("rows");
    assertThat(served.get("select_star")).isEqualTo(resource("/system-schema/select-star.json"));
    ObjectNode rows = ((ObjectNode) served).deepCopy();
    rows.remove("select_star");
    // The Python driver cannot decode system.local's dropped thrift_version time (Long.MAX_VALUE microseconds);
    // ringsim takes no functions to read it otherwise, so the Java driver test checks that value.
    ((ObjectNode) rows.get("system_schema.dropped_columns").get(0)).put("dropped_time", 9223372036854775L);
    assertThat(rows).isEqualTo(resource("/io/ringsim/server/system-schema-4.1.10.json"));
  }

  @Test
  void describeAnswersAsCassandras() throws Exception {
    JsonNode served = dump("describe");
    JsonNode oracle = resource("/system-schema/describe.json");
    oracle.fieldNames().forEachRemaining(q -> assertThat(served.get(q)).as(q).isEqualTo(oracle.get(q)));
  }
}
