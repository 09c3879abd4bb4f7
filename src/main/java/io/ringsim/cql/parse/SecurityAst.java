package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.SecurityStatement;
import io.ringsim.cql.ast.SecurityStatement.DatacenterAccess;
import io.ringsim.cql.ast.SecurityStatement.Permission;
import io.ringsim.cql.ast.SecurityStatement.Resource;
import io.ringsim.cql.ast.SecurityStatement.RoleOption;
import io.ringsim.cql.ast.SecurityStatement.RoleOptions;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.misc.Interval;

/**
 * The AST of roles, users, permissions and triggers, with the errors Cassandra 4.1's parser raises on them: those
 * it throws while parsing (a repeated option, PASSWORD with HASHED PASSWORD) here, those it collects and reports once
 * the statement has parsed in the statement's {@code parseProblem}.
 */
final class SecurityAst {
  private SecurityAst() {}

  /** The statement when {@code s} is one of them, else null. */
  static Statement statement(StatementContext s) {
    if (s.createRole() != null) return createRole(s.createRole());
    if (s.alterRole() != null) return alterRole(s.alterRole());
    if (s.dropRole() != null) {
      Problems p = new Problems();
      String role = role(s.dropRole().roleName(), p);
      return new SecurityStatement.DropRole(role, s.dropRole().K_EXISTS() != null, p.first);
    }
    if (s.createUser() != null) return createUser(s.createUser());
    if (s.alterUser() != null) return alterUser(s.alterUser());
    if (s.dropUser() != null) {
      Problems p = new Problems();
      String user = user(s.dropUser().userName(), p);
      return new SecurityStatement.DropRole(user, s.dropUser().K_EXISTS() != null, p.first);
    }
    if (s.listUsers() != null) return new SecurityStatement.ListRoles(null, false, true, null);
    if (s.listRoles() != null) {
      Problems p = new Problems();
      ListRolesContext l = s.listRoles();
      String of = l.roleName() == null ? null : role(l.roleName(), p);
      return new SecurityStatement.ListRoles(of, l.K_NORECURSIVE() == null, false, p.first);
    }
    if (s.grantRole() != null) {
      Problems p = new Problems();
      GrantRoleContext g = s.grantRole();
      return new SecurityStatement.RoleGrant(true, role(g.roleName(0), p), role(g.roleName(1), p), p.first);
    }
    if (s.revokeRole() != null) {
      Problems p = new Problems();
      RevokeRoleContext r = s.revokeRole();
      return new SecurityStatement.RoleGrant(false, role(r.roleName(0), p), role(r.roleName(1), p), p.first);
    }
    if (s.grantPermissions() != null) {
      GrantPermissionsContext g = s.grantPermissions();
      return permissionGrant(true, g.permissionOrAll(), g.resource(), g.roleName(), g);
    }
    if (s.revokePermissions() != null) {
      RevokePermissionsContext r = s.revokePermissions();
      return permissionGrant(false, r.permissionOrAll(), r.resource(), r.roleName(), r);
    }
    if (s.listPermissions() != null) {
      Problems p = new Problems();
      ListPermissionsContext l = s.listPermissions();
      Set<Permission> perms = permissions(l.permissionOrAll());
      Resource resource = l.resource() == null ? null : resource(l.resource(), p);
      String of = l.roleName() == null ? null : role(l.roleName(), p);
      return new SecurityStatement.ListPermissions(perms, resource, of, l.K_NORECURSIVE() == null, p.first);
    }
    if (s.createTrigger() != null) {
      CreateTriggerContext c = s.createTrigger();
      if (c.ident() == null) throw noTriggerName(c);
      QualifiedName t = QualifiedName.of(c.tableName());
      String cls = ((Term.Literal) TermAst.constantText(c.STRING().getText())).text();
      return new SecurityStatement.CreateTrigger(t.keyspace(), t.name(), AstBuilder.ident(c.ident()), cls, c.K_NOT() != null);
    }
    if (s.dropTrigger() != null) {
      DropTriggerContext d = s.dropTrigger();
      if (d.ident() == null) throw noTriggerName(d);
      QualifiedName t = QualifiedName.of(d.tableName());
      return new SecurityStatement.DropTrigger(t.keyspace(), t.name(), AstBuilder.ident(d.ident()), d.K_EXISTS() != null);
    }
    return null;
  }

