package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Roles, permissions and triggers through a served node, as a driver's user meets them: the answers of Cassandra
 * 4.1 under its default cassandra.yaml (script 49_roles_permissions_triggers, answered by the oracle), here checked
 * on the native protocol, prepared statements and a multi-node cluster's data centres included.
 */
class SecurityStatementsServedTest {
  static ServedClusterFixture fx;
  static CqlSession session;

  @BeforeAll
  static void start() throws Exception {
    fx = new ServedClusterFixture(3, 11);
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TABLE ks.t (k int PRIMARY KEY)");
  }

  @AfterAll
  static void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  @Test
  void theAnonymousClientMayNotReadOrChangeRoles() {
    assertThatThrownBy(() -> session.execute("LIST ROLES")).isInstanceOf(UnauthorizedException.class)
        .hasMessage("You have to be logged in and not anonymous to perform this request");
    assertThatThrownBy(() -> session.execute("CREATE ROLE r WITH SUPERUSER = true"))
        .isInstanceOf(UnauthorizedException.class).hasMessage("Only superusers can create a role with superuser status");
    assertThatThrownBy(() -> session.execute("CREATE ROLE r WITH PASSWORD = 'p'"))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessage("org.apache.cassandra.auth.CassandraRoleManager doesn't support PASSWORD");
    assertThatThrownBy(() -> session.execute("GRANT SELECT ON ks.t TO r")).isInstanceOf(UnauthorizedException.class);
    // The superuser CassandraRoleManager creates at first start is there, as system_auth.roles shows it.
    assertThatThrownBy(() -> session.execute("DROP ROLE cassandra")).isInstanceOf(UnauthorizedException.class)
        .hasMessage("Only superusers can drop a role with superuser status");
    assertThat(session.execute("SELECT role, is_superuser FROM system_auth.roles").one().getString("role"))
        .isEqualTo("cassandra");
  }

  @Test
  void aPreparedRoleStatementFailsWhenExecutedNotWhenPrepared() {
    var listRoles = session.prepare("LIST ROLES");
    assertThatThrownBy(() -> session.execute(listRoles.bind())).isInstanceOf(UnauthorizedException.class);
  }

  @Test
  void accessToDatacentersNamesTheClustersOwn() {
    assertThatThrownBy(() -> session.execute("CREATE ROLE r WITH ACCESS TO DATACENTERS {'datacenter1'}"))
        .isInstanceOf(UnauthorizedException.class);
    assertThatThrownBy(() -> session.execute("CREATE ROLE r WITH ACCESS TO DATACENTERS {'dc9'}"))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessage("Invalid value(s) for DATACENTERS '[dc9]',All values must be valid datacenters");
  }

  @Test
  void noTriggerCanBeCreatedAndDroppingNoneIfExistsIsFine() {
    assertThatThrownBy(() -> session.execute("CREATE TRIGGER tr ON ks.t USING 'org.apache.cassandra.triggers."
        + "AuditTrigger'")).isInstanceOf(InvalidQueryException.class)
        .hasMessage("Trigger class 'org.apache.cassandra.triggers.AuditTrigger' couldn't be loaded");
    session.execute("DROP TRIGGER IF EXISTS tr ON ks.t");
    assertThatThrownBy(() -> session.execute("DROP TRIGGER tr ON ks.t")).isInstanceOf(InvalidQueryException.class)
        .hasMessage("Trigger 'tr' on 'ks.t' doesn't exist");
  }
}
