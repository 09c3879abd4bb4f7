package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The Python driver (Debian's python3-cassandra, what cqlsh is built on) against six served nodes: it must connect
 * and load the whole schema metadata, and answer every statement of the conformance scripts as Cassandra did
 * (src/test/python/driver_conformance.py), those with directives aside (ConformanceScripts). Skipped where the
 * driver is not installed, except under CI=true, where .ci/run installs it and its absence is a failure.
 */
class PythonDriverTest {
  static final String PYTHON = "/usr/bin/python3";

  static boolean driverInstalled() throws Exception {
    if (!new File(PYTHON).canExecute()) return false;
    Process p = new ProcessBuilder(PYTHON, "-c", "import cassandra.cluster").redirectErrorStream(true).start();
    return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  @Test
  void thePythonDriverConnectsLoadsTheSchemaAndAnswersAsCassandraDid() throws Exception {
    boolean installed = driverInstalled();
    if (!installed && "true".equals(System.getenv("CI")))
      throw new AssertionError("python3-cassandra is not installed (.ci/run installs it)");
    Assumptions.assumeTrue(installed, "python3-cassandra not installed");
    List<String> cmd = new ArrayList<>(List.of(PYTHON, "src/test/python/driver_conformance.py"));
    try (ServedClusterFixture fx = new ServedClusterFixture(6, 3)) {
      cmd.add(2, String.valueOf(fx.port));
      ConformanceScripts.replayableByADriver().forEach(f -> cmd.add(f.toString()));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      boolean ended = p.waitFor(5, TimeUnit.MINUTES);
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!ended) p.destroyForcibly();
      assertThat(ended).as("the Python run ended").isTrue();
      assertThat(out).contains("hosts 127.0.0.1 127.0.0.2 127.0.0.3 127.0.0.4 127.0.0.5 127.0.0.6");
      assertThat(out).doesNotContain("DIFF");
      assertThat(out).as("the seeds' error messages word for word").doesNotContainPattern("message differs: 0[1-6]_");
      assertThat(p.exitValue()).as(out).isZero();
    }
  }
}
