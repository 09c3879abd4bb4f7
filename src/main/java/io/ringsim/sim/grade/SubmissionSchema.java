package io.ringsim.sim.grade;

import io.ringsim.cluster.ClientSession;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.BindVariable;
import io.ringsim.cql.exec.Prepared;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.grade.Assignment.AccessPattern;
import io.ringsim.sim.grade.Assignment.Attribute;
import io.ringsim.sim.grade.Assignment.Entity;
import io.ringsim.sim.grade.Submission.Stmt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a submission's schema in the grader's keyspace and checks it against the assignment: every column is an
 * attribute (with the attribute's type), every access pattern has its query, on a table that exists, with bind
 * markers named after the pattern's parameters. What breaks these rules, or does not parse, is a
 * {@link GradeException}: the submission cannot be graded. A parsed query the engine refuses (an unknown column, a
 * wrong type) is not: it is graded as invalid.
 */
final class SubmissionSchema {
  private SubmissionSchema() {}

  private static final Pattern SYNTAX_AT = Pattern.compile("line (\\d+):(\\d+) (.*)", Pattern.DOTALL);

  /** A parsed query, with the access pattern it answers. */
  record Query(AccessPattern pattern, Stmt stmt, Statement.Select select) {}

  /** A table and the entity whose instances fill it. */
  record Owned(TableMetadata table, Entity entity, int entityIndex, Stmt stmt) {}

  /** The engine's message for a statement, placed in the file (a syntax error's own line:col, else its start). */
  static String where(String file, Stmt st, CqlException e) {
    Matcher m = SYNTAX_AT.matcher(e.getMessage());
    if (m.matches()) {
      return st.at(file, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))) + ": " + e.errorClass() + ": "
          + m.group(3);
    }
    return st.at(file) + ": " + e.errorClass() + ": " + e.getMessage();
  }

  static List<Owned> tables(Assignment a, Submission s, ClientSession session) {
    Map<String, Stmt> created = new LinkedHashMap<>();
    for (Stmt st : s.schema()) {
      Statement parsed;
      try {
        parsed = CqlParser.parse(st.text());
      } catch (CqlException e) {
        throw new GradeException(where(s.file(), st, e));
      }
      String ks;
      if (parsed instanceof Statement.CreateTable t) ks = t.keyspace();
      else if (parsed instanceof Statement.CreateIndex i) ks = i.keyspace();
      else throw new GradeException(st.at(s.file()) + ": only CREATE TABLE and CREATE INDEX come before "
            + "the first '-- Q' line: the grader writes the data itself, and each query follows its '-- Qn' line");
      if (ks != null) {
        throw new GradeException(st.atWord(s.file(), ks) + ": write the table without a keyspace ('" + ks
            + ".'): the grader makes one");
      }
      try {
        session.execute(parsed);
      } catch (CqlException e) {
        throw new GradeException(where(s.file(), st, e));
      }
      if (parsed instanceof Statement.CreateTable t) created.put(t.name(), st);
    }
    if (created.isEmpty()) {
      throw new GradeException(s.file() + ":1:1: no CREATE TABLE: the submission starts with its tables");
    }
    Catalog c = session.cluster().catalog();
    List<Owned> out = new ArrayList<>();
    for (TableMetadata t : c.tables(Grader.KEYSPACE)) {
      Stmt st = created.get(t.name());
      Entity owner = null;
      int ownerIndex = -1;
      for (ColumnDef col : t.columns()) {
        int found = -1;
        for (int e = 0; e < a.entities().size() && found < 0; e++) {
          if (a.entities().get(e).attribute(col.name()).isPresent()) found = e;
        }
        if (found < 0) {
          throw new GradeException(st.atWord(s.file(), col.name()) + ": column '" + col.name() + "' of table "
              + t.name() + " is not an attribute (" + attributes(a) + "): a table's columns are the entities' "
              + "attributes, named as the assignment names them");
        }
        Entity e = a.entities().get(found);
        if (owner != null && owner != e) {
          throw new GradeException(st.atWord(s.file(), col.name()) + ": table " + t.name() + " mixes attributes of "
              + owner.name() + " and " + e.name() + ": a table holds the attributes of one entity");
        }
        owner = e;
        ownerIndex = found;
        Attribute attr = e.attribute(col.name()).orElseThrow();
        if (!attr.type().name().equals(col.type().name())) {
          throw new GradeException(st.atWord(s.file(), col.name()) + ": column '" + col.name() + "' of table "
              + t.name() + " is " + col.type().name() + " but attribute " + e.name() + "." + attr.name() + " is "
              + attr.type().name());
        }
      }
      out.add(new Owned(t, owner, ownerIndex, st));
    }
    return out;
  }

  private static String attributes(Assignment a) {
    List<String> parts = new ArrayList<>();
    for (Entity e : a.entities()) parts.add(e.name() + ": " + e.attributeNames());
    return String.join("; ", parts);
  }

  static List<Query> queries(Assignment a, Submission s, ClientSession session) {
    for (Map.Entry<String, Integer> m : s.markers().entrySet()) {
      if (a.patterns().stream().noneMatch(p -> p.id().equals(m.getKey()))) {
        throw new GradeException(s.file() + ":" + m.getValue() + ":1: the assignment has no access pattern "
            + m.getKey() + " (it has " + String.join(", ", a.patterns().stream().map(AccessPattern::id).toList())
            + ")");
      }
      if (!s.queries().containsKey(m.getKey())) {
        throw new GradeException(s.file() + ":" + m.getValue() + ":1: '-- " + m.getKey() + "' is followed by no "
            + "query");
      }
    }
    List<Query> out = new ArrayList<>();
    Catalog c = session.cluster().catalog();
    for (AccessPattern p : a.patterns()) {
      Stmt st = s.queries().get(p.id());
      if (st == null) {
        throw new GradeException(s.file() + ":" + s.lastLine() + ":1: no '-- " + p.id() + "' line: write the query "
            + "for " + p.id() + " (" + p.description() + ") on the line after a comment line '-- " + p.id() + "'");
      }
      Statement parsed;
      try {
        parsed = CqlParser.parse(st.text());
      } catch (CqlException e) {
        // A query that does not parse cannot be run, so nothing of it can be graded: like a table that does not
        // parse, the submission is refused at the error's place.
        throw new GradeException(where(s.file(), st, e));
      }
      if (!(parsed instanceof Statement.Select sel)) {
        throw new GradeException(st.at(s.file()) + ": the query for " + p.id() + " is a SELECT, not this statement");
      }
      if (sel.keyspace() != null) {
        throw new GradeException(st.atWord(s.file(), sel.keyspace()) + ": write the table without a keyspace ('"
            + sel.keyspace() + ".'): the grader makes one");
      }
      if (c.table(Grader.KEYSPACE, sel.table()).isEmpty()) {
        throw new GradeException(st.atWord(s.file(), sel.table()) + ": " + p.id() + " reads table '" + sel.table()
            + "', which your schema does not create (tables: " + String.join(", ", c.tables(Grader.KEYSPACE)
            .stream().map(TableMetadata::name).toList()) + ")");
      }
      int q = positional(st.text());
      if (q >= 0) {
        throw new GradeException(st.at(s.file(), lineOf(st.text(), q), colOf(st.text(), q)) + ": use named bind "
            + "markers (:" + String.join(", :", p.parameters()) + "), not '?'");
      }
      List<BindVariable> vars;
      try {
        vars = Prepared.variables(sel, c, Grader.KEYSPACE);
      } catch (CqlException e) {
        vars = List.of(); // an unknown column: the run reports it as the engine's error
      }
      for (BindVariable v : vars) {
        if (!p.parameters().contains(v.name())) {
          throw new GradeException(st.atWord(s.file(), ":" + v.name()) + ": " + p.id() + " has no parameter :"
              + v.name() + " (its parameters: :" + String.join(", :", p.parameters()) + ")");
        }
      }
      out.add(new Query(p, st, sel));
    }
    return out;
  }

  /** The offset of a '?' outside quotes, or -1. */
  private static int positional(String text) {
    boolean single = false, dbl = false;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == '\'' && !dbl) single = !single;
      else if (ch == '"' && !single) dbl = !dbl;
      else if (ch == '?' && !single && !dbl) return i;
    }
    return -1;
  }

  private static int lineOf(String text, int offset) {
    int l = 1;
    for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') l++;
    return l;
  }

  private static int colOf(String text, int offset) {
    int nl = text.lastIndexOf('\n', offset - 1);
    return offset - (nl + 1);
  }
}
