package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESCRIBE prints what cqlsh 4.1 prints: the table below is the one in a published cqlsh session against Cassandra
 * 4.1 (resto_ny.inspection), and the listings are laid out as cqlsh's columnize does.
 */
class CqlDescribeTest {
  @TempDir Path dir;

  static final String INSPECTION = """
      CREATE TABLE resto_ny.inspection (
          idrestaurant int,
          inspectiondate date,
          criticalflag text,
          grade text,
          score int,
          violationcode text,
          violationdescription text,
          PRIMARY KEY (idrestaurant, inspectiondate)
      ) WITH CLUSTERING ORDER BY (inspectiondate ASC)
          AND additional_write_policy = '99p'
          AND bloom_filter_fp_chance = 0.01
          AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}
          AND cdc = false
          AND comment = ''
          AND compaction = {'class': 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy', \
      'max_threshold': '32', 'min_threshold': '4'}
          AND compression = {'chunk_length_in_kb': '16', 'class': 'org.apache.cassandra.io.compress.LZ4Compressor'}
          AND memtable = 'default'
          AND crc_check_chance = 1.0
          AND default_time_to_live = 0
          AND extensions = {}
          AND gc_grace_seconds = 864000
          AND max_index_interval = 2048
          AND memtable_flush_period_in_ms = 0
          AND min_index_interval = 128
          AND read_repair = 'BLOCKING'
          AND speculative_retry = '99p';
      """;

  @Test
  void describeTablePrintsTheFullCreateStatementAndItsIndexesAsCqlshDoes() throws IOException {
    String out = run("""
        CREATE KEYSPACE resto_ny WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        USE resto_ny;
        CREATE TABLE Inspection (idRestaurant int, inspectionDate date, violationCode text,
          violationDescription text, criticalFlag text, score int, grade text,
          PRIMARY KEY (idRestaurant, inspectionDate));
        CREATE INDEX fk_Inspection_Restaurant ON Inspection (grade);
        DESC TABLE Inspection;
        DESC Inspection;
        """);
    String expected = "\n" + INSPECTION + "\nCREATE INDEX fk_inspection_restaurant ON resto_ny.inspection (grade);\n";
    assertThat(out).isEqualTo(expected + expected);
  }

  @Test
  void describeKeyspaceListsTheKeyspaceThenEachTable() throws IOException {
    // The keyspace names the data centres dc1 and dc2, which the cluster must have (Cassandra refuses others):
    // the cluster is multi-dc's.
    String out = run("--scenario", "simulations/multi-dc.sim", """
        CREATE KEYSPACE "Multi" WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 2}
          AND durable_writes = false;
        CREATE TABLE "Multi".hits (page text, day date, hour int, n counter, PRIMARY KEY ((page, day), hour))
          WITH CLUSTERING ORDER BY (hour DESC);
        CREATE TABLE "Multi".kv (k int PRIMARY KEY, "Value" text);
        DESCRIBE "Multi";
        """);
    // Cassandra 4.1 writes its own strategy by its short name (src/test/resources/system-schema/describe.json).
    assertThat(out).startsWith("""

        CREATE KEYSPACE "Multi" WITH replication = {'class': 'NetworkTopologyStrategy', \
        'dc1': '3', 'dc2': '2'}  AND durable_writes = false;

        CREATE TABLE "Multi".hits (
            page text,
            day date,
            hour int,
            n counter,
            PRIMARY KEY ((page, day), hour)
        ) WITH CLUSTERING ORDER BY (hour DESC)
            AND additional_write_policy = '99p'
        """);
    assertThat(out).contains("""

        CREATE TABLE "Multi".kv (
            k int PRIMARY KEY,
            "Value" text
        ) WITH additional_write_policy = '99p'
        """);
  }

  @Test
  void listingsAreColumnizedAndGroupedByKeyspaceWhenNoneIsInUse() throws IOException {
    String out = run("""
        CREATE KEYSPACE alpha WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE KEYSPACE beta WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE TABLE alpha.one (k int PRIMARY KEY);
        CREATE TABLE alpha.two (k int PRIMARY KEY);
        CREATE TABLE beta.three (k int PRIMARY KEY);
        DESCRIBE KEYSPACES;
        DESCRIBE TABLES;
        USE alpha;
        DESCRIBE TABLES;
        """);
    // Cassandra's system keyspaces are listed too, as cqlsh lists them against Cassandra 4.1 (serve's answers).
    List<String> lines = out.lines().toList();
    assertThat(lines.get(1)).startsWith("alpha  system ").contains("system_virtual_schema");
    assertThat(lines.get(2)).startsWith("beta   system_auth ");
    assertThat(out).contains("\nKeyspace alpha\n--------------\none  two\n\nKeyspace beta\n-------------\nthree\n\n"
        + "Keyspace system\n").contains("\nKeyspace system_schema\n").endsWith("\n\n\none  two\n\n");
  }

  /** Cassandra 4.1.10's words (conformance 32 and the cqlsh session, docs/drivers.md): DESCRIBE TABLE says "Table". */
  @Test
  void unknownNamesAreCassandrasErrors() throws IOException {
    String out = run("""
        CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        USE k;
        DESCRIBE TABLE nope;
        DESCRIBE nope;
        DESCRIBE KEYSPACE nope;
        """);
    assertThat(out).contains("InvalidRequest: Table 'nope' not found in keyspace 'k'")
        .contains("InvalidRequest: 'nope' not found in keyspace 'k'")
        .contains("InvalidRequest: 'nope' not found in keyspaces");
  }

  private String run(String script) throws IOException {
    return run(null, null, script);
  }

  private String run(String option, String value, String script) throws IOException {
    Path f = dir.resolve("d.cql");
    Files.writeString(f, script);
    CliRun r = option == null ? CliRun.of("cql", "-f", f.toString())
        : CliRun.of("cql", "-f", f.toString(), option, value);
    assertThat(r.exitCode()).isZero();
    return r.out().lines().map(l -> l + "\n")
        .reduce("", String::concat);
  }
}
