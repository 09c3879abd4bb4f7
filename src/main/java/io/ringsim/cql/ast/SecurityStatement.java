package io.ringsim.cql.ast;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Roles, users, permissions and triggers: Cassandra's CreateRoleStatement ... ListPermissionsStatement,
 * CreateTriggerStatement and DropTriggerStatement. Role names are as Cassandra keeps them (unquoted names folded to
 * lower case, except a user name, which keeps its case). {@code parseProblem}: the first of Cassandra's parser's
 * deferred errors (a bind marker for a role, a malformed MBean name, a permission the resource does not take), null
 * when none; Cassandra reports it only once the statement has parsed, so after any error thrown while parsing.
 */
public final class SecurityStatement {
  private SecurityStatement() {}

  /** Cassandra's IRoleManager.Option, in its declaration order. */
  public enum RoleOption { SUPERUSER, PASSWORD, LOGIN, OPTIONS, HASHED_PASSWORD }

  /**
   * The options a statement set: {@code given} in declaration order, each with its value in {@code superuser},
   * {@code login}, {@code password}, {@code hashedPassword} or {@code custom}.
   */
  public record RoleOptions(Set<RoleOption> given, Boolean superuser, Boolean login, String password,
      String hashedPassword, Map<String, String> custom) {}

  /** ACCESS TO ALL DATACENTERS ({@code dcs} empty) or ACCESS TO DATACENTERS {...}, in Cassandra's HashSet order. */
  public record DatacenterAccess(boolean all, Set<String> dcs) {}

  /** Cassandra's Permission, in its declaration order. */
  public enum Permission { CREATE, ALTER, DROP, SELECT, MODIFY, AUTHORIZE, DESCRIBE, EXECUTE }

  /** What a permission is granted on (Cassandra's DataResource, RoleResource, FunctionResource, JMXResource). */
  public sealed interface Resource {}

  public record AllKeyspaces() implements Resource {}

  public record Keyspace(String name) implements Resource {}

  /** {@code keyspace} null when the statement named none (the session's keyspace is taken). */
  public record Table(String keyspace, String name) implements Resource {}

  public record AllTables(String keyspace) implements Resource {}

  public record AllRoles() implements Resource {}

  public record Role(String name) implements Resource {}

  /** ALL FUNCTIONS, or ALL FUNCTIONS IN KEYSPACE {@code keyspace} (null: every keyspace). */
  public record AllFunctions(String keyspace) implements Resource {}

  /** FUNCTION ks.f(types): argument types as type text; {@code keyspace} null when not written. */
  public record Function(String keyspace, String name, List<String> argTypes) implements Resource {}

  public record AllMbeans() implements Resource {}

  /** MBEAN 'name' or MBEANS 'pattern', the name in JMX's canonical form. */
  public record Mbean(String name) implements Resource {}

  /**
   * CREATE ROLE, and CREATE USER (LOGIN true, SUPERUSER as written or false, every data centre). {@code dcs}: null
   * when no ACCESS TO was written.
   */
  public record CreateRole(String role, RoleOptions options, DatacenterAccess dcs, boolean ifNotExists,
      String parseProblem) implements Statement.Security {}

  /** ALTER ROLE and ALTER USER; {@code dcs} null when no ACCESS TO was written. */
  public record AlterRole(String role, RoleOptions options, DatacenterAccess dcs, boolean ifExists,
      String parseProblem) implements Statement.Security {}

  public record DropRole(String role, boolean ifExists, String parseProblem) implements Statement.Security {}

  /** GRANT role TO grantee ({@code grant}) or REVOKE role FROM grantee. */
  public record RoleGrant(boolean grant, String role, String grantee, String parseProblem)
      implements Statement.Security {}

  /** LIST ROLES [OF role] [NORECURSIVE], or LIST USERS ({@code users}). */
  public record ListRoles(String of, boolean recursive, boolean users, String parseProblem)
      implements Statement.Security {}

  /**
   * GRANT ... ON ... TO ({@code grant}) or REVOKE ... ON ... FROM; {@code text}: the statement as written, which
   * Cassandra quotes when its parser fails on a function that does not exist.
   */
  public record PermissionGrant(boolean grant, Set<Permission> permissions, Resource resource, String grantee,
      String parseProblem, String text) implements Statement.Security {}

  /** LIST ... PERMISSIONS [ON resource] [OF role] [NORECURSIVE]; {@code resource} and {@code of} may be null. */
  public record ListPermissions(Set<Permission> permissions, Resource resource, String of, boolean recursive,
      String parseProblem) implements Statement.Security {}

  /** CREATE TRIGGER name ON [keyspace.]table USING 'class'. */
  public record CreateTrigger(String keyspace, String table, String name, String className, boolean ifNotExists)
      implements Statement.Security {}

  public record DropTrigger(String keyspace, String table, String name, boolean ifExists)
      implements Statement.Security {}
}
