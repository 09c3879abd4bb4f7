package io.ringsim.cql.exec;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What Cassandra checks of a SELECT when it is PREPARED (SelectStatement.RawStatement.prepare): the selection, the
 * WHERE clause's restrictions, DISTINCT, GROUP BY, ORDER BY and the need for ALLOW FILTERING, none of which depends
 * on a bound value. ringsim's planner checks these with values in hand, so each marker is given a stand-in value of
 * its type; a statement whose markers sit where a stand-in could itself cause a refusal (a function's argument, an
 * arithmetic operand, the selection) is left to be checked when it is executed, as before.
 */
public final class SelectPrepareCheck {
  private SelectPrepareCheck() {}

  /** Throws the refusal Cassandra gives at PREPARE, if any. */
  public static void check(Statement.Select s, Catalog catalog, String session, List<BindVariable> variables) {
    Statement.Select bound = s;
    int markers = Prepared.markerCount(s);
    if (markers > 0) {
      if (markers != variables.size() || directMarkers(s) != markers) return;
      List<Object> standIns = new ArrayList<>();
      for (BindVariable v : variables) {
        Object x = standIn(v.type());
        if (x == null) return;
        standIns.add(x);
      }
      try {
        bound = (Statement.Select) Prepared.bind(s, standIns);
      } catch (CqlException e) {
        return; // a stand-in the binder does not take: left to EXECUTE
      }
    }
    SelectPlanner.checkStatement(bound, catalog, session, new Values(0, 0), 0);
  }

  /**
   * The markers that are a relation's value (or one of its IN values or tuple elements) or a LIMIT: the positions
   * where the planner takes a bound value as it is.
   */
  private static int directMarkers(Statement.Select s) {
    int n = 0;
    if (s.limit() instanceof Term.BindMarker) n++;
    if (s.perPartitionLimit() instanceof Term.BindMarker) n++;
    for (Relation r : s.where()) {
      List<Term> terms = List.of();
      if (r instanceof Relation.Single x) terms = List.of(x.value());
      else if (r instanceof Relation.In x) terms = x.values();
      else if (r instanceof Relation.Contains x) terms = List.of(x.value());
      // The token of key values is computed only for the read's range, never in the checks.
      else if (r instanceof Relation.Token x && x.value() instanceof Term.FunctionCall f
          && f.name().equalsIgnoreCase("token")) terms = f.args();
      else if (r instanceof Relation.Token x) terms = List.of(x.value());
      else if (r instanceof Relation.MultiColumn x) terms = x.values();
      else if (r instanceof Relation.MultiColumnIn x) terms = x.tuples().stream().flatMap(List::stream).toList();
      else if (r instanceof Relation.InMarker x) terms = List.of(x.marker());
      else if (r instanceof Relation.MultiColumnMarker x) terms = List.of(x.marker());
      else if (r instanceof Relation.MultiColumnInMarker x) terms = List.of(x.marker());
      else if (r instanceof Relation.MultiColumnInMarkers x) terms = List.copyOf(x.markers());
      else if (r instanceof Relation.Element x) terms = List.of(x.key(), x.value());
      else if (r instanceof Relation.Like x) terms = List.of(x.pattern());
      for (Term t : terms) if (t instanceof Term.BindMarker) n++;
    }
    return n;
  }

  /** Candidate encodings of a scalar value, tried in turn: the first that the type decodes is the stand-in. */
  private static final byte[][] SCALARS = {
      new byte[4], new byte[8], timeUuid(), new byte[16], new byte[2], new byte[1], new byte[3], new byte[0]};

  private static byte[] timeUuid() {
    byte[] b = new byte[16];
    b[6] = 0x10; // version 1
    b[8] = (byte) 0x80; // IETF variant
    return b;
  }

  /**
   * A value of {@code type} as a driver would send it, decoded, or null if none. A list has two different elements
   * where it can: {@code b IN ?} or {@code (b, c) IN ?} is then no equality, as Cassandra never takes it for one
   * (ORDER BY may skip a column fixed by =, never one restricted by IN ?).
   */
  private static Object standIn(CqlType type) {
    byte[] bytes = type instanceof ListType l ? twoElements(l.element()) : null;
    if (bytes == null) bytes = bytes(type);
    if (bytes == null) return null;
    try {
      return type.deserialize(bytes);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static byte[] bytes(CqlType type) {
    if (type instanceof ListType l) return collection(List.of(l.element()));
    if (type instanceof SetType st) return collection(List.of(st.element()));
    if (type instanceof MapType m) return collection(List.of(m.key(), m.value()));
    if (type instanceof TupleType t) return fields(t.components());
    if (type instanceof UserType u) return fields(u.fieldTypes());
    for (byte[] b : SCALARS) {
      try {
        type.deserialize(b);
        return b;
      } catch (RuntimeException e) {
        // not this length: try the next
      }
    }
    return null;
  }

  private static byte[] twoElements(CqlType element) {
    byte[] a = bytes(element);
    // The last byte is that of a scalar (a tuple's last field): flipped, it is another value of the same type.
    if (a == null || a.length == 0 || element instanceof ListType || element instanceof SetType
        || element instanceof MapType) return null;
    byte[] b = a.clone();
    b[b.length - 1] = 1;
    try {
      if (element.compare(a, b) == 0) return null;
      element.deserialize(b);
    } catch (RuntimeException e) {
      return null;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeInt(out, 2);
    writeInt(out, a.length);
    out.writeBytes(a);
    writeInt(out, b.length);
    out.writeBytes(b);
    return out.toByteArray();
  }

  private static byte[] collection(List<CqlType> parts) {
    byte[] f = fields(parts);
    if (f == null) return null;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeInt(out, 1);
    out.writeBytes(f);
    return out.toByteArray();
  }

  private static byte[] fields(List<CqlType> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (CqlType p : parts) {
      byte[] b = bytes(p);
      if (b == null) return null;
      writeInt(out, b.length);
      out.writeBytes(b);
    }
    return out.toByteArray();
  }

  private static void writeInt(ByteArrayOutputStream out, int v) {
    out.write(v >>> 24);
    out.write(v >>> 16);
    out.write(v >>> 8);
    out.write(v);
  }
}
