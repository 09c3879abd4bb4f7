package io.ringsim.cql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlScript;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class CqlParserTest {

  @ParameterizedTest
  @ValueSource(strings = {"01_seed_users_clustering", "02_seed_stackoverflow_keys", "03_seed_playlists_index",
      "04_seed_application_logs", "05_seed_example_compact", "06_upsert_timestamps"})
  void everyConformanceStatementParsesOrFailsAsCassandraSaid(String name) throws IOException {
    String script = resource("/cql/" + name + ".cql");
    List<String> expected = List.of(resource("/cql/" + name + ".expected.jsonl").split("\n"));
    List<CqlScript.Item> items = CqlScript.split(script);
    assertThat(items).hasSize(expected.size());
    ObjectMapper om = new ObjectMapper();
    for (int i = 0; i < items.size(); i++) {
      JsonNode e = om.readTree(expected.get(i));
      assertThat(items.get(i).cql()).isEqualTo(e.get("cql").asText());
      boolean syntaxError = !e.get("ok").asBoolean() && e.get("error").asText().equals("SyntaxError");
      if (syntaxError) {
        int idx = i;
        assertThatThrownBy(() -> CqlParser.parse(items.get(idx).cql()))
            .isInstanceOf(CqlException.class).hasMessage(e.get("message").asText())
            .extracting(x -> ((CqlException) x).errorClass()).isEqualTo(CqlErrorClass.SyntaxError);
      } else {
        assertThat(CqlParser.parse(items.get(i).cql())).as(items.get(i).cql()).isNotNull();
      }
    }
  }

  private static String resource(String path) throws IOException {
    try (var in = CqlParserTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void selectParts() {
    Statement.Select s = (Statement.Select) CqlParser.parse("SELECT a AS x, token(k), count(*) FROM ks.t WHERE k IN"
        + " (1, 2) AND (c1, c2) > (1, 'a') ORDER BY c1 DESC PER PARTITION LIMIT 2 LIMIT 10 ALLOW FILTERING;");
    assertThat(s.keyspace()).isEqualTo("ks");
    assertThat(s.selectors()).containsExactly(new Selector.Aliased(new Selector.Column("a"), "x"),
        new Selector.Function("token", List.of(new Selector.Column("k"))), new Selector.CountStar("count(*)"));
    assertThat(s.where().get(0)).isInstanceOf(Relation.In.class);
    assertThat(s.where().get(1)).isInstanceOf(Relation.MultiColumn.class);
    assertThat(s.orderBy()).containsExactly(new Statement.Ordering("c1", true));
    assertThat(s.perPartitionLimit()).isEqualTo(new Term.Literal(Term.Kind.INTEGER, "2"));
    assertThat(s.limit()).isEqualTo(new Term.Literal(Term.Kind.INTEGER, "10"));
    assertThat(s.allowFiltering()).isTrue();
  }

  @Test
  void identifiersFoldUnlessQuotedAndStringsUnescape() {
    Statement.Insert i = (Statement.Insert) CqlParser.parse("insert INTO \"MyT\" (Abc, \"Def\") values ('it''s', $$x$$)");
    assertThat(i.table()).isEqualTo("MyT");
    assertThat(i.columns()).containsExactly("abc", "Def");
    assertThat(i.values()).containsExactly(new Term.Literal(Term.Kind.STRING, "it's"),
        new Term.Literal(Term.Kind.STRING, "x"));
  }

  @Test
  void createTableWithEveryKeyForm() {
    Statement.CreateTable t = (Statement.CreateTable) CqlParser.parse("CREATE TABLE IF NOT EXISTS t (a int, b text,"
        + " c map<text, frozen<set<int>>>, s int static, PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC)"
        + " AND gc_grace_seconds = 10 AND compaction = {'class': 'LeveledCompactionStrategy'}");
    assertThat(t.partitionKey()).containsExactly("a", "b");
    assertThat(t.clustering()).containsExactly("c");
    assertThat(t.columns().get(2).type()).isEqualTo("map<text, frozen<set<int>>>");
    assertThat(t.columns().get(3).isStatic()).isTrue();
    assertThat(t.clusteringDescending()).containsEntry("c", true);
    assertThat(t.options()).containsKeys("gc_grace_seconds", "compaction");
  }

  @Test
  void syntaxErrorsNameLineAndColumn() {
    // Cassandra 4.1 (asked of the oracle) reports a statement that ends too soon at line 0:-1, without a snippet.
    assertThatThrownBy(() -> CqlParser.parse("SELECT * FROM t WHERE"))
        .hasMessage("line 0:-1 no viable alternative at input '<EOF>'");
    assertThatThrownBy(() -> CqlParser.parse("UPDATE t SET\n a = WHERE k = 1"))
        .hasMessageStartingWith("line 2:5 ");
    assertThatThrownBy(() -> CqlParser.parse("SELECT * FROM t; SELECT"))
        .isInstanceOf(CqlException.class);
  }

  @Test
  void batchesAndLwt() {
    Statement.Batch b = (Statement.Batch) CqlParser.parse("BEGIN UNLOGGED BATCH USING TIMESTAMP 5 INSERT INTO t (k)"
        + " VALUES (1); UPDATE t SET v = v + 1 WHERE k = 1 IF v = 3; DELETE v FROM t WHERE k = 2; APPLY BATCH");
    assertThat(b.type()).isEqualTo("UNLOGGED");
    assertThat(b.statements()).hasSize(3);
    assertThat(((Statement.Update) b.statements().get(1)).conditions()).hasSize(1);
  }

  @Test
  void sliceBoundsLexAsCassandraDoesAndMapEntriesAreRelations() {
    Statement.Select s = (Statement.Select) CqlParser.parse(
        "SELECT s[0..1], m[0...3.], m[..2] FROM t WHERE m['k'] = 'v' ALLOW FILTERING");
    assertThat(s.selectors()).containsExactly(
        new Selector.Slice(new Selector.Column("s"), new Term.Literal(Term.Kind.INTEGER, "0"),
            new Term.Literal(Term.Kind.INTEGER, "1")),
        new Selector.Slice(new Selector.Column("m"), new Term.Literal(Term.Kind.FLOAT, "0."),
            new Term.Literal(Term.Kind.FLOAT, "3.")),
        new Selector.Slice(new Selector.Column("m"), null, new Term.Literal(Term.Kind.INTEGER, "2")));
    assertThat(s.where()).containsExactly(new Relation.Element("m", new Term.Literal(Term.Kind.STRING, "k"),
        Relation.Op.EQ, new Term.Literal(Term.Kind.STRING, "v"), 1, 47));
  }
}
