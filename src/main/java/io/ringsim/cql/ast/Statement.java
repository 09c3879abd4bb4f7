package io.ringsim.cql.ast;

import java.util.List;
import java.util.Map;

/** A parsed CQL statement. {@code keyspace} fields are null when the statement did not name one. */
public sealed interface Statement {

  /** The table a statement reads or writes, as written ({@code keyspace} null when it named none). */
  record TableName(String keyspace, String table) {}

  /** The table of a SELECT, INSERT, UPDATE or DELETE; null for any other statement. */
  static TableName tableOf(Statement s) {
    if (s instanceof Select x) return new TableName(x.keyspace(), x.table());
    if (s instanceof Insert x) return new TableName(x.keyspace(), x.table());
    if (s instanceof Update x) return new TableName(x.keyspace(), x.table());
    if (s instanceof Delete x) return new TableName(x.keyspace(), x.table());
    return null;
  }

  record CreateKeyspace(String name, boolean ifNotExists, Map<String, Term> options) implements Statement {}

  record AlterKeyspace(String name, Map<String, Term> options) implements Statement {}

  record DropKeyspace(String name, boolean ifExists) implements Statement {}

  record Use(String keyspace) implements Statement {}

  record CreateTable(String keyspace, String name, boolean ifNotExists, List<ColumnSpec> columns,
      List<String> partitionKey, List<String> clustering, Map<String, Boolean> clusteringDescending,
      Map<String, Term> options, boolean compactStorage) implements Statement {}

  record DropTable(String keyspace, String name, boolean ifExists) implements Statement {}

  record Truncate(String keyspace, String name) implements Statement {}

  /**
   * {@code ALTER TABLE [IF EXISTS] t ADD [IF NOT EXISTS] ...}: {@code ifExists}, a missing table is no error;
   * {@code ifColumnNotExists}, a column that exists already is left as it is.
   */
  record AlterTableAdd(String keyspace, String name, List<ColumnSpec> columns, boolean ifExists,
      boolean ifColumnNotExists) implements Statement {}

  /**
   * {@code dropTimestamp}: USING TIMESTAMP's microseconds (cells written at or before it are gone), or null.
   * {@code ALTER TABLE [IF EXISTS] t DROP [IF EXISTS] ...}: a missing table, or column, is no error.
   */
  record AlterTableDrop(String keyspace, String name, List<String> columns, Long dropTimestamp, boolean ifExists,
      boolean ifColumnExists) implements Statement {}

  record AlterTableWith(String keyspace, String name, Map<String, Term> options, boolean ifExists)
      implements Statement {}

  /**
   * {@code ALTER TABLE [IF EXISTS] t RENAME [IF EXISTS] a TO b AND ...}: old name to new, a later pair for the same
   * column replacing one; {@code ifColumnExists}: RENAME IF EXISTS, which Cassandra 4.1 parses but still refuses a
   * column that is not there ("Undefined column name ...").
   */
  record AlterTableRename(String keyspace, String name, boolean ifExists, Map<String, String> renames,
      boolean ifColumnExists) implements Statement {}

  /** {@code ALTER TABLE t ALTER c TYPE x}, which Cassandra 4.1 no longer does. */
  record AlterTableType(String keyspace, String name, boolean ifExists) implements Statement {}

  /**
   * {@code custom}: CREATE CUSTOM INDEX; {@code indexClass}: USING's class name, or null; {@code options}: WITH
   * OPTIONS' map, or null.
   */
  record CreateIndex(String indexName, String keyspace, String table, String column, String kind,
      boolean ifNotExists, boolean custom, String indexClass, Term options) implements Statement {
    public CreateIndex(String indexName, String keyspace, String table, String column, String kind,
        boolean ifNotExists) {
      this(indexName, keyspace, table, column, kind, ifNotExists, false, null, null);
    }
  }

  record DropIndex(String keyspace, String name, boolean ifExists) implements Statement {}

  /** {@code internals}: WITH INTERNALS (a table's id, its dropped columns and the DROP and ADD that made them). */
  record Describe(String what, String keyspace, String name, boolean internals) implements Statement {
    public Describe(String what, String keyspace, String name) {
      this(what, keyspace, name, false);
    }
  }

  /** CREATE TYPE: field names as written (case folded unless quoted), field types as type text. */
  record CreateType(String keyspace, String name, boolean ifNotExists, List<String> fieldNames,
      List<String> fieldTypes) implements Statement {}

  /** {@code ifExists}: ALTER TYPE IF EXISTS t; {@code ifFieldNotExists}: ADD IF NOT EXISTS f (a no-op if f is there). */
  record AlterTypeAdd(String keyspace, String name, boolean ifExists, String field, String type,
      boolean ifFieldNotExists) implements Statement {}

