package io.ringsim.cql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ViewMetadata;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a materialized view does to its base table's schema statements (the rest is conformance 31's). */
class ViewOpsTest {
  private static final CqlFeatures ON = CqlFeatures.DEFAULTS.with("materialized_views_enabled", "true");

  private static Catalog schema() {
    return SchemaOps.applyAll(Catalog.EMPTY, List.of(
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "CREATE TABLE ks.t (k int, c int, v int, PRIMARY KEY (k, c))",
        "CREATE MATERIALIZED VIEW ks.by_v AS SELECT k, c, v FROM ks.t WHERE k IS NOT NULL AND c IS NOT NULL"
            + " AND v IS NOT NULL PRIMARY KEY (v, k, c)",
        "CREATE TABLE ks.other (k int, c int, PRIMARY KEY (k, c))"), ON, List.of("datacenter1"));
  }

  @Test
  void renamingBaseKeyColumnsRenamesThemInTheViewAndItsWhereClause() {
    Catalog c = SchemaOps.applyAll(schema(), List.of("ALTER TABLE ks.t RENAME c TO cc AND k TO \"K\""), ON,
        List.of("datacenter1"));
    ViewMetadata v = c.view("ks", "by_v").orElseThrow();
    assertThat(v.table().columns()).extracting(ColumnDef::name).containsExactly("v", "K", "cc");
    assertThat(v.whereClause()).isEqualTo("\"K\" IS NOT NULL AND cc IS NOT NULL AND v IS NOT NULL");
    Catalog renamed = SchemaOps.applyAll(c, List.of("ALTER TABLE ks.other RENAME c TO cc"), ON, List.of("datacenter1"));
    assertThat(renamed.table("ks", "other").orElseThrow().column("cc")).isPresent();
    assertThat(renamed.view("ks", "by_v").orElseThrow()).isEqualTo(v);
  }

  @Test
  void aViewIsGoneWithItsKeyspaceAndItsTableIsReadLikeATable() {
    Catalog c = schema();
    assertThat(c.table("ks", "by_v")).isPresent();
    assertThat(c.tables("ks")).extracting(t -> t.name()).containsExactly("other", "t");
    Catalog dropped = SchemaOps.applyAll(c, List.of("DROP KEYSPACE ks"), ON, List.of("datacenter1"));
    assertThat(dropped.allViews()).isEmpty();
    assertThat(dropped.table("ks", "by_v")).isEmpty();
  }

  @Test
  void columnsAreListedInTheOrderOfJavasHashSetAsCassandrasMessagesList() {
    // Cassandra 4.1 answered "(got a, b)" for a view keyed on a, b and k of a table keyed on k (conformance 31).
    assertThat(ViewOps.hashSetOrder(List.of("a", "b"))).containsExactly("a", "b");
    assertThat(ViewOps.hashSetOrder(List.of("b", "a"))).containsExactly("a", "b");
  }
}
