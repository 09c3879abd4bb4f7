package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import com.typesafe.config.ConfigFactory;
import io.ringsim.sim.Checker;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A materialized view through the native protocol, as a driver sees it (materialized_views_enabled on): the CREATE
 * comes back with Cassandra's warning, the driver's schema metadata (built from system_schema.views and columns)
 * knows the view, a base write is read back from the view, and the checker counts the view's reads as not judged
 * instead of judging them against the base's writes.
 */
class MaterializedViewServedTest {

  @Test
  void aDriverSeesTheViewItsRowsAndTheCheckerLeavesItsReadsUnjudged() throws Exception {
    var config = ConfigFactory.parseString("ringsim.cql.materialized_views_enabled = true")
        .withFallback(ConfigFactory.load("application-test"));
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 23, 1.0, config);
        CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE mv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE mv.users (id int PRIMARY KEY, email text, name text)");
      ResultSet created = s.execute("CREATE MATERIALIZED VIEW mv.by_email AS SELECT * FROM mv.users"
          + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id)");
      assertThat(created.getExecutionInfo().getWarnings())
          .containsExactly("Materialized views are experimental and are not recommended for production use.");
      ServedClusterFixture.await("the driver's metadata to know the view", Duration.ofSeconds(30),
          () -> s.getMetadata().getKeyspace("mv").flatMap(k -> k.getView("by_email")).isPresent());
      ViewMetadata view = s.getMetadata().getKeyspace("mv").orElseThrow().getView("by_email").orElseThrow();
      assertThat(view.getBaseTable()).isEqualTo(CqlIdentifier.fromCql("users"));
      assertThat(view.includesAllColumns()).isTrue();
      assertThat(view.getWhereClause()).hasValue("email IS NOT NULL AND id IS NOT NULL");
      assertThat(view.getPartitionKey()).extracting(c -> c.getName().asInternal()).containsExactly("email");
      assertThat(view.getClusteringColumns().keySet()).extracting(c -> c.getName().asInternal())
          .containsExactly("id");

      s.execute("INSERT INTO mv.users (id, email, name) VALUES (1, 'ann@x', 'Ann')");
      ServedClusterFixture.await("the view row", Duration.ofSeconds(30),
          () -> !s.execute("SELECT * FROM mv.by_email WHERE email = 'ann@x'").all().isEmpty());
      Row r = s.execute("SELECT id, name FROM mv.by_email WHERE email = 'ann@x'").one();
      assertThat(r.getInt("id")).isEqualTo(1);
      assertThat(r.getString("name")).isEqualTo("Ann");

      List<ServedOp> ops = new ArrayList<>(fx.served.history().servedOps());
      Checker.Result result = ServedChecker.check(ops);
      assertThat(result.anomalies()).isEmpty();
      assertThat(result.notJudged().get(NotJudged.MATERIALIZED_VIEW)).as("view reads not judged").isPositive();
    }
  }
}