  /** Cassandra's parser, missing the trigger's name, goes on and fails on the absent name. */
  private static CqlException noTriggerName(ParserRuleContext statement) {
    return failedParsing(statement, "NullPointerException Cannot invoke \"org.apache.cassandra.cql3.ColumnIdentifier"
        + ".toString()\" because \"name\" is null");
  }

  /** The first error Cassandra's parser collects (addRecognitionError) and reports after the parse. */
  private static final class Problems {
    String first;

    void add(String problem) {
      if (first == null) first = problem;
    }
  }

  private static CqlException syntax(String message) {
    return new CqlException(CqlErrorClass.SyntaxError, message);
  }

  // ------------------------------------------------------------------ roles and users

  /** Cassandra's RoleName: unquoted names and keywords fold to lower case, a string or a "quoted" name keeps it. */
  private static String role(RoleNameContext r, Problems p) {
    if (r.QMARK() != null) {
      p.add("Bind variables cannot be used for role names");
      return null;
    }
    if (r.STRING() != null) return string(r.STRING().getText());
    if (r.QUOTED_NAME() != null) return quoted(r.QUOTED_NAME().getText());
    return r.getText().toLowerCase(Locale.ROOT);
  }

  /** CREATE / ALTER / DROP USER's name keeps its case; a "quoted" one is refused (the ROLE statements take it). */
  private static String user(UserNameContext u, Problems p) {
    if (u.quotedUserName() != null) {
      p.add("Quoted strings are are not supported for user names and USER is deprecated, please use ROLE");
      return quoted(u.quotedUserName().getText());
    }
    if (u.STRING() != null) return string(u.STRING().getText());
    return u.getText();
  }

  private static String string(String token) {
    return ((Term.Literal) TermAst.constantText(token)).text();
  }

  private static String quoted(String token) {
    return token.substring(1, token.length() - 1).replace("\"\"", "\"");
  }

  /** Cassandra's RoleOptions as its parser fills them: a repeated option fails at once. */
  private static final class Options {
    final Map<RoleOption, Object> values = new EnumMap<>(RoleOption.class);

    void set(RoleOption o, Object value) {
      if (values.containsKey(o)) throw syntax("Multiple definition for property '" + o.name() + "'");
      values.put(o, value);
    }

    @SuppressWarnings("unchecked")
    RoleOptions build() {
      if (values.containsKey(RoleOption.PASSWORD) && values.containsKey(RoleOption.HASHED_PASSWORD))
        throw syntax("Options 'password' and 'hashed password' are mutually exclusive");
      return new RoleOptions(values.isEmpty() ? EnumSet.noneOf(RoleOption.class) : EnumSet.copyOf(values.keySet()),
          (Boolean) values.get(RoleOption.SUPERUSER), (Boolean) values.get(RoleOption.LOGIN),
          (String) values.get(RoleOption.PASSWORD), (String) values.get(RoleOption.HASHED_PASSWORD),
          (Map<String, String>) values.get(RoleOption.OPTIONS));
    }
  }

  /** Cassandra's DCPermissions.Builder: ALL and a list of data centres exclude each other, whichever came first. */
  private static final class Datacenters {
    final Set<String> dcs = new HashSet<>(); // Cassandra's order, which its error message shows
    boolean all;
    boolean modified;
  }

