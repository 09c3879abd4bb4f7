package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.Locale;

/**
 * Builds the AST from ANTLR's parse tree: which statement it is, and the builder of that statement's grammar.
 * SchemaAst builds keyspaces, tables and indexes; UserTypeAst, FunctionAst, ViewAst and DescribeAst their own
 * statements; ModificationAst INSERT, UPDATE, DELETE and BATCH; SelectAst SELECT. Under them, RelationAst builds WHERE
 * clauses, TermAst values and bind markers, SelectorAst and ArithmeticAst selections. The names every one of them
 * reads (identifiers, function names, types) are read here.
 */
final class AstBuilder {
  private AstBuilder() {}

  static Statement statement(StatementContext s) {
    try {
      return build(s);
    } finally {
      TermAst.forgetMarkers();
    }
  }

  private static Statement build(StatementContext s) {
    if (s.createKeyspace() != null) return SchemaAst.createKeyspace(s.createKeyspace());
    if (s.alterKeyspace() != null) return SchemaAst.alterKeyspace(s.alterKeyspace());
    if (s.dropKeyspace() != null) return SchemaAst.dropKeyspace(s.dropKeyspace());
    if (s.useStatement() != null) {
      if (s.useStatement().QMARK() != null) {
        throw new CqlException(CqlErrorClass.SyntaxError, "Bind variables cannot be used for keyspace names");
      }
      return new Statement.Use(ident(s.useStatement().ident()));
    }
    if (s.createTable() != null) return SchemaAst.createTable(s.createTable());
    if (s.alterTable() != null) return SchemaAst.alterTable(s.alterTable());
    if (s.dropTable() != null) return SchemaAst.dropTable(s.dropTable());
    if (s.truncateTable() != null) return SchemaAst.truncate(s.truncateTable());
    if (s.createIndex() != null) return SchemaAst.createIndex(s.createIndex());
    if (s.dropIndex() != null) return SchemaAst.dropIndex(s.dropIndex());
    if (s.createType() != null) return UserTypeAst.createType(s.createType());
    Statement security = SecurityAst.statement(s);
    if (security != null) return security;
    if (s.alterType() != null) return UserTypeAst.alterType(s.alterType());
    if (s.dropType() != null) return UserTypeAst.dropType(s.dropType());
    if (s.createFunction() != null) return FunctionAst.createFunction(s.createFunction());
    if (s.dropFunction() != null) return FunctionAst.dropFunction(s.dropFunction());
    if (s.createAggregate() != null) return FunctionAst.createAggregate(s.createAggregate());
    if (s.dropAggregate() != null) return FunctionAst.dropAggregate(s.dropAggregate());
    if (s.createView() != null) return ViewAst.createView(s.createView());
    if (s.alterView() != null) return ViewAst.alterView(s.alterView());
    if (s.dropView() != null) return ViewAst.dropView(s.dropView());
    if (s.describe() != null) return DescribeAst.describe(s.describe());
    if (s.insertStatement() != null) return ModificationAst.insert(s.insertStatement());
    if (s.updateStatement() != null) return ModificationAst.update(s.updateStatement());
    if (s.deleteStatement() != null) return ModificationAst.delete(s.deleteStatement());
    if (s.batchStatement() != null) return ModificationAst.batch(s.batchStatement());
    return SelectAst.select(s.selectStatement());
  }

  /** Unquoted names fold to lower case; "Quoted" names keep their case. */
  static String ident(IdentContext i) {
    if (i.QUOTED_NAME() != null) {
      String s = i.QUOTED_NAME().getText();
      return s.substring(1, s.length() - 1).replace("\"\"", "\"");
    }
    return i.getText().toLowerCase(Locale.ROOT);
  }

  /** A function called in a term or a selector, as FunctionCalls reads it: {@code ks.fn} or {@code fn}. */
  static String functionName(FunctionNameContext f) {
    // A keyspace-qualified name (ks.fn) keeps its keyspace before a dot, which no unquoted name contains.
    String ks = f.DOT() != null ? ident(f.ident(0)) + "." : "";
    if (f.K_TOKEN() != null) return ks + "token";
    return ks + ident(f.ident(f.ident().size() - 1));
  }

  static String type(CqlTypeContext t) {
    return TypeText.of(t);
  }
}
