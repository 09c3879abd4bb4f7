package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Adding a column to a view's base announces the view too, as Cassandra's schema listener does: the Python driver's
 * test_base_table_column_addition_mv waits for the view's own event to see the new column in the view's metadata.
 */
class SchemaEventsTest {
  private static final CqlFeatures ON = CqlFeatures.DEFAULTS.with("materialized_views_enabled", "true");

  @Test
  void addingAColumnToABaseAnnouncesTheViewsOfAllItsColumnsAndNotTheOthers() {
    Catalog before = SchemaOps.applyAll(Catalog.EMPTY, List.of(
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "CREATE TABLE ks.t (k int, c int, v int, PRIMARY KEY (k, c))",
        "CREATE MATERIALIZED VIEW ks.all_t AS SELECT * FROM ks.t WHERE k IS NOT NULL AND c IS NOT NULL"
            + " PRIMARY KEY (c, k)",
        "CREATE MATERIALIZED VIEW ks.some_t AS SELECT k, c FROM ks.t WHERE k IS NOT NULL AND c IS NOT NULL"
            + " PRIMARY KEY (c, k)"), ON, List.of("datacenter1"));
    String alter = "ALTER TABLE ks.t ADD fouls int";
    Catalog after = SchemaOps.applyAll(before, List.of(alter), ON, List.of("datacenter1"));
    SchemaEvents.Change base = SchemaEvents.change(CqlParser.parse(alter), before, after, null);
    assertThat(base.object()).isEqualTo("t");
    assertThat(SchemaEvents.viewChanges(base, before, after)).extracting(SchemaEvents.Change::object)
        .containsExactly("all_t");
  }
}
