package io.ringsim.cql.parse;

import io.ringsim.cql.parse.CqlGrammarParser.CqlTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.CustomTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.FrozenTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.IdentContext;
import io.ringsim.cql.parse.CqlGrammarParser.ListTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.MapTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.SetTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.SimpleTypeContext;
import io.ringsim.cql.parse.CqlGrammarParser.TupleTypeContext;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CustomTypeErrors;
import io.ringsim.schema.types.CqlTypes;
import java.util.Locale;

/** A column's or a field's type as written in CREATE TABLE, ALTER TABLE ADD, CREATE and ALTER TYPE. */
final class TypeText {
  private TypeText() {}

  /**
   * A type as text that {@code TypeResolver} reads back: scalar names in lower case, a user type's name quoted when
   * it was quoted ("Quoted"), keyspace-qualified when written so; a marshal class name as its string literal.
   */
  static String of(CqlTypeContext t) {
    if (t instanceof SimpleTypeContext s) {
      StringBuilder sb = new StringBuilder();
      for (IdentContext i : s.ident()) {
        if (sb.length() > 0) sb.append('.');
        sb.append(i.QUOTED_NAME() != null ? i.QUOTED_NAME().getText() : i.getText().toLowerCase(Locale.ROOT));
      }
      return sb.toString();
    }
    if (t instanceof ListTypeContext l) return "list<" + of(l.cqlType()) + ">";
    if (t instanceof SetTypeContext l) return "set<" + of(l.cqlType()) + ">";
    if (t instanceof MapTypeContext m) return "map<" + of(m.cqlType(0)) + ", " + of(m.cqlType(1)) + ">";
    if (t instanceof FrozenTypeContext f) {
      // Cassandra's grammar freezes the type as it reads it; a native type cannot be, and says so as a syntax error.
      if (f.cqlType() instanceof SimpleTypeContext s && s.ident().size() == 1 && s.ident(0).QUOTED_NAME() == null
          && CqlTypes.scalarNames().contains(s.ident(0).getText().toLowerCase(Locale.ROOT))) {
        throw new CqlException(CqlErrorClass.SyntaxError, "frozen<> is only allowed on collections, tuples, and"
            + " user-defined types (got " + CqlTypes.byName(s.ident(0).getText()).name() + ")");
      }
      return "frozen<" + of(f.cqlType()) + ">";
    }
    if (t instanceof CustomTypeContext c) { // a marshal class name, kept in single quotes
      String text = c.STRING().getText();
      String quoted = text.startsWith("$$") ? "'" + text.substring(2, text.length() - 2).replace("'", "''") + "'"
          : text;
      CustomTypeErrors.resolve(quoted); // Cassandra's grammar reads the class at once: its errors are syntax errors
      return quoted;
    }
    TupleTypeContext tt = (TupleTypeContext) t;
    StringBuilder sb = new StringBuilder("tuple<");
    for (int i = 0; i < tt.cqlType().size(); i++) {
      if (i > 0) sb.append(", ");
      sb.append(of(tt.cqlType(i)));
    }
    return sb.append('>').toString();
  }
}
