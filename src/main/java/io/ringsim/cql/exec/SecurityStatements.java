package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.SecurityStatement;
import io.ringsim.cql.ast.SecurityStatement.DatacenterAccess;
import io.ringsim.cql.ast.SecurityStatement.RoleOption;
import io.ringsim.cql.ast.SecurityStatement.RoleOptions;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.UserFunction;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Roles, users, permissions and triggers as Cassandra 4.1 answers them under its default cassandra.yaml:
 * AllowAllAuthenticator (every client is the anonymous user), AllowAllAuthorizer and CassandraRoleManager. Each
 * statement goes through Cassandra's steps in its order (what its parser checks, then authorize, then validate),
 * so it fails where Cassandra fails. No role or permission statement gets past validate: the anonymous user may not
 * read or change roles ("You have to be logged in and not anonymous ..."), so ringsim keeps none but the superuser
 * "cassandra" that CassandraRoleManager creates at first start. A trigger cannot be created either: Cassandra loads
 * its class from the node's triggers directory, which is empty in a stock installation, and ringsim has none.
 */
public final class SecurityStatements {
  private SecurityStatements() {}

  /** The role manager of Cassandra's default configuration, which names itself in its refusals. */
  static final String ROLE_MANAGER = "org.apache.cassandra.auth.CassandraRoleManager";
  /** The roles that exist: the superuser CassandraRoleManager creates at first start. */
  static final Set<String> SUPERUSER_ROLES = Set.of("cassandra");
  /** AuthenticatedUser.ANONYMOUS_USER's name: every client under AllowAllAuthenticator. */
  static final String ANONYMOUS = "anonymous";
  /** What CassandraRoleManager supports when the authenticator is not PasswordAuthenticator. */
  private static final Set<RoleOption> SUPPORTED = Set.of(RoleOption.LOGIN, RoleOption.SUPERUSER);
  /** Cassandra 4.1's local keyspaces and virtual ones (SchemaConstants.isLocalSystemKeyspace), which no DDL alters. */
  private static final Set<String> LOCAL_SYSTEM = Set.of("system", "system_schema", "system_views",
      "system_virtual_schema");
  /**
   * The tables of Cassandra 4.1's replicated system keyspaces (as system_schema.tables lists them), which a trigger
   * statement finds though ringsim's catalog holds only the user's keyspaces.
   */
  private static final Map<String, Set<String>> SYSTEM_TABLES = Map.of(
      "system_auth", Set.of("network_permissions", "resource_role_permissons_index", "role_members",
          "role_permissions", "roles"),
      "system_distributed", Set.of("parent_repair_history", "partition_denylist", "repair_history",
          "view_build_status"),
      "system_traces", Set.of("events", "sessions"));

  /**
   * Runs {@code s}: {@code keyspace} is the session's (null if none), {@code datacenters} the cluster's data
   * centres (ACCESS TO DATACENTERS must name known ones). Returns the empty result of a statement that did nothing
   * (DROP TRIGGER IF EXISTS of a trigger that is not there); every other statement fails with Cassandra's error.
   */
  public static ResultSet execute(Statement.Security s, Catalog c, String keyspace, Set<String> datacenters) {
    if (s instanceof SecurityStatement.CreateRole x) createRole(x, datacenters);
    else if (s instanceof SecurityStatement.AlterRole x) alterRole(x, datacenters);
    else if (s instanceof SecurityStatement.DropRole x) dropRole(x);
    else if (s instanceof SecurityStatement.RoleGrant x) parsed(x.parseProblem());
    else if (s instanceof SecurityStatement.ListRoles x) parsed(x.parseProblem());
    else if (s instanceof SecurityStatement.PermissionGrant x) permissionGrant(x, c, keyspace);
    else if (s instanceof SecurityStatement.ListPermissions x) listPermissions(x, c);
    else if (s instanceof SecurityStatement.CreateTrigger x) createTrigger(x, c, keyspace);
    else if (s instanceof SecurityStatement.DropTrigger x) dropTrigger(x, c, keyspace);
    // What is left for every role and permission statement: validate's ClientState.ensureNotAnonymous().
    if (!(s instanceof SecurityStatement.CreateTrigger || s instanceof SecurityStatement.DropTrigger)) {
      throw new CqlException(CqlErrorClass.Unauthorized,
          "You have to be logged in and not anonymous to perform this request");
    }
    return ResultSet.EMPTY;
  }