  private static void roleOptions(List<RoleOptionContext> opts, Options o, Datacenters d, Problems p,
      ParserRuleContext statement) {
    for (RoleOptionContext opt : opts) {
      if (opt instanceof PasswordOptionContext x) o.set(RoleOption.PASSWORD, string(x.STRING().getText()));
      else if (opt instanceof HashedPasswordOptionContext x) {
        o.set(RoleOption.HASHED_PASSWORD, string(x.STRING().getText()));
      } else if (opt instanceof CustomOptionsContext x) o.set(RoleOption.OPTIONS, customOptions(x.term(), p));
      else if (opt instanceof SuperuserOptionContext x) o.set(RoleOption.SUPERUSER, bool(x.BOOLEAN().getText()));
      else if (opt instanceof LoginOptionContext x) o.set(RoleOption.LOGIN, bool(x.BOOLEAN().getText()));
      else if (opt instanceof AllDatacentersOptionContext) {
        if (!d.dcs.isEmpty()) throw failedParsing(statement, "IllegalArgumentException DCs have already been set");
        d.all = true;
        d.modified = true;
      } else if (opt instanceof DatacentersOptionContext x) {
        for (var dc : x.STRING()) {
          if (d.all) throw failedParsing(statement, "IllegalArgumentException All has been set");
          d.dcs.add(string(dc.getText()));
          d.modified = true;
        }
      }
    }
  }

  private static boolean bool(String text) {
    return text.equalsIgnoreCase("true");
  }

  /** Cassandra's answer to a runtime exception inside its parser: the statement and the exception, word for word. */
  private static CqlException failedParsing(ParserRuleContext statement, String reason) {
    return syntax("Failed parsing statement: [" + text(statement) + "] reason: " + reason);
  }

  private static String text(ParserRuleContext statement) {
    return statement.start.getInputStream().getText(Interval.of(statement.start.getStartIndex(),
        statement.stop.getStopIndex()));
  }

