package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Term;
import java.util.List;
import java.util.stream.Collectors;

/** A term written back as CQL, the way Cassandra quotes it in messages such as "Invalid operation (c = c + 1)". */
final class TermText {
  private TermText() {}

  static String of(Term t) {
    if (t instanceof Term.Literal l) {
      return l.kind() == Term.Kind.STRING ? "'" + l.text().replace("'", "''") + "'" : l.text();
    }
    if (t instanceof Term.ListLiteral l) return "[" + join(l.elements()) + "]";
    if (t instanceof Term.SetLiteral s) return "{" + join(s.elements()) + "}";
    if (t instanceof Term.MapLiteral m) {
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < m.keys().size(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(of(m.keys().get(i))).append(": ").append(of(m.values().get(i)));
      }
      return sb.append('}').toString();
    }
    if (t instanceof Term.TupleLiteral tl) return "(" + join(tl.elements()) + ")";
    if (t instanceof Term.UserTypeLiteral u) {
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < u.fields().size(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(io.ringsim.schema.collection.UserType.quoteIfNeeded(u.fields().get(i))).append(": ")
            .append(of(u.values().get(i)));
      }
      return sb.append('}').toString();
    }
    if (t instanceof Term.FunctionCall f && f.castType() != null) {
      // FunctionName.appendCqlTo quotes the name, whose case a bare name would lose.
      String name = f.name().substring(f.name().indexOf('.') + 1);
      return "system.\"" + name + "\"(" + join(f.args()) + ")";
    }
    if (t instanceof Term.FunctionCall f) return f.name() + "(" + join(f.args()) + ")";
    return "?";
  }

  private static String join(List<Term> ts) {
    return ts.stream().map(TermText::of).collect(Collectors.joining(", "));
  }
}
