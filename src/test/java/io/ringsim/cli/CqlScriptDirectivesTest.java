package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directives a CQL script may carry between statements (-- @advance, @flush, @compact, @restart), as a user of
 * `ringsim cql -f` meets them: time passing expires TTLs, a restart keeps acknowledged writes, a misspelt directive is
 * refused rather than read as a comment. (Their agreement with Cassandra is CqlConformanceTest's 13_fault_semantics.)
 */
class CqlScriptDirectivesTest {
  @TempDir Path dir;

  private CliRun cql(String script, String... more) throws IOException {
    Path f = Files.writeString(dir.resolve("s.cql"), script);
    String[] args = new String[3 + more.length];
    args[0] = "cql";
    args[1] = "-f";
    args[2] = f.toString();
    System.arraycopy(more, 0, args, 3, more.length);
    return CliRun.of(args);
  }

  private static final String TABLE = """
      CREATE KEYSPACE d WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      USE d;
      CREATE TABLE t (k int PRIMARY KEY, v text);
      """;

  @Test
  void advancingTimeExpiresATtlAndCountsItDown() throws IOException {
    CliRun r = cql(TABLE + """
        INSERT INTO t (k, v) VALUES (1, 'soon gone') USING TTL 10;
        -- @advance 4s
        SELECT v, ttl(v) FROM t WHERE k = 1;
        -- @advance 6s
        SELECT v FROM t WHERE k = 1;
        """, "--format", "jsonl");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"rows\": [[\"soon gone\", 6]]");
    assertThat(r.out().lines().reduce((a, b) -> b).orElseThrow()).contains("\"rows\": []");
  }

  @Test
  void aRestartReplaysTheCommitLogOfEveryNodeAndSaysSo() throws IOException {
    CliRun r = cql(TABLE + """
        INSERT INTO t (k, v) VALUES (1, 'flushed');
        -- @flush
        INSERT INTO t (k, v) VALUES (2, 'only in the memtable');
        -- @restart
        SELECT * FROM t;
        """, "--nodes", "3");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("-- @flush: Flushed n1, n2, n3.");
    assertThat(r.out()).contains("-- @restart: Restarted n1, n2, n3 (commit log replayed: ");
    assertThat(r.out()).contains("flushed").contains("only in the memtable");
  }

  @Test
  void aMisspeltDirectiveIsRefusedWithItsLineNotSkippedAsAComment() throws IOException {
    CliRun r = cql(TABLE + "-- @advnce 10s\nSELECT * FROM t;\n");
    BadInputTest.refused(r, "s.cql:4:1: unknown directive @advnce (expected @advance, @flush, @compact, @restart or @yaml)");
    BadInputTest.refused(cql(TABLE + "-- @advance 1.5s\n"), "s.cql:4:1: @advance needs whole seconds");
  }

  @Test
  void aDirectiveInsideAStatementIsRefused() throws IOException {
    BadInputTest.refused(cql(TABLE + "SELECT *\n-- @flush\nFROM t;\n"),
        "s.cql:5:1: @flush inside a statement (the statement that starts on line 4 has no ';' yet)");
  }

  @Test
  void aDroppedColumnsOldValuesStayHiddenWhenAColumnOfThatNameIsAddedAgain() throws IOException {
    CliRun r = cql(TABLE + """
        INSERT INTO t (k, v) VALUES (1, 'before the drop');
        ALTER TABLE t DROP v;
        ALTER TABLE t ADD v int;
        ALTER TABLE t ADD v text;
        SELECT * FROM t;
        INSERT INTO t (k, v) VALUES (2, 'after');
        SELECT * FROM t;
        """, "--format", "jsonl");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("Cannot re-add previously dropped column 'v' of type int, incompatible with "
        + "previous type text");
    assertThat(r.out()).contains("\"rows\": [[1, null]]").contains("[2, \"after\"]").doesNotContain("\"before the drop\"]");
  }
}
