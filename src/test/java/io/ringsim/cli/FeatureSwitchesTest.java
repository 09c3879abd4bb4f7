package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cassandra.yaml's feature switches as a user of `ringsim cql` meets them: off by default with Cassandra's refusal,
 * on with --yaml NAME=VALUE or a script's `-- @yaml NAME: VALUE`, and a misspelt one refused in one line. (That
 * the refusals are Cassandra's word for word is CqlConformanceTest's 30_features_off.)
 */
class FeatureSwitchesTest {
  @TempDir Path dir;

  private static final String SCHEMA = """
      CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      USE ks;
      """;
  private static final String CREATE = "CREATE FUNCTION f(x int) RETURNS NULL ON NULL INPUT RETURNS int "
      + "LANGUAGE java AS 'return x + 1;';\n";

  private CliRun cql(String script, String... more) throws IOException {
    Path f = Files.writeString(dir.resolve("s.cql"), script);
    String[] args = new String[5 + more.length];
    args[0] = "cql";
    args[1] = "-f";
    args[2] = f.toString();
    args[3] = "--format";
    args[4] = "jsonl";
    System.arraycopy(more, 0, args, 5, more.length);
    return CliRun.of(args);
  }

  @Test
  void userDefinedFunctionsAreOffUntilASwitchTurnsThemOn() throws IOException {
    CliRun off = cql(SCHEMA + CREATE);
    assertThat(off.exitCode()).isZero();
    assertThat(off.out()).contains("User-defined functions are disabled in cassandra.yaml - set "
        + "user_defined_functions_enabled=true to enable");
    CliRun on = cql(SCHEMA + CREATE, "--yaml", "user_defined_functions_enabled=true");
    assertThat(on.out()).doesNotContain("disabled");
    CliRun directive = cql("-- @yaml user_defined_functions_enabled: true\n" + SCHEMA + CREATE);
    assertThat(directive.out()).doesNotContain("disabled");
  }

  @Test
  void anUnknownSwitchOrValueIsOneLineAndExitTwo() throws IOException {
    CliRun r = cql(SCHEMA, "--yaml", "enable_user_defined_functions=true");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("--yaml: unknown cassandra.yaml setting "
        + "'enable_user_defined_functions'");
    r = cql(SCHEMA, "--yaml", "sasi_indexes_enabled=yes");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("sasi_indexes_enabled: 'yes' is not true or false");
    r = CliRun.of("serve", "--nodes", "1", "--yaml", "user_defined_functions=true");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--yaml: unknown cassandra.yaml setting 'user_defined_functions'");
    r = cql(SCHEMA + "-- @yaml materialized_views_enabled: true\n");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("s.cql:3:1: @yaml materialized_views_enabled: true after the first statement");
  }
}