  /** The error Cassandra's parser collected, reported once the statement has parsed. */
  private static void parsed(String problem) {
    if (problem != null) throw new CqlException(CqlErrorClass.SyntaxError, problem);
  }

  private static CqlException unauthorized(String m) {
    return new CqlException(CqlErrorClass.Unauthorized, m);
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  // ------------------------------------------------------------------ roles

  private static void createRole(SecurityStatement.CreateRole s, Set<String> datacenters) {
    parsed(s.parseProblem());
    // authorize: only a superuser gives superuser status, and the anonymous user is none.
    if (Boolean.TRUE.equals(s.options().superuser())) {
      throw unauthorized("Only superusers can create a role with superuser status");
    }
    // validate: the options, the data centres, the name; then the anonymous user is turned away.
    validate(s.options(), s.dcs(), datacenters);
    if (s.role() != null && s.role().isEmpty()) throw invalid("Role name can't be an empty string");
  }

  private static void alterRole(SecurityStatement.AlterRole s, Set<String> datacenters) {
    parsed(s.parseProblem());
    // authorize: the anonymous user has no roles granted, is no superuser, and may alter none of its own options.
    if (s.options().superuser() != null) throw unauthorized("Only superusers are allowed to alter superuser status");
    if (s.dcs() != null) throw unauthorized("Only superusers are allowed to alter access to datacenters.");
    if (ANONYMOUS.equals(s.role()) && !s.options().given().isEmpty()) {
      throw unauthorized("You aren't allowed to alter " + s.options().given().iterator().next());
    }
    validate(s.options(), s.dcs(), datacenters);
    if (s.options().given().isEmpty() && s.dcs() == null) throw invalid("ALTER [ROLE|USER] can't be empty");
  }

  private static void dropRole(SecurityStatement.DropRole s) {
    parsed(s.parseProblem());
    if (s.role() != null && SUPERUSER_ROLES.contains(s.role())) {
      throw unauthorized("Only superusers can drop a role with superuser status");
    }
  }

  /**
   * Cassandra's RoleOptions.validate and DCPermissions.validate. Cassandra walks the options in a HashMap's order,
   * which for two unsupported options differs from one run to the next; ringsim takes the declaration order.
   */
  private static void validate(RoleOptions o, DatacenterAccess dcs, Set<String> datacenters) {
    for (RoleOption option : o.given()) {
      if (!SUPPORTED.contains(option)) throw invalid(ROLE_MANAGER + " doesn't support " + option);
    }
    if (dcs != null && !dcs.all() && !datacenters.containsAll(dcs.dcs())) {
      throw invalid("Invalid value(s) for DATACENTERS '" + dcs.dcs() + "',All values must be valid datacenters");
    }
  }

  // ------------------------------------------------------------------ permissions

  private static void permissionGrant(SecurityStatement.PermissionGrant s, Catalog c, String keyspace) {
    if (s.resource() instanceof SecurityStatement.Function f) {
      boolean exists = function(f, c);
      // Cassandra's parser asks the function for the permissions it takes and, when there is no such function,
      // fails reading the empty Optional (run with -ea, it would fail on the assertion before).
      if (!exists) {
        throw new CqlException(CqlErrorClass.SyntaxError, "Failed parsing statement: [" + s.text() + "] reason: "
            + "NoSuchElementException No value present");
      }
      parsed(s.parseProblem());
      if (s.permissions().stream().noneMatch(p -> p == SecurityStatement.Permission.ALTER
          || p == SecurityStatement.Permission.DROP || p == SecurityStatement.Permission.AUTHORIZE
          || p == SecurityStatement.Permission.EXECUTE)) {
        throw new CqlException(CqlErrorClass.SyntaxError,
            "Resource type FunctionResource does not support any of the requested permissions");
      }
    }
    parsed(s.parseProblem());
    // authorize: a table named without its keyspace is the session's (AuthorizationStatement.maybeCorrectResource).
    if (s.resource() instanceof SecurityStatement.Table t && t.keyspace() == null) SchemaOps.keyspaceOf(null, keyspace);
  }

  private static void listPermissions(SecurityStatement.ListPermissions s, Catalog c) {
    if (s.resource() instanceof SecurityStatement.Function f) function(f, c);
    parsed(s.parseProblem());
  }

  /**
   * Cassandra's FunctionResource.functionFromCql, as its parser runs it: each argument type is read in the
   * function's keyspace, which must exist. Whether the function exists.
   */
  private static boolean function(SecurityStatement.Function f, Catalog c) {
    List<CqlType> args = new ArrayList<>();
    for (String t : f.argTypes()) {
      if (!keyspaceExists(c, f.keyspace())) {
        throw new CqlException(CqlErrorClass.ConfigurationError, "Keyspace " + f.keyspace() + " doesn't exist");
      }
      args.add(SchemaOps.type(t, null, c, f.keyspace()));
    }
    if (f.keyspace().equals("system")) return nativeFunction(f.name(), args);
    return c.functions(f.keyspace()).stream().anyMatch(x -> x.name().equals(f.name()) && x.takes(args))
        || c.aggregates(f.keyspace()).stream().anyMatch(x -> x.name().equals(f.name()) && x.takes(args));
  }

  private static final Set<String> NUMBERS = Set.of("tinyint", "smallint", "int", "bigint", "float", "double",
      "decimal", "varint", "counter");

  /**
   * Whether Cassandra 4.1 has the native function {@code system.name(args)}: a scalar function (named in lower
   * case), a conversion ({@code "castAsInt"}, named in camel case), or an aggregate (count, min and max of any
   * native type, sum and avg of a number). toJson, fromJson and token are no functions of the schema there.
   */
  private static boolean nativeFunction(String name, List<CqlType> args) {
    if (args.size() == 1 && name.startsWith("castAs")) {
      try {
        return NativeFunctions.cast(args.get(0), name.substring("castAs".length()).toLowerCase(Locale.ROOT)).name()
            .equals(name);
      } catch (CqlException e) {
        return false;
      }
    }
    if (!name.equals(name.toLowerCase(Locale.ROOT))) return false;
    if (args.size() == 1 && List.of("count", "min", "max", "sum", "avg").contains(name)) {
      CqlType t = args.get(0);
      boolean nativeType = !(t instanceof ListType || t instanceof SetType || t instanceof MapType
          || t instanceof TupleType || t instanceof UserType);
      return name.equals("sum") || name.equals("avg") ? NUMBERS.contains(t.name()) : nativeType;
    }
    return NativeFunctions.overloads(name).stream().anyMatch(sig -> UserFunction.typeNames(sig.args())
        .equals(UserFunction.typeNames(args)));
  }

  private static boolean keyspaceExists(Catalog c, String ks) {
    return c.keyspace(ks).isPresent() || SchemaOps.SYSTEM_KEYSPACES.contains(ks);
  }

  // ------------------------------------------------------------------ triggers

  /** The keyspace a trigger statement acts on, checked as Cassandra's AlterSchemaStatement.execute does. */
  private static String triggerKeyspace(String written, String session) {
    String ks = SchemaOps.keyspaceOf(written, session);
    if (LOCAL_SYSTEM.contains(ks)) throw invalid("System keyspace '" + ks + "' is not user-modifiable");
    return ks;
  }

  private static void createTrigger(SecurityStatement.CreateTrigger s, Catalog c, String session) {
    String ks = triggerKeyspace(s.keyspace(), session);
    Set<String> systemTables = SYSTEM_TABLES.get(ks);
    if (systemTables != null && !systemTables.contains(s.table())) {
      throw invalid("Table '" + s.table() + "' doesn't exist");
    }
    if (systemTables == null && c.keyspace(ks).isEmpty()) throw invalid("Keyspace '" + ks + "' doesn't exist");
    if (c.view(ks, s.table()).isPresent()) throw invalid("Cannot CREATE TRIGGER for a materialized view");
    if (systemTables == null && c.table(ks, s.table()).isEmpty()) {
      throw invalid("Table '" + s.table() + "' doesn't exist");
    }
    // No table has a trigger, so IF NOT EXISTS changes nothing: the class is loaded next, from the node's triggers
    // directory, and a simulated node has no such directory (a stock Cassandra's is empty).
    throw invalid("Trigger class '" + s.className() + "' couldn't be loaded");
  }

  private static void dropTrigger(SecurityStatement.DropTrigger s, Catalog c, String session) {
    String ks = triggerKeyspace(s.keyspace(), session);
    if (!s.ifExists()) {
      throw invalid("Trigger '" + s.name() + "' on '" + ks + "." + s.table() + "' doesn't exist");
    }
  }
}
