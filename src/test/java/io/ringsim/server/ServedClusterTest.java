package io.ringsim.server;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A test class whose tests share one served cluster and one driver session: the cluster starts before the first
 * test, the session (the driver's default protocol version) runs {@code schema}, and both close after the last test.
 * A subclass's own {@code @BeforeAll} runs after this one's, with the session ready.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServedClusterTest {
  private final int nodes;
  private final long seed;
  private final List<String> schema;
  ServedClusterFixture fx;
  CqlSession session;

  ServedClusterTest(int nodes, long seed, String... schema) {
    this.nodes = nodes;
    this.seed = seed;
    this.schema = List.of(schema);
  }

  @BeforeAll
  final void startServedCluster() throws Exception {
    fx = new ServedClusterFixture(nodes, seed);
    session = fx.connect(null);
    for (String statement : schema) session.execute(statement);
  }

  @AfterAll
  final void stopServedCluster() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }
}
