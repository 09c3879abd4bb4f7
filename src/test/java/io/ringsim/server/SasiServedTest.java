package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.IndexKind;
import com.datastax.oss.driver.api.core.metadata.schema.IndexMetadata;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SASI indexes through the native protocol with sasi_indexes_enabled on, as a driver sees them in Cassandra 4.1
 * (checked against the oracle with the python driver): every CREATE, even one IF NOT EXISTS finds done, comes back
 * with Cassandra's warning (a refused one and a built-in index's do not); system_schema.indexes lists the index as
 * CUSTOM with its options, class_name and target, which the driver's metadata reads; LIKE queries page through a
 * three-node ring in token order; an analyzer ringsim does not simulate is refused in one line.
 */
class SasiServedTest {
  private static final String SASI = "'org.apache.cassandra.index.sasi.SASIIndex'";
  private static final String WARNING = "SASI indexes are experimental and are not recommended for production use.";

  @Test
  void aDriverSeesTheWarningTheMetadataAndLikeResults() throws Exception {
    var config = ConfigFactory.parseString("ringsim.cql.sasi_indexes_enabled = true")
        .withFallback(ConfigFactory.load("application-test"));
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 29, 1.0, config);
        CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE p WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE p.t (k int PRIMARY KEY, v text, n int)");
      ResultSet created = s.execute("CREATE CUSTOM INDEX vi ON p.t (v) USING " + SASI + " WITH OPTIONS = {'mode': "
          + "'CONTAINS', 'case_sensitive': 'false', 'analyzer_class': "
          + "'org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer'}");
      assertThat(created.getExecutionInfo().getWarnings()).containsExactly(WARNING);
      assertThat(s.execute("CREATE CUSTOM INDEX IF NOT EXISTS vi ON p.t (v) USING " + SASI).getExecutionInfo()
          .getWarnings()).containsExactly(WARNING);
      assertThat(s.execute("CREATE INDEX ON p.t (n)").getExecutionInfo().getWarnings()).isEmpty();
      assertThatThrownBy(() -> s.execute("CREATE CUSTOM INDEX vi ON p.t (v) USING " + SASI))
          .isInstanceOf(InvalidQueryException.class).hasMessage("Index 'vi' already exists");

      Row row = s.execute("SELECT kind, options FROM system_schema.indexes WHERE keyspace_name = 'p' AND "
          + "table_name = 't' AND index_name = 'vi'").one();
      assertThat(row.getString("kind")).isEqualTo("CUSTOM");
      assertThat(row.getMap("options", String.class, String.class)).containsExactlyEntriesOf(new java.util.TreeMap<>(
          Map.of("analyzer_class", "org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer",
              "case_sensitive", "false", "class_name", "org.apache.cassandra.index.sasi.SASIIndex",
              "mode", "CONTAINS", "target", "v")));
      ServedClusterFixture.await("the driver's metadata to know the index", Duration.ofSeconds(30),
          () -> s.getMetadata().getKeyspace("p").flatMap(k -> k.getTable("t")).map(t -> t.getIndexes().size() == 2)
              .orElse(false));
      IndexMetadata vi = s.getMetadata().getKeyspace("p").orElseThrow().getTable("t").orElseThrow().getIndexes()
          .get(com.datastax.oss.driver.api.core.CqlIdentifier.fromCql("vi"));
      assertThat(vi.getKind()).isEqualTo(IndexKind.CUSTOM);
      assertThat(vi.getClassName()).hasValue("org.apache.cassandra.index.sasi.SASIIndex");
      assertThat(vi.getTarget()).isEqualTo("v");

      for (int k = 0; k < 40; k++) {
        s.execute(SimpleStatement.newInstance("INSERT INTO p.t (k, v, n) VALUES (?, ?, ?)", k,
            (k % 2 == 0 ? "Apple " : "banana ") + k, k));
      }
      List<Row> likes = s.execute(SimpleStatement.newInstance("SELECT k, v FROM p.t WHERE v LIKE '%APPLE%'")
          .setPageSize(7)).all();
      assertThat(likes).hasSize(20).allSatisfy(r -> assertThat(r.getInt("k") % 2).isZero());
      List<Integer> order = likes.stream().map(r -> r.getInt("k")).toList();
      List<Integer> scan = s.execute("SELECT k FROM p.t").all().stream().map(r -> r.getInt("k"))
          .filter(k -> k % 2 == 0).toList();
      assertThat(order).as("token order, as a full scan").isEqualTo(scan);
      assertThat(s.execute("SELECT k FROM p.t WHERE v LIKE 'banana 3%'").all()).extracting(r -> r.getInt("k"))
          .containsExactlyInAnyOrder(3, 31, 33, 35, 37, 39);
      var prepared = s.prepare("SELECT k FROM p.t WHERE v LIKE ?");
      assertThat(s.execute(prepared.bind("%NANA 1%")).all()).extracting(r -> r.getInt("k"))
          .containsExactlyInAnyOrder(1, 11, 13, 15, 17, 19);
      assertThatThrownBy(() -> s.execute(prepared.bind("%"))).isInstanceOf(InvalidQueryException.class)
          .hasMessage("LIKE value can't be empty.");

      // Stemmed as Cassandra stems (its Snowball stemmer for the locale): a query for 'running' finds 'runs'.
      s.execute("CREATE TABLE p.stems (k int PRIMARY KEY, w text)");
      s.execute("CREATE CUSTOM INDEX ON p.stems (w) USING " + SASI + " WITH OPTIONS = "
          + "{'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer', "
          + "'tokenization_enable_stemming': 'true', 'tokenization_locale': 'en', "
          + "'tokenization_normalize_lowercase': 'true'}");
      s.execute("INSERT INTO p.stems (k, w) VALUES (1, 'The runner runs')");
      s.execute("INSERT INTO p.stems (k, w) VALUES (2, 'A walk')");
      assertThat(s.execute(s.prepare("SELECT k FROM p.stems WHERE w LIKE ?").bind("Running")).all())
          .extracting(r -> r.getInt("k")).containsExactly(1);
    }
  }
}
