package io.ringsim.cql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * ScriptShrinker against two fake servers: a tiny key-value interpreter, and the same one with a planted bug that
 * shows only after a given earlier statement. The shrinker must come back with exactly the statements the bug
 * needs, and run each try in a keyspace of its own.
 */
class ScriptShrinkerTest {
  private static final String TRIGGER = "ALTER TABLE t WITH comment = 'x'";

  /** Statements before the mismatch: the bug needs the keyspace, table t, both rows of t and the trigger. */
  private static final List<String> BEFORE = List.of(
      "CREATE KEYSPACE gen WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
      "USE gen",
      "CREATE TABLE u (k int PRIMARY KEY, v int)",
      "INSERT INTO u (k, v) VALUES (1, 5)",
      "CREATE TABLE t (k int PRIMARY KEY, v int)",
      "SELECT * FROM t",
      "INSERT INTO u (k, v) VALUES (2, 6)",
      "INSERT INTO t (k, v) VALUES (1, 10)",
      "SELECT * FROM u",
      "DELETE FROM u WHERE k = 1",
      "INSERT INTO u (k, v) VALUES (3, 7)",
      "SELECT * FROM t",
      "INSERT INTO t (k, v) VALUES (2, 20)",
      "INSERT INTO u (k, v) VALUES (4, 8)",
      "SELECT * FROM u",
      TRIGGER,
      "INSERT INTO u (k, v) VALUES (5, 9)",
      "DELETE FROM u WHERE k = 2",
      "SELECT * FROM u");
  private static final String TARGET = "SELECT * FROM t";

  private final Set<String> keyspacesCreated = new HashSet<>();
  private int scriptsRun;

  @Test
  void shrinksToExactlyTheStatementsTheMismatchNeeds() {
    ScriptShrinker.Result r = new ScriptShrinker(s -> run(s, false), s -> run(s, true), 500).shrink(BEFORE, TARGET);

    assertThat(r).isNotNull();
    assertThat(r.script()).containsExactly(BEFORE.get(0), "USE gen", "CREATE TABLE t (k int PRIMARY KEY, v int)",
        "INSERT INTO t (k, v) VALUES (1, 10)", "INSERT INTO t (k, v) VALUES (2, 20)", TRIGGER, TARGET);
    assertThat(r.minimal()).isTrue();
    assertThat(r.cassandra().rows()).containsExactly(List.of("1", "10"), List.of("2", "20"));
    assertThat(r.ringsim().rows()).containsExactly(List.of("2", "20"), List.of("1", "10"));
  }

  @Test
  void everyTryRunsInAKeyspaceOfItsOwnOnBothSides() {
    ScriptShrinker.Result r = new ScriptShrinker(s -> run(s, false), s -> run(s, true), 500).shrink(BEFORE, TARGET);

    assertThat(keyspacesCreated).doesNotContain("gen").hasSize(r.tries());
    assertThat(scriptsRun).isEqualTo(2 * r.tries());
  }

  @Test
  void aMismatchThatDoesNotComeBackInAFreshKeyspaceIsNotShrunk() {
    ScriptShrinker s = new ScriptShrinker(x -> run(x, false), x -> run(x, false), 500);
    assertThat(s.shrink(BEFORE, TARGET)).isNull();
  }

  @Test
  void aSpentBudgetGivesTheSmallestFailingScriptSoFarMarkedNotMinimal() {
    ScriptShrinker.Result r = new ScriptShrinker(s -> run(s, false), s -> run(s, true), 3).shrink(BEFORE, TARGET);

    assertThat(r.minimal()).isFalse();
    assertThat(r.script()).contains(TRIGGER, "INSERT INTO t (k, v) VALUES (1, 10)").endsWith(TARGET);
    assertThat(r.cassandra().agrees(r.ringsim())).isFalse();
  }

  @Test
  void theMinimalScriptIsWrittenReplayableWithBothAnswersAsComments() {
    ScriptShrinker.Result r = new ScriptShrinker(s -> run(s, false), s -> run(s, true), 500).shrink(BEFORE, TARGET);

    String cql = r.toCql("seed 7, statement 19");
    assertThat(cql).startsWith("-- seed 7, statement 19\n").endsWith("SELECT * FROM t;\nDROP KEYSPACE gen;\n")
        .contains("-- Cassandra: ok [k, v] [1, 10] [2, 20]\n-- ringsim:   ok [k, v] [2, 20] [1, 10]\n")
        .contains("\nUSE gen;\n");
  }

  // ------------------------------------------------------------------ the fake servers

  private static final Pattern INSERT = Pattern.compile("INSERT INTO (\\w+) \\(k, v\\) VALUES \\((\\d+), (\\d+)\\)");
  private static final Pattern DELETE = Pattern.compile("DELETE FROM (\\w+) WHERE k = (\\d+)");
  private static final Pattern TABLE = Pattern.compile("(?:CREATE TABLE|ALTER TABLE|SELECT \\* FROM) (\\w+).*");

  /** Runs a script on a fresh fake server; with {@code buggy}, SELECT on t after TRIGGER lists rows backwards. */
  private List<CqlAnswer> run(List<String> script, boolean buggy) {
    scriptsRun++;
    Set<String> keyspaces = new HashSet<>();
    String current = null;
    Map<String, TreeMap<Integer, Integer>> tables = new HashMap<>();
    boolean triggered = false;
    List<CqlAnswer> out = new ArrayList<>();
    for (String s : script) {
      Matcher m;
      if (s.startsWith("CREATE KEYSPACE ")) {
        String ks = s.split(" ")[2];
        keyspaces.add(ks);
        if (!buggy) keyspacesCreated.add(ks);
        out.add(CqlAnswer.ok(List.of(), List.of()));
      } else if (s.startsWith("DROP KEYSPACE")) {
        out.add(CqlAnswer.ok(List.of(), List.of()));
      } else if (s.startsWith("USE ")) {
        boolean exists = keyspaces.contains(s.substring(4));
        if (exists) current = s.substring(4);
        out.add(exists ? CqlAnswer.ok(List.of(), List.of())
            : CqlAnswer.error("InvalidRequest", "Keyspace '" + s.substring(4) + "' does not exist"));
      } else if (current == null) {
        out.add(CqlAnswer.error("InvalidRequest", "No keyspace has been specified."));
      } else if (s.startsWith("CREATE TABLE ")) {
        tables.put(s.split(" ")[2], new TreeMap<>());
        out.add(CqlAnswer.ok(List.of(), List.of()));
      } else {
        String table = (m = INSERT.matcher(s)).matches() || (m = DELETE.matcher(s)).matches()
            || (m = TABLE.matcher(s)).matches() ? m.group(1) : "?";
        TreeMap<Integer, Integer> rows = tables.get(table);
        if (rows == null) {
          out.add(CqlAnswer.error("InvalidRequest", "unconfigured table " + table));
          continue;
        }
        if ((m = INSERT.matcher(s)).matches()) rows.put(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        else if ((m = DELETE.matcher(s)).matches()) rows.remove(Integer.parseInt(m.group(2)));
        else if (s.equals(TRIGGER)) triggered = true;
        if (!s.startsWith("SELECT")) {
          out.add(CqlAnswer.ok(List.of(), List.of()));
          continue;
        }
        List<List<String>> result = new ArrayList<>();
        for (Map.Entry<Integer, Integer> e : rows.entrySet()) result.add(List.of("" + e.getKey(), "" + e.getValue()));
        if (buggy && triggered && table.equals("t")) Collections.reverse(result);
        out.add(CqlAnswer.ok(List.of("k", "v"), result));
      }
    }
    return out;
  }
}
