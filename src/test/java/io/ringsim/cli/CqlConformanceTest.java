package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every case answered by real Cassandra 4.1 (src/test/resources/cql, copied from shared/cql): `ringsim cql -f
 * --format jsonl` must give the same ok/error class, and for successes the same columns and rows in order. The
 * scripts with directives (-- @advance, @flush, @compact, @restart: README.md there) also run through a 6-node
 * cluster, the directives acting on every node.
 */
class CqlConformanceTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"01_seed_users_clustering", "02_seed_stackoverflow_keys", "03_seed_playlists_index",
      "04_seed_application_logs", "05_seed_example_compact", "06_upsert_timestamps", "07_token_functions",
      "08_native_functions", "09_collection_elements", "10_lwt_ttl", "11_generated_seed2_n2000",
      "12_user_types", "13_fault_semantics", "14_differential_static_rows", "15_alter_drop_using_timestamp",
      "16_edge_values_short_forms", "20_duration", "21_json_functions", "22_error_messages", "23_alter_rename", "24_batch_tables", "25_table_compression",
      "26_describe_forms", "27_counter_batches", "28_arithmetic", "29_empty_values",
      "31_materialized_views", "32_describe_schema_table_options", "33_custom_types", "36_error_classes_literals",
      "36_error_classes_ddl", "36_error_classes_restrictions", "36_error_classes_batch_lwt"})
  void matchesCassandra(String name) throws IOException {
    compare(name);
  }

  /**
   * Scripts whose every error message must be Cassandra's word for word, not only its class: the feature switches'
   * refusals (cassandra.yaml at its defaults), and user-defined functions with `-- @yaml` switching them on.
   */
  @ParameterizedTest
  @ValueSource(strings = {"30_features_off", "30_user_functions", "34_aggregates_in_selectors",
      "35_literal_selectors", "37_cql3_yardstick_fixes", "37_select_distinct_rules", "38_collection_and_key_indexes",
      "39_compact_storage", "40_collection_elements_where_and_slices", "41_multi_column_relations",
      "42_function_args_and_tuple_updates", "43_select_restriction_rules", "44_dml_conditions_and_lists",
      "45_alter_add_and_counter_literals", "46_udf_names_and_alter_type_if",
      "47_conditional_batch_in_and_udf_checks", "48_java_udf_tuples_udts_dates", "49_roles_permissions_triggers",
      "50_replication_options", "51_prepare_order_select_index_aggregate",
      "52_syntax_error_wording", "53_cqlengine_findings", "54_dtest_findings",
      "55_sasi",
      "56_index_stale_entries",
      "57_short_tuples_reversed_types",
      "58_built_indexes",
      "59_sasi_analyzers",
      "61_cqlsh_suite_findings",
      "62_udf_empty_values",
      "63_dropped_columns",
      "64_sasi_stemming",
      "65_null_in_literals",
      "66_system_table_selects", "67_system_table_writes", "68_view_options", "69_cast_terms",
      "70_cqlpy_dml_findings", "71_cqlpy_types_ddl_findings", "72_cqlpy_json_key_findings",
      "73_cqlpy_function_findings", "74_cqlpy_view_name_findings", "75_cqlpy_grammar_findings",
      "76_empty_string_literals", "77_tuple_literals_and_text", "78_system_table_writes",
      "79_index_value_bytes", "80_varint_bytes", "81_describe_findings"})
  void matchesCassandraWordForWord(String name) throws IOException {
    List<String> differ = new ArrayList<>(compare(name).messageMismatches());
    // 35: Cassandra names a quoted user-type field key by a Java object's identity hash ("...Selectable$WithTerm$Raw@
    // cbd2694 is not a valid field identifier"), and answers a QUERY with markers "Invalid amount of bind variables"
    // where ringsim says a prepared statement is needed.
    differ.removeIf(m -> name.equals("35_literal_selectors") && LITERAL_SELECTOR_MESSAGES_NOT_COMPARED.stream()
        .anyMatch(m::contains));
    differ.removeIf(m -> KNOWN_MESSAGE_DIFFERENCES.getOrDefault(name, java.util.Set.of())
        .contains(Integer.parseInt(m.substring(0, m.indexOf(':')))));
    assertThat(differ).as(name + ": error messages that are not Cassandra's").isEmpty();
  }

  private static final List<String> LITERAL_SELECTOR_MESSAGES_NOT_COMPARED = List.of(
      "is not a valid field identifier of type addr", "Invalid amount of bind variables");

  /**
   * The error classes of 36: every message word for word, except the statements listed here, each for a reason
   * (the statement number, as in the expected file's "i").
   */
  @ParameterizedTest
  @ValueSource(strings = {"36_error_classes_literals", "36_error_classes_ddl", "36_error_classes_restrictions",
      "36_error_classes_batch_lwt"})
  void errorClassesWordForWord(String name) throws IOException {
    List<String> differ = new ArrayList<>(compare(name).messageMismatches());
    differ.removeIf(m -> KNOWN_MESSAGE_DIFFERENCES.getOrDefault(name, java.util.Set.of())
        .contains(Integer.parseInt(m.substring(0, m.indexOf(':')))));
    assertThat(differ).as(name + ": error messages that are not Cassandra's").isEmpty();
  }

  private static final java.util.Map<String, java.util.Set<Integer>> KNOWN_MESSAGE_DIFFERENCES = java.util.Map.of(
      // Cassandra's lexer stops at a lower-case ISO 8601 designator ("mismatched character 't' expecting 'T'");
      // ringsim's reads the literal as a name and fails at the next token.
      "75_cqlpy_grammar_findings", java.util.Set.of(11),
      // Syntax errors whose wording ringsim does not reproduce yet: USING TTL 10 AND <end> (Cassandra predicts TTL or
      // TIMESTAMP as alternatives), a float overflowing before a uuid's dash (Cassandra fails in the number first),
      // LIMIT x (Cassandra's LIMIT takes one token), a type followed by garbage (Cassandra predicts the type with
      // two tokens and brackets it).
      "52_syntax_error_wording", java.util.Set.of(18, 87, 123, 138, 142),
      // Cassandra's ReadFailure names the failing replica by its address and an ephemeral port.
      "55_sasi", java.util.Set.of(139),
      // An analyzer that fails to build (both normalizations, a delimiter not of one character): Cassandra's
      // ServerError says only InvocationTargetException; ringsim's names the cause.
      "59_sasi_analyzers", java.util.Set.of(158, 160, 162),
      // The same for a stemming or stop-word locale of one letter.
      "64_sasi_stemming", java.util.Set.of(69, 73),
      // Cassandra lists toDate's overloads in its hash order, which differs between a selector (08) and a term.
      "71_cqlpy_types_ddl_findings", java.util.Set.of(50));

  /** TTL expiry, tombstone purging and commit-log replay through a cluster: every node flushes, compacts, restarts. */
  @ParameterizedTest
  @ValueSource(strings = {"13_fault_semantics"})
  void faultSemanticsMatchCassandraThroughSixNodes(String name) throws IOException {
    compare(name, "--nodes", "6");
  }

  /**
   * Views answered with the nodes' clocks starting just before a second boundary, so that a view row shadowed by a
   * base change is written in a later second than the script's "now": the shadowing (an expired row marker) must
   * hold at any now, as Cassandra's ExpiredLivenessInfo does; it once came back as a live row (a flake of 31 that
   * depended on where in its second the wall clock started).
   */
  @Test
  void viewRowsStayShadowedWhenTheClockCrossesASecond() throws IOException {
    compare("31_materialized_views", "--now", "2026-01-01T00:00:00.990Z");
  }

  /**
   * Index reads through three nodes (RF 1: each range's one replica answers from its own index): stale entries left
   * by overwrites, deletes, expiry and removed elements stay hidden across flush, compaction and restart.
   */
  @Test
  void indexReadsMatchCassandraThroughThreeNodes() throws IOException {
    compare("56_index_stale_entries", "--nodes", "3");
  }

  /**
   * The same index reads with every row on all three nodes, read at ALL: each replica answers from its own index and
   * the coordinator's second round (ReplicaFilteringProtection) finds nothing to re-read where the replicas agree;
   * the answers are still the oracle's at RF 1.
   */
  @Test
  void indexReadsMatchCassandraAtAllOnThreeReplicas() throws IOException {
    for (String name : List.of("38_collection_and_key_indexes", "56_index_stale_entries", "58_built_indexes")) {
      compare(name, cql -> cql.replace("'replication_factor': 1}", "'replication_factor': 3}"),
          "--nodes", "3", "--consistency", "ALL");
    }
  }

  /** SASI's reads (a range scan every node filters as SASI evaluates it) give one node's answers through three. */
  @Test
  void sasiMatchesCassandraThroughThreeNodes() throws IOException {
    compare("55_sasi", "--nodes", "3");
    // A query's several words match by partition: each replica judges the partitions it holds.
    compare("59_sasi_analyzers", "--nodes", "3");
  }

  /** Errors whose message is not Cassandra's, as "i: expected ... got ...". */
  private record Outcome(List<String> messageMismatches) {}

  private Outcome compare(String name, String... clusterOptions) throws IOException {
    return compare(name, cql -> cql, clusterOptions);
  }

  /** As {@link #compare(String, String...)}, the script changed by {@code edit} first (its answers must not change). */
  private Outcome compare(String name, java.util.function.UnaryOperator<String> edit, String... clusterOptions)
      throws IOException {
    Path script = dir.resolve(name + ".cql");
    Files.writeString(script, edit.apply(resource("/cql/" + name + ".cql")));
    List<String> args = new ArrayList<>(List.of("cql", "-f", script.toString(), "--format", "jsonl"));
    args.addAll(List.of(clusterOptions));
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> actual = r.out().lines().toList();
    List<String> expected = resource("/cql/" + name + ".expected.jsonl").lines().toList();
    ObjectMapper om = new ObjectMapper();
    List<String> mismatches = new ArrayList<>();
    int messageMatches = 0, errors = 0;
    List<String> messageMismatches = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      JsonNode e = om.readTree(expected.get(i));
      if (i >= actual.size()) {
        mismatches.add("missing line " + i + ": " + e.get("cql").asText());
        continue;
      }
      JsonNode a = om.readTree(actual.get(i));
      if (!a.get("cql").asText().equals(edit.apply(e.get("cql").asText())) || !a.get("ok").equals(e.get("ok"))) {
        mismatches.add(i + ": expected " + expected.get(i) + "\n   got " + actual.get(i));
      } else if (e.get("ok").asBoolean()) {
        if (!a.get("columns").equals(e.get("columns")) || !a.get("rows").equals(e.get("rows")))
          mismatches.add(i + ": expected " + expected.get(i) + "\n   got " + actual.get(i));
      } else {
        errors++;
        if (!a.get("error").equals(e.get("error"))) {
          mismatches.add(i + ": expected " + expected.get(i) + "\n   got " + actual.get(i));
        } else if (sameButListedOrder(e.get("message").asText(), a.get("message").asText())) {
          messageMatches++;
        } else {
          messageMismatches.add(i + ": expected " + e.get("message") + "\n   got " + a.get("message"));
        }
      }
    }
    assertThat(mismatches).as(name).isEmpty();
    if (!messageMismatches.isEmpty()) System.out.println(name + ": messages differ:\n" + String.join("\n",
        messageMismatches));
    assertThat(actual).hasSameSizeAs(expected);
    String where = clusterOptions.length == 0 ? "" : " (" + String.join(" ", clusterOptions) + ")";
    System.out.println(name + where + ": " + expected.size() + "/" + expected.size() + " statements agree; error "
        + "messages identical to Cassandra's: " + messageMatches + "/" + errors);
    return new Outcome(messageMismatches);
  }

  /**
   * Whether two messages are the same but for the order of the overloads they list ("known type signatures: ...",
   * "can be matched by following signatures: ..."): Cassandra lists them in its hash order, which two runs of the
   * same node may give differently, so any order is Cassandra's.
   */
  static boolean sameButListedOrder(String expected, String actual) {
    return expected.equals(actual) || listedSorted(expected).equals(listedSorted(actual));
  }

  private static final Pattern LISTED = Pattern.compile(
      "(known type signatures|can be matched by following signatures): (.*)\\)(: use type casts to disambiguate)?$");

  private static String listedSorted(String message) {
    Matcher m = LISTED.matcher(message);
    if (!m.find()) return message;
    List<String> signatures = new ArrayList<>(List.of(m.group(2).split(", (?=[^,()]+ : \\()")));
    Collections.sort(signatures);
    return message.substring(0, m.start(2)) + String.join(", ", signatures) + message.substring(m.end(2));
  }

  private static String resource(String path) throws IOException {
    try (InputStream in = CqlConformanceTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
