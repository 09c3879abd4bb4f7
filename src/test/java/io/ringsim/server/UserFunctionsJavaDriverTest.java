package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.FunctionMetadata;
import com.datastax.oss.driver.api.core.servererrors.FunctionFailureException;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * User-defined functions as a Java driver user meets them on a cluster served with user_defined_functions_enabled:
 * prepared calls, a function that throws answering FunctionFailure while the session carries on, and the driver's
 * metadata following CREATE / DROP through SCHEMA_CHANGE events and system_schema.functions.
 */
class UserFunctionsJavaDriverTest {
  private static ServedClusterFixture fx;
  private static CqlSession session;

  @BeforeAll
  static void start() throws Exception {
    fx = new ServedClusterFixture(3, 7, 1.0, ConfigFactory.parseMap(Map.of(
        "ringsim.cql.user_defined_functions_enabled", true)).withFallback(ConfigFactory.load("application-test")));
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE uf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    session.execute("CREATE TABLE uf.t (k int PRIMARY KEY, v int)");
    session.execute("INSERT INTO uf.t (k, v) VALUES (1, 2)");
  }

  @AfterAll
  static void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  /**
   * A body that asks for an array larger than the JVM allows throws OutOfMemoryError, which a function does not turn
   * into FunctionFailure (no VirtualMachineError is a failure of the function alone): the request is still answered,
   * with a server error, at once, and the connection carries on.
   */
  @Test
  void aFunctionThatRunsTheJvmOutOfRoomFailsOnlyItsRequest() {
    session.execute("CREATE FUNCTION uf.huge(a int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS "
        + "'return Integer.valueOf(new int[Integer.MAX_VALUE].length + a);'");
    // Answered: unanswered, the driver would throw its own DriverTimeoutException after the request timeout.
    assertThatThrownBy(() -> session.execute("SELECT uf.huge(v) FROM uf.t"))
        .isInstanceOf(com.datastax.oss.driver.api.core.servererrors.ServerError.class)
        .hasMessageContaining("OutOfMemoryError");
    assertThat(session.execute("SELECT v FROM uf.t WHERE k = 1").one().getInt(0)).isEqualTo(2);
  }

  @Test
  void aPreparedCallRunsTheFunctionAndAThrowingOneFailsOnlyItsRequest() {
    session.execute("CREATE FUNCTION uf.plus(a int, b int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS "
        + "'return a + b;'");
    session.execute("CREATE FUNCTION uf.boom(a int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS "
        + "'throw new IllegalStateException(\"no \" + a);'");
    PreparedStatement p = session.prepare("SELECT uf.plus(k, v), uf.plus(v, ?) FROM uf.t WHERE k = ?");
    Row r = session.execute(p.bind(10, 1)).one();
    assertThat(r.getInt(0)).isEqualTo(3);
    assertThat(r.getInt(1)).isEqualTo(12);
    assertThatThrownBy(() -> session.execute("SELECT uf.boom(v) FROM uf.t")).isInstanceOf(
        FunctionFailureException.class).hasMessageContaining("java.lang.IllegalStateException: no 2");
    assertThat(session.execute("SELECT uf.plus(k, v) FROM uf.t").one().getInt(0)).isEqualTo(3);
  }

  @Test
  void theDriversMetadataFollowsCreateAndDrop() throws Exception {
    session.execute("CREATE FUNCTION uf.half(x int) CALLED ON NULL INPUT RETURNS double LANGUAGE java AS "
        + "'return x == null ? null : x / 2.0;'");
    FunctionMetadata f = awaitFunction(true);
    assertThat(f.getReturnType()).isEqualTo(DataTypes.DOUBLE);
    assertThat(f.getParameterNames()).containsExactly(CqlIdentifier.fromInternal("x"));
    assertThat(f.isCalledOnNullInput()).isTrue();
    assertThat(f.getBody()).isEqualTo("return x == null ? null : x / 2.0;");
    session.execute("DROP FUNCTION uf.half");
    assertThat(awaitFunction(false)).isNull();
  }

  /** The driver's view of uf.half(int) once it has (or no longer has) it, within 20 s. */
  private static FunctionMetadata awaitFunction(boolean present) throws InterruptedException {
    for (int i = 0; i < 200; i++) {
      var ks = session.getMetadata().getKeyspace("uf");
      var f = ks.flatMap(k -> k.getFunction("half", DataTypes.INT));
      if (f.isPresent() == present) return f.orElse(null);
      Thread.sleep(100);
    }
    throw new AssertionError("the driver's metadata did not " + (present ? "show" : "drop") + " uf.half(int)");
  }
}
