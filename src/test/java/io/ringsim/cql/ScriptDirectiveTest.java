package io.ringsim.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Directives are steps for those who ask for them and comments for every other reader of a script. */
class ScriptDirectiveTest {
  private static final String SCRIPT = """
      INSERT INTO t (k) VALUES (1); -- @flush here is a trailing comment, not a directive
      -- @advance 2m
        --@flush
      -- a comment that mentions @restart
      SELECT * FROM t;
      -- @restart
      """;

  @Test
  void stepsKeepTheDirectivesInOrderWhileSplitSeesOnlyStatements() {
    List<CqlScript.Item> steps = CqlScript.steps(SCRIPT);
    assertThat(steps).extracting(i -> i.isDirective() ? i.directive().toString() : i.cql())
        .containsExactly("INSERT INTO t (k) VALUES (1)", "@advance 120s", "@flush", "SELECT * FROM t", "@restart");
    assertThat(steps.get(1).line()).isEqualTo(2);
    assertThat(CqlScript.split(SCRIPT)).extracting(CqlScript.Item::cql)
        .containsExactly("INSERT INTO t (k) VALUES (1)", "SELECT * FROM t");
  }

  @Test
  void durationsAreWholeSecondsInAnyUnit() {
    assertThat(ScriptDirective.parse("-- @advance 3d").seconds()).isEqualTo(3 * 86400);
    assertThat(ScriptDirective.parse("-- @advance 1h").seconds()).isEqualTo(3600);
    assertThatThrownBy(() -> ScriptDirective.parse("-- @advance 500ms")).hasMessageContaining("whole seconds");
    assertThatThrownBy(() -> ScriptDirective.parse("-- @advance")).hasMessageContaining("whole seconds");
    assertThatThrownBy(() -> ScriptDirective.parse("-- @flush now")).hasMessage("@flush takes no argument");
    assertThat(ScriptDirective.parse("-- flush")).isNull();
  }

  @Test
  void aDollarStringKeepsItsLinesAndIsNotEndedByTheirSemicolons() {
    var items = CqlScript.split("CREATE FUNCTION f(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS $$\n"
        + "  int y = x; // not a comment here\n  return y;\n$$;\nSELECT f(k) FROM t; -- a comment\n");
    assertThat(items).extracting(CqlScript.Item::cql).containsExactly("CREATE FUNCTION f(x int) RETURNS NULL ON NULL "
        + "INPUT RETURNS int LANGUAGE java AS $$\n  int y = x; // not a comment here\n  return y;\n$$",
        "SELECT f(k) FROM t");
    assertThat(items).extracting(CqlScript.Item::line).containsExactly(1, 5);
  }

  @Test
  void yamlSwitchesComeBeforeTheFirstStatement() {
    var steps = CqlScript.steps("-- @yaml user_defined_functions_enabled: true\nSELECT 1 FROM t;\n");
    assertThat(CqlScript.yaml(steps)).containsExactly("user_defined_functions_enabled=true");
    assertThatThrownBy(() -> CqlScript.steps("SELECT 1 FROM t;\n-- @yaml sasi_indexes_enabled: true\n"))
        .hasMessageContaining("after the first statement");
    assertThatThrownBy(() -> ScriptDirective.parse("-- @yaml enable_sasi: true")).hasMessageContaining(
        "unknown cassandra.yaml setting 'enable_sasi'");
  }
}
