package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeAddContext;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeAlterContext;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.AlterTypeRenameContext;
import io.ringsim.cql.parse.CqlGrammarParser.CreateTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.TypeFieldContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;

/** The AST of CREATE / ALTER TYPE (DROP TYPE is built by AstBuilder). */
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
    String[] n = AstBuilder.table(c.tableName());
    if (c.tableName().ident().size() == 1 && c.tableName().ident(0).QUOTED_NAME() == null
        && NATIVE.contains(n[1])) {
      throw expectingDot(c.LPAREN().getSymbol(), c.start);
    }
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (TypeFieldContext f : c.typeField()) {
      names.add(AstBuilder.ident(f.ident()));
      types.add(AstBuilder.type(f.cqlType()));
    }
    return new Statement.CreateType(n[0], n[1], c.K_NOT() != null, names, types);
  }

  static Statement alterType(AlterTypeContext c) {
    if (c instanceof AlterTypeAddContext a) {
      String[] n = AstBuilder.table(a.tableName());
      return new Statement.AlterTypeAdd(n[0], n[1], a.typeIf != null, AstBuilder.ident(a.ident()),
          AstBuilder.type(a.cqlType()), a.fieldIf != null);
    }
    if (c instanceof AlterTypeAlterContext a) {
      String[] n = AstBuilder.table(a.tableName());
      return new Statement.AlterTypeAlter(n[0], n[1], a.typeIf != null, AstBuilder.ident(a.ident()),
          AstBuilder.type(a.cqlType()));
    }
    AlterTypeRenameContext r = (AlterTypeRenameContext) c;
    String[] n = AstBuilder.table(r.tableName());
    List<String> from = new ArrayList<>();
    List<String> to = new ArrayList<>();
    for (int i = 0; i < r.ident().size(); i += 2) {
      from.add(AstBuilder.ident(r.ident(i)));
      to.add(AstBuilder.ident(r.ident(i + 1)));
    }
    return new Statement.AlterTypeRename(n[0], n[1], r.typeIf != null, from, to, r.fieldIf != null);
  }

  /**
   * Cassandra 4.1's grammar takes a column name, nothing else, in writetime() and ttl(): {@code writetime(a.b)} is a
   * syntax error at the dot, reported as its parser reports it.
   */
  static void checkWritetimeArguments(CqlGrammarParser.FunctionSelectorContext f) {
    if (f.functionName().K_TOKEN() != null) return;
    String fn = AstBuilder.functionName(f.functionName());
    if (!fn.equals("writetime") && !fn.equals("ttl")) return;
    for (CqlGrammarParser.UnaliasedSelectorContext a : f.unaliasedSelector()) {
      if (a instanceof CqlGrammarParser.AtomSelectorContext atom
          && atom.selectorAtom() instanceof CqlGrammarParser.FieldSelectorContext field
          && field.selectorAtom() instanceof CqlGrammarParser.ColumnSelectorContext)
        throw CqlParser.mismatched(field.DOT().getSymbol(), "')'");
    }
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