  /**
   * RENAME a TO b AND c TO d: {@code from.get(i)} becomes {@code to.get(i)}; {@code ifFieldExists}: RENAME IF EXISTS,
   * which skips the fields the type does not have.
   */
  record AlterTypeRename(String keyspace, String name, boolean ifExists, List<String> from, List<String> to,
      boolean ifFieldExists) implements Statement {}

  /** ALTER TYPE t ALTER f TYPE x: parsed so that it fails with Cassandra's message. */
  record AlterTypeAlter(String keyspace, String name, boolean ifExists, String field, String type)
      implements Statement {}

  record DropType(String keyspace, String name, boolean ifExists) implements Statement {}

  /**
   * CREATE MATERIALIZED VIEW. {@code columns}: the selected base columns as written, empty for SELECT *;
   * {@code selectorProblem}: Cassandra's message for an alias or a selector that is not a column name (null if none);
   * {@code notNull}: the columns restricted IS NOT NULL; {@code restrictions}: the other relations;
   * {@code whereText}: each relation of the WHERE clause as Cassandra writes it back (system_schema.views).
   */
  record CreateView(String keyspace, String name, boolean ifNotExists, String baseKeyspace, String baseTable,
      List<String> columns, String selectorProblem, List<String> notNull, List<Relation> restrictions,
      List<String> whereText, List<String> partitionKey, List<String> clustering,
      Map<String, Boolean> clusteringAscending, String clusteringProblem, Map<String, Term> options)
      implements Statement {}

  record AlterView(String keyspace, String name, boolean ifExists, Map<String, Term> options) implements Statement {}

  record DropView(String keyspace, String name, boolean ifExists) implements Statement {}

  /** {@code json}: INSERT JSON's value (null for VALUES); {@code defaultUnset}: DEFAULT UNSET (omitted columns kept). */
  record Insert(String keyspace, String table, List<String> columns, List<Term> values, boolean ifNotExists,
      Term ttl, Term timestamp, Term json, boolean defaultUnset) implements Statement {}

  record Update(String keyspace, String table, List<Assignment> assignments, List<Relation> where,
      boolean ifExists, List<Condition> conditions, Term ttl, Term timestamp) implements Statement {}

  record Delete(String keyspace, String table, List<DeleteTarget> targets, List<Relation> where, boolean ifExists,
      List<Condition> conditions, Term timestamp) implements Statement {}

  /** {@code DELETE c}, {@code DELETE c[element]} or {@code DELETE c.field} (a field of a non-frozen UDT). */
  record DeleteTarget(String column, Term element, String field) {
    public DeleteTarget(String column, Term element) {
      this(column, element, null);
    }
  }

  record Batch(String type, Term timestamp, List<Statement> statements) implements Statement {}

  record Select(String keyspace, String table, boolean json, boolean distinct, List<Selector> selectors,
      List<Relation> where, List<String> groupBy, List<Ordering> orderBy, Term perPartitionLimit, Term limit,
      boolean allowFiltering) implements Statement {}

  record Ordering(String column, boolean descending) {}

  // User-defined functions and aggregates: argument and state types as type text (TypeText), read by FunctionOps.

  /** CREATE FUNCTION; {@code body} is the text between the quotes or the $$. */
  record CreateFunction(String keyspace, String name, boolean orReplace, boolean ifNotExists, List<String> argNames,
      List<String> argTypes, boolean calledOnNullInput, String returnType, String language, String body)
      implements Statement {}

  /** DROP FUNCTION; {@code argTypes} null when no argument list was written. */
  record DropFunction(String keyspace, String name, boolean ifExists, List<String> argTypes) implements Statement {}

  /** CREATE AGGREGATE; {@code finalFunction} and {@code initCond} null when not written. */
  record CreateAggregate(String keyspace, String name, boolean orReplace, boolean ifNotExists, List<String> argTypes,
      String stateFunction, String stateType, String finalFunction, Term initCond) implements Statement {}

  /** DROP AGGREGATE; {@code argTypes} null when no argument list was written. */
  record DropAggregate(String keyspace, String name, boolean ifExists, List<String> argTypes) implements Statement {}

  /** Roles, users, permissions and triggers: the records of {@link SecurityStatement}. */
  sealed interface Security extends Statement permits SecurityStatement.CreateRole, SecurityStatement.AlterRole,
      SecurityStatement.DropRole, SecurityStatement.RoleGrant, SecurityStatement.ListRoles,
      SecurityStatement.PermissionGrant, SecurityStatement.ListPermissions, SecurityStatement.CreateTrigger,
      SecurityStatement.DropTrigger {}
}