  /** Cassandra's convertPropertyMap: constants only, each key once (the first problem stops the reading). */
  private static Map<String, String> customOptions(List<TermContext> terms, Problems p) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i + 1 < terms.size(); i += 2) {
      Term k = TermAst.term(terms.get(i));
      Term v = TermAst.term(terms.get(i + 1));
      if (!isConstant(k)) {
        p.add("Invalid property name: " + text(k));
        break;
      }
      if (!isConstant(v)) {
        p.add("Invalid property value: " + text(v) + " for property: " + text(k));
        break;
      }
      if (out.put(((Term.Literal) k).text(), ((Term.Literal) v).text()) != null)
        p.add("Multiple definition for property " + ((Term.Literal) k).text());
    }
    return new HashMap<>(out);
  }

  /** A term as Cassandra's Term.Raw writes itself in these messages. */
  private static String text(Term t) {
    if (t instanceof Term.Literal l) return l.kind() == Term.Kind.STRING ? "'" + l.text() + "'" : l.text();
    if (t instanceof Term.ListLiteral l) return join("[", l.elements(), "]");
    if (t instanceof Term.SetLiteral l) return join("{", l.elements(), "}");
    if (t instanceof Term.MapLiteral m) {
      List<String> entries = new ArrayList<>();
      for (int i = 0; i < m.keys().size(); i++) entries.add(text(m.keys().get(i)) + ": " + text(m.values().get(i)));
      return "{" + String.join(", ", entries) + "}";
    }
    return String.valueOf(t);
  }

  private static String join(String open, List<Term> ts, String close) {
    List<String> out = new ArrayList<>();
    for (Term t : ts) out.add(text(t));
    return open + String.join(", ", out) + close;
  }

  /** Cassandra's Constants.Literal: a string, number, boolean, duration, uuid or blob written as it is. */
  private static boolean isConstant(Term t) {
    return t instanceof Term.Literal l && switch (l.kind()) {
      case STRING, INTEGER, FLOAT, HEX, UUID, BOOLEAN, DURATION -> true;
      default -> false;
    };
  }

  private static Statement createRole(CreateRoleContext c) {
    Problems p = new Problems();
    String role = role(c.roleName(), p);
    Options o = new Options();
    Datacenters d = new Datacenters();
    roleOptions(c.roleOption(), o, d, p, c);
    // As Cassandra's parser: LOGIN and SUPERUSER false unless written.
    if (!o.values.containsKey(RoleOption.LOGIN)) o.set(RoleOption.LOGIN, false);
    if (!o.values.containsKey(RoleOption.SUPERUSER)) o.set(RoleOption.SUPERUSER, false);
    RoleOptions opts = o.build();
    return new SecurityStatement.CreateRole(role, opts, d.modified ? access(d) : null, c.K_NOT() != null, p.first);
  }

  private static Statement alterRole(AlterRoleContext c) {
    Problems p = new Problems();
    String role = role(c.roleName(), p);
    Options o = new Options();
    Datacenters d = new Datacenters();
    roleOptions(c.roleOption(), o, d, p, c);
    RoleOptions opts = o.build();
    return new SecurityStatement.AlterRole(role, opts, d.modified ? access(d) : null, c.K_EXISTS() != null, p.first);
  }

  private static DatacenterAccess access(Datacenters d) {
    return d.dcs.isEmpty() ? new DatacenterAccess(true, Set.of()) : new DatacenterAccess(false, d.dcs);
  }

  private static Statement createUser(CreateUserContext c) {
    Problems p = new Problems();
    String user = user(c.userName(), p);
    Options o = new Options();
    o.set(RoleOption.LOGIN, true);
    userPassword(c.userPassword(), o);
    o.set(RoleOption.SUPERUSER, c.K_SUPERUSER() != null);
    return new SecurityStatement.CreateRole(user, o.build(), null, c.K_NOT() != null, p.first);
  }

  private static Statement alterUser(AlterUserContext c) {
    Problems p = new Problems();
    String user = user(c.userName(), p);
    Options o = new Options();
    userPassword(c.userPassword(), o);
    if (c.K_SUPERUSER() != null) o.set(RoleOption.SUPERUSER, true);
    if (c.K_NOSUPERUSER() != null) o.set(RoleOption.SUPERUSER, false);
    return new SecurityStatement.AlterRole(user, o.build(), null, c.K_EXISTS() != null, p.first);
  }

  private static void userPassword(UserPasswordContext u, Options o) {
    if (u == null) return;
    o.set(u.K_HASHED() != null ? RoleOption.HASHED_PASSWORD : RoleOption.PASSWORD, string(u.STRING().getText()));
  }

  // ------------------------------------------------------------------ permissions

  private static Set<Permission> permissions(PermissionOrAllContext p) {
    if (p.K_ALL() != null) return EnumSet.allOf(Permission.class);
    Set<Permission> out = EnumSet.noneOf(Permission.class);
    for (PermissionContext x : p.permission()) out.add(Permission.valueOf(x.getText().toUpperCase(Locale.ROOT)));
    return out;
  }

  private static Statement permissionGrant(boolean grant, PermissionOrAllContext perms, ResourceContext r,
      RoleNameContext grantee, ParserRuleContext statement) {
    Problems p = new Problems();
    Resource resource = resource(r, p);
    String role = role(grantee, p);
    Set<Permission> asked = permissions(perms);
    // Cassandra's filterPermissions: what the resource cannot take is dropped, and nothing left is an error. A
    // function's permissions depend on whether it exists, which only the schema tells (SecurityStatements).
    if (!(resource instanceof SecurityStatement.Function)) {
      Set<Permission> kept = EnumSet.copyOf(asked);
      kept.retainAll(applicable(resource));
      if (kept.isEmpty()) p.add("Resource type " + resourceType(resource) + " does not support any of the "
          + "requested permissions");
      asked = kept;
    }
    return new SecurityStatement.PermissionGrant(grant, asked, resource, role, p.first, text(statement));
  }

  /** Cassandra's applicablePermissions of each resource (a function's once it is known to exist). */
  static Set<Permission> applicable(Resource r) {
    if (r instanceof SecurityStatement.Table) {
      return EnumSet.of(Permission.ALTER, Permission.DROP, Permission.SELECT, Permission.MODIFY, Permission.AUTHORIZE);
    }
    if (r instanceof SecurityStatement.AllKeyspaces || r instanceof SecurityStatement.Keyspace
        || r instanceof SecurityStatement.AllTables) {
      return EnumSet.of(Permission.CREATE, Permission.ALTER, Permission.DROP, Permission.SELECT, Permission.MODIFY,
          Permission.AUTHORIZE);
    }
    if (r instanceof SecurityStatement.AllRoles) {
      return EnumSet.of(Permission.CREATE, Permission.ALTER, Permission.DROP, Permission.AUTHORIZE,
          Permission.DESCRIBE);
    }
    if (r instanceof SecurityStatement.Role) {
      return EnumSet.of(Permission.ALTER, Permission.DROP, Permission.AUTHORIZE, Permission.DESCRIBE);
    }
    if (r instanceof SecurityStatement.AllFunctions) {
      return EnumSet.of(Permission.CREATE, Permission.ALTER, Permission.DROP, Permission.AUTHORIZE,
          Permission.EXECUTE);
    }
    if (r instanceof SecurityStatement.Function) {
      return EnumSet.of(Permission.ALTER, Permission.DROP, Permission.AUTHORIZE, Permission.EXECUTE);
    }
    return EnumSet.of(Permission.AUTHORIZE, Permission.DESCRIBE, Permission.EXECUTE, Permission.MODIFY,
        Permission.SELECT); // an MBean or all of them
  }

  /** The class Cassandra names in "Resource type X does not support ...". */
  static String resourceType(Resource r) {
    if (r instanceof SecurityStatement.AllRoles || r instanceof SecurityStatement.Role) return "RoleResource";
    if (r instanceof SecurityStatement.AllFunctions || r instanceof SecurityStatement.Function) {
      return "FunctionResource";
    }
    if (r instanceof SecurityStatement.AllMbeans || r instanceof SecurityStatement.Mbean) return "JMXResource";
    return "DataResource";
  }

  private static Resource resource(ResourceContext r, Problems p) {
    if (r instanceof AllKeyspacesResourceContext) return new SecurityStatement.AllKeyspaces();
    if (r instanceof KeyspaceResourceContext x) return new SecurityStatement.Keyspace(AstBuilder.ident(x.ident()));
    if (r instanceof TableResourceContext x) {
      QualifiedName t = QualifiedName.of(x.tableName());
      return new SecurityStatement.Table(t.keyspace(), t.name());
    }
    if (r instanceof AllTablesResourceContext x) return new SecurityStatement.AllTables(AstBuilder.ident(x.ident()));
    if (r instanceof AllRolesResourceContext) return new SecurityStatement.AllRoles();
    if (r instanceof RoleResourceContext x) return new SecurityStatement.Role(role(x.roleName(), p));
    if (r instanceof AllFunctionsResourceContext x) {
      return new SecurityStatement.AllFunctions(x.ident() == null ? null : AstBuilder.ident(x.ident()));
    }
    if (r instanceof FunctionResourceContext x) {
      QualifiedName n = QualifiedName.of(x.functionRef());
      // Cassandra's FunctionResource.functionFromCql, while it parses: the keyspace is not the session's.
      if (n.keyspace() == null) throw new CqlException(CqlErrorClass.InvalidRequest,
          "In this context function name must be explictly qualified by a keyspace");
      List<String> types = new ArrayList<>();
      for (CqlTypeContext t : x.cqlType()) types.add(AstBuilder.type(t));
      return new SecurityStatement.Function(n.keyspace(), n.name(), types);
    }
    if (r instanceof AllMbeansResourceContext) return new SecurityStatement.AllMbeans();
    MbeanResourceContext m = (MbeanResourceContext) r;
    return new SecurityStatement.Mbean(mbean(string(m.STRING().getText()), m.K_MBEANS() != null, p));
  }

  /** Cassandra's canonicalizeObjectName: JMX's own parsing of an MBean name, plural names being patterns. */
  private static String mbean(String s, boolean plural, Problems p) {
    if (s.isEmpty()) p.add("Empty JMX object name supplied");
    if (s.equals("*:*")) p.add("Please use ALL MBEANS instead of wildcard pattern");
    try {
      javax.management.ObjectName name = javax.management.ObjectName.getInstance(s);
      if (plural && !name.isPattern()) {
        p.add("Plural form used, but non-pattern JMX object name specified (" + s + ")");
      }
      return name.getCanonicalName();
    } catch (javax.management.MalformedObjectNameException e) {
      p.add(s + " is not a valid JMX object name");
      return s;
    }
  }
}
