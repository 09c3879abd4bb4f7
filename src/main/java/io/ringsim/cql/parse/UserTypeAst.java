package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeAddContext;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeAlterContext;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeRenameContext;
import io.ringsim.cql.parse.CqlGrammarParser.CreateTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.DropTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.TypeFieldContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;

/** The AST of CREATE / ALTER / DROP TYPE. */
final class UserTypeAst {
  private UserTypeAst() {}

  /**
   * The native type names, which Cassandra's grammar does not take as a type's name: {@code CREATE TYPE int (...)}
   * reads {@code int} as a keyspace and then expects the dot of {@code int.name}.
   */
  private static final Set<String> NATIVE = Set.of("ascii", "bigint", "blob", "boolean", "counter", "date", "decimal",
      "double", "duration", "float", "inet", "int", "smallint", "text", "time", "timestamp", "timeuuid", "tinyint",
      "uuid", "varchar", "varint");

  static Statement createType(CreateTypeContext c) {
    QualifiedName n = QualifiedName.of(c.tableName());
    if (n.keyspace() == null && c.tableName().ident(0).QUOTED_NAME() == null && NATIVE.contains(n.name())) {
      throw expectingDot(c.LPAREN().getSymbol(), c.start);
    }
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (TypeFieldContext f : c.typeField()) {
      names.add(AstBuilder.ident(f.ident()));
      types.add(AstBuilder.type(f.cqlType()));
    }
    return new Statement.CreateType(n.keyspace(), n.name(), c.K_NOT() != null, names, types);
  }

  static Statement alterType(AlterTypeContext c) {
    if (c instanceof AlterTypeAddContext a) {
      QualifiedName n = QualifiedName.of(a.tableName());
      return new Statement.AlterTypeAdd(n.keyspace(), n.name(), a.typeIf != null, AstBuilder.ident(a.ident()),
          AstBuilder.type(a.cqlType()), a.fieldIf != null);
    }
    if (c instanceof AlterTypeAlterContext a) {
      QualifiedName n = QualifiedName.of(a.tableName());
      return new Statement.AlterTypeAlter(n.keyspace(), n.name(), a.typeIf != null, AstBuilder.ident(a.ident()),
          AstBuilder.type(a.cqlType()));
    }
    AlterTypeRenameContext r = (AlterTypeRenameContext) c;
    QualifiedName n = QualifiedName.of(r.tableName());
    List<String> from = new ArrayList<>();
    List<String> to = new ArrayList<>();
    for (int i = 0; i < r.ident().size(); i += 2) {
      from.add(AstBuilder.ident(r.ident(i)));
      to.add(AstBuilder.ident(r.ident(i + 1)));
    }
    return new Statement.AlterTypeRename(n.keyspace(), n.name(), r.typeIf != null, from, to, r.fieldIf != null);
  }

  static Statement dropType(DropTypeContext c) {
    QualifiedName n = QualifiedName.of(c.tableName());
    return new Statement.DropType(n.keyspace(), n.name(), c.K_EXISTS() != null);
  }

  /** Cassandra's parser error for a native type name where a type's name goes, with its snippet. */
  private static CqlException expectingDot(Token bad, Token statementStart) {
    String text = bad.getInputStream().toString();
    String before = text.substring(statementStart.getStartIndex(), bad.getStartIndex());
    String after = bad.getStopIndex() + 1 < text.length() ? "..." : "";
    return new CqlException(CqlErrorClass.SyntaxError, "line " + bad.getLine() + ":" + bad.getCharPositionInLine()
        + " mismatched input '" + bad.getText() + "' expecting '.' (" + before + "[" + bad.getText() + "]" + after
        + ")");
  }
}
