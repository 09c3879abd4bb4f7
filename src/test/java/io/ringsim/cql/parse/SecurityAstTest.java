package io.ringsim.cql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.SecurityStatement;
import io.ringsim.cql.ast.SecurityStatement.Permission;
import io.ringsim.cql.ast.SecurityStatement.RoleOption;
import io.ringsim.cql.ast.Statement;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Roles, users, permissions and triggers read as Cassandra 4.1's parser reads them. */
class SecurityAstTest {

  @Test
  void roleNamesFoldAsCassandrasRoleNameUnlessQuotedOrAString() {
    assertThat(((SecurityStatement.DropRole) CqlParser.parse("DROP ROLE Alice")).role()).isEqualTo("alice");
    assertThat(((SecurityStatement.DropRole) CqlParser.parse("DROP ROLE \"Alice\"")).role()).isEqualTo("Alice");
    assertThat(((SecurityStatement.DropRole) CqlParser.parse("DROP ROLE 'Al''ice'")).role()).isEqualTo("Al'ice");
    // A user's name keeps its case (Cassandra's createUserStatement sets it with keepCase).
    assertThat(((SecurityStatement.DropRole) CqlParser.parse("DROP USER Alice")).role()).isEqualTo("Alice");
    // Keywords Cassandra leaves unreserved are names.
    assertThat(((SecurityStatement.RoleGrant) CqlParser.parse("GRANT all TO Role")).grantee()).isEqualTo("role");
  }

  @Test
  void createRoleDefaultsLoginAndSuperuserToFalseAndCreateUserLogsIn() {
    var role = (SecurityStatement.CreateRole) CqlParser.parse(
        "CREATE ROLE IF NOT EXISTS r WITH PASSWORD = 'p' AND OPTIONS = {'a': 1} AND ACCESS TO DATACENTERS {'dc1'}");
    assertThat(role.ifNotExists()).isTrue();
    assertThat(role.options().given()).containsExactly(RoleOption.SUPERUSER, RoleOption.PASSWORD, RoleOption.LOGIN,
        RoleOption.OPTIONS);
    assertThat(role.options().login()).isFalse();
    assertThat(role.options().custom()).isEqualTo(Map.of("a", "1"));
    assertThat(role.dcs().dcs()).containsExactly("dc1");
    var user = (SecurityStatement.CreateRole) CqlParser.parse("CREATE USER u WITH HASHED PASSWORD 'h' SUPERUSER");
    assertThat(user.options().login()).isTrue();
    assertThat(user.options().superuser()).isTrue();
    assertThat(user.options().hashedPassword()).isEqualTo("h");
    var alter = (SecurityStatement.AlterRole) CqlParser.parse("ALTER USER u NOSUPERUSER");
    assertThat(alter.options().given()).containsExactly(RoleOption.SUPERUSER);
  }

  @Test
  void aRepeatedOptionFailsWhileParsingAsInCassandra() {
    assertThatThrownBy(() -> CqlParser.parse("CREATE ROLE r WITH LOGIN = true AND LOGIN = false"))
        .isInstanceOf(CqlException.class).hasMessage("Multiple definition for property 'LOGIN'")
        .extracting(e -> ((CqlException) e).errorClass()).isEqualTo(CqlErrorClass.SyntaxError);
  }

  @Test
  void permissionsAndResources() {
    var g = (SecurityStatement.PermissionGrant) CqlParser.parse(
        "GRANT CREATE, SELECT PERMISSION ON TABLE ks.t TO r");
    // A table takes no CREATE: Cassandra's filterPermissions keeps what it takes.
    assertThat(g.permissions()).containsExactly(Permission.SELECT);
    assertThat(g.resource()).isEqualTo(new SecurityStatement.Table("ks", "t"));
    assertThat(g.parseProblem()).isNull();
    var all = (SecurityStatement.ListPermissions) CqlParser.parse("LIST ALL PERMISSIONS ON ALL TABLES IN KEYSPACE ks "
        + "OF r NORECURSIVE");
    assertThat(all.permissions()).isEqualTo(EnumSet.allOf(Permission.class));
    assertThat(all.resource()).isEqualTo(new SecurityStatement.AllTables("ks"));
    assertThat(all.recursive()).isFalse();
    var fn = (SecurityStatement.PermissionGrant) CqlParser.parse("REVOKE EXECUTE ON FUNCTION ks.f(int, text) FROM r");
    assertThat(fn.grant()).isFalse();
    assertThat(fn.resource()).isEqualTo(new SecurityStatement.Function("ks", "f", List.of("int", "text")));
    var bean = (SecurityStatement.PermissionGrant) CqlParser.parse(
        "GRANT SELECT ON MBEAN 'org.apache.cassandra.db:type=Tables,keyspace=ks' TO r");
    // JMX's canonical form sorts the key properties.
    assertThat(bean.resource()).isEqualTo(new SecurityStatement.Mbean("org.apache.cassandra.db:keyspace=ks,type=Tables"));
  }

  @Test
  void theParsersDeferredErrorsAreKeptForAfterTheParse() {
    var wrong = (SecurityStatement.PermissionGrant) CqlParser.parse("GRANT EXECUTE ON KEYSPACE ks TO ?");
    assertThat(wrong.parseProblem()).isEqualTo("Bind variables cannot be used for role names");
    var plural = (SecurityStatement.PermissionGrant) CqlParser.parse("GRANT SELECT ON MBEANS 'a:type=b' TO r");
    assertThat(plural.parseProblem()).isEqualTo("Plural form used, but non-pattern JMX object name specified (a:type=b)");
  }

  @Test
  void triggers() {
    var c = (SecurityStatement.CreateTrigger) CqlParser.parse("CREATE TRIGGER IF NOT EXISTS \"Tr\" ON ks.t USING 'a.B'");
    assertThat(c).isEqualTo(new SecurityStatement.CreateTrigger("ks", "t", "Tr", "a.B", true));
    Statement d = CqlParser.parse("DROP TRIGGER tr ON T");
    assertThat(d).isEqualTo(new SecurityStatement.DropTrigger(null, "t", "tr", false));
  }

  @Test
  void keywordsCassandraReservesForPermissionsAreNoLongerNames() {
    assertThatThrownBy(() -> CqlParser.parse("CREATE TABLE t (k int PRIMARY KEY, of int)"))
        .hasMessage("line 1:35 mismatched input 'of' expecting ')' (...(k int PRIMARY KEY, [of]...)");
    assertThat(CqlParser.parse("CREATE TABLE t (k int PRIMARY KEY, role int, users int, all int, trigger int)"))
        .isInstanceOf(Statement.CreateTable.class);
  }
}
