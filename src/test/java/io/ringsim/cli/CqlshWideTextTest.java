package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Chinese, full-width and combining-mark values line up in ringsim's cqlsh as in Apache cqlsh, which measures each
 * value in terminal columns (a Chinese character takes two, a combining accent none): the same statements give the
 * same tables and expanded rows, blank lines included, as cqlsh 6.1 printed against Cassandra 4.1
 * (src/test/resources/cqlsh/README.md).
 */
class CqlshWideTextTest {
  @Test
  void wideAndCombiningCharactersLineUpAsInCqlsh() throws IOException {
    CqlshCommand shell = new CqlshCommand();
    new picocli.CommandLine(shell).parseArgs("--nodes", "1");
    SimCluster sim = shell.cluster.start();
    StringWriter s = new StringWriter();
    try {
      ClientSession session = shell.cluster.session(sim);
      StatementBuffer buffer = new StatementBuffer();
      PrintWriter out = new PrintWriter(s);
      for (String line : resource("wide-text.cql").split("\n")) shell.handleLine(line, buffer, session, sim, out);
      out.flush();
    } finally {
      sim.close();
    }
    assertThat(s.toString()).isEqualTo(resource("wide-text.cqlsh-6.1.txt"));
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = CqlshWideTextTest.class.getResourceAsStream("/cqlsh/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
