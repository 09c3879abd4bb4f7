package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ProtocolError;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import java.nio.ByteBuffer;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Valid statements with values at the edges (Infinity, NaN, each numeric type's extremes, empty text and blobs,
 * long text, wrongly sized bound bytes), sent by the Java driver to a one-node served cluster: whatever a statement
 * answers, it is never PROTOCOL_ERROR (which makes drivers drop the connection; with one node every later request
 * then fails with NoHostAvailable), and the same session answers a query afterwards. This is the robustness rule of
 * issue 35; what the answers are is CqlConformanceTest's business (16_edge_values_short_forms).
 */
class EdgeValueProperties {
  static ServedClusterFixture fx;
  static CqlSession session;

  private static final List<String> NUMERIC = List.of("i", "b", "s", "t", "v", "m", "d", "f");

  @BeforeContainer
  static void start() throws Exception {
    fx = new ServedClusterFixture(1, 35);
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE ev WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TABLE ev.t (k int, c int, i int, b bigint, s smallint, t tinyint, v varint, m decimal,"
        + " d double, f float, x text, a ascii, y blob, tu tuple<int, text, int>, lt list<text>, st set<int>,"
        + " mt map<text, int>, nt frozen<tuple<int, frozen<list<int>>>>, PRIMARY KEY (k, c))");
    // A row of infinities and NaN in every partition, so aggregates and CASTs always meet them.
    String[] edges = {"Infinity", "NaN", "-Infinity", "1.7976931348623157E308"};
    for (int k = 0; k < edges.length; k++) {
      session.execute("INSERT INTO ev.t (k, c, d, f, m) VALUES (" + k + ", 100, " + edges[k] + ", " + edges[k]
          + ", 1e300)");
    }
  }

  @AfterContainer
  static void stop() {
    session.close();
    fx.close();
  }

  /** Literals at the edges for each numeric column, some out of their type's range (an InvalidRequest). */
  private static Arbitrary<String> numericLiteral(String column) {
    List<String> common = List.of("0", "-0.0", "NaN", "Infinity", "-Infinity", "1.7976931348623157E308",
        "-1.7976931348623157E308", "4.9E-324", "3.4028235E38", "1.4E-45", "1e309", "-1e-400");
    List<String> integral = List.of("2147483647", "-2147483648", "2147483648", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "32767", "-32768", "127", "-128", "128",
        "99999999999999999999999999999999999999");
    return Arbitraries.oneOf(Arbitraries.of(common), Arbitraries.of(integral));
  }

  @Provide
  Arbitrary<String> statements() {
    Arbitrary<String> column = Arbitraries.of(NUMERIC);
    Arbitrary<Integer> key = Arbitraries.integers().between(0, 3);
    Arbitrary<String> insert = Combinators.combine(key, Arbitraries.integers().between(0, 5), column,
        column.flatMap(EdgeValueProperties::numericLiteral))
        .as((k, c, col, lit) -> "INSERT INTO ev.t (k, c, " + col + ") VALUES (" + k + ", " + c + ", " + lit + ")");
    Arbitrary<String> aggregate = Combinators.combine(Arbitraries.of("sum", "avg", "min", "max", "count"), column,
        key).as((fn, col, k) -> "SELECT " + fn + "(" + col + ") FROM ev.t WHERE k = " + k);
    Arbitrary<String> cast = Combinators.combine(column, Arbitraries.of("int", "bigint", "smallint", "tinyint",
        "varint", "decimal", "double", "float", "text", "ascii"), key)
        .as((col, to, k) -> "SELECT CAST(" + col + " AS " + to + ") FROM ev.t WHERE k = " + k);
    Arbitrary<String> blobAs = Combinators.combine(Arbitraries.of("int", "bigint", "smallint", "tinyint",
        "varint", "decimal", "double", "float", "text", "ascii", "boolean", "uuid", "timestamp", "date", "time",
        "inet"), Arbitraries.strings().withChars("0123456789abcdef").ofMaxLength(20).map(h -> h.length() % 2 == 0
        ? h : h + "0")).as((ty, hex) -> "SELECT blobAs" + ty + "(0x" + hex + ") FROM ev.t WHERE k = 0");
    Arbitrary<String> text = Combinators.combine(key, Arbitraries.of("", "'", "é", "\u0000", "\uD83D\uDE00")
        .flatMap(unit -> Arbitraries.integers().between(0, 20_000).map(n -> unit.repeat(unit.isEmpty() ? 0 : n))),
        Arbitraries.of("x", "a")).as((k, s, col) -> "INSERT INTO ev.t (k, c, " + col + ") VALUES (" + k + ", 9, '"
        + s.replace("'", "''") + "')");
    Arbitrary<String> tuple = Combinators.combine(key, Arbitraries.of("(1)", "(null)", "(1, 'a')", "(1, 'a', 2)",
        "(1, 'a', 2, 3)", "('a')", "1", "(2147483648)")).as((k, t) -> "INSERT INTO ev.t (k, c, tu) VALUES (" + k
        + ", 8, " + t + ")");
    Arbitrary<String> tupleWhere = Arbitraries.of("(1)", "(1, 'a')", "(null)").map(t -> "SELECT * FROM ev.t WHERE "
        + "tu = " + t + " ALLOW FILTERING");
    Arbitrary<String> small = Arbitraries.of("BEGIN BATCH APPLY BATCH", "BEGIN UNLOGGED BATCH APPLY BATCH",
        "ALTER KEYSPACE ev WITH durable_writes = false", "ALTER KEYSPACE ev WITH durable_writes = true",
        "INSERT INTO ev.t (k, c, y) VALUES (0, 7, 0x)", "SELECT blobAsText(y), blobAsInt(y) FROM ev.t WHERE k = 0");
    return Arbitraries.oneOf(insert, insert, aggregate, aggregate, cast, blobAs, text, tuple, tupleWhere, small);
  }

  @Property(tries = 120, seed = "35")
  void anEdgeValueNeverBreaksTheConnection(@ForAll("statements") String cql) {
    answer(() -> session.execute(cql));
    assertStillServing(cql);
  }

  /** Bound values the driver sends as raw bytes, wrongly sized for their column among them. */
  @Provide
  Arbitrary<ByteBuffer> rawValues() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(17).map(ByteBuffer::wrap);
  }

  @Property(tries = 60, seed = "35")
  void aBadlyEncodedBoundValueIsAnInvalidRequest(@ForAll("rawValues") ByteBuffer raw,
      @ForAll("numericColumn") String column) {
    PreparedStatement p = session.prepare("INSERT INTO ev.t (k, c, " + column + ") VALUES (1, 1, ?)");
    BoundStatement b = p.bind().setBytesUnsafe(0, raw);
    try {
      session.execute(b); // the bytes happened to be a valid value
    } catch (InvalidQueryException e) {
      // Cassandra's message for the type (BoundValueErrors), or ringsim's for the types it has none for.
      assertThat(e.getMessage()).isNotBlank();
    }
    assertStillServing("bound 0x" + java.util.HexFormat.of().formatHex(raw.array()) + " for " + column);
  }

  /** Bytes shaped like a collection: a count, then sized elements whose sizes may not fit what follows. */
  @Provide
  Arbitrary<ByteBuffer> collectionBytes() {
    Arbitrary<byte[]> element = Arbitraries.integers().between(-2, 6).flatMap(len ->
        Arbitraries.bytes().array(byte[].class).ofMaxSize(5).map(body -> {
          ByteBuffer b = ByteBuffer.allocate(4 + body.length);
          b.putInt(len).put(body);
          return b.array();
        }));
    return Combinators.combine(Arbitraries.integers().between(-1, 3), element.list().ofMaxSize(3))
        .as((count, elements) -> {
          java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
          out.writeBytes(ByteBuffer.allocate(4).putInt(count).array());
          for (byte[] e : elements) out.writeBytes(e);
          return ByteBuffer.wrap(out.toByteArray());
        });
  }

  /**
   * Bytes bound to a list, set, map or tuple are accepted or refused in Cassandra's words (CompositeBytes), never
   * with a Java exception's text ("Cannot read the array length because ...").
   */
  @Property(tries = 80, seed = "35")
  void aBadlyEncodedCollectionIsRefusedInCassandrasWords(@ForAll("collectionBytes") ByteBuffer raw,
      @ForAll("compositeColumn") String column) {
    PreparedStatement p = session.prepare("INSERT INTO ev.t (k, c, " + column + ") VALUES (1, 2, ?)");
    try {
      session.execute(p.bind().setBytesUnsafe(0, raw));
    } catch (ServerError e) {
      // An element size past the end: Cassandra 4.1's ByteBuffer slicing fails with Java's words, a server error.
      assertThat(e.getMessage()).startsWith("java.lang.IllegalArgumentException: newLimit ");
    } catch (InvalidQueryException e) {
      assertThat(e.getMessage()).as("refusal of 0x" + java.util.HexFormat.of().formatHex(raw.array()) + " for "
          + column).matches("Not enough bytes to read .*|Null value read when not allowed|The data cannot be "
          + "deserialized as a .*|Unexpected extraneous bytes after .* value|Invalid remaining data after end of "
          + "tuple value|Expected 4 or 0 byte int \\(\\d+\\)|String didn't validate\\.");
    }
    assertStillServing("bound 0x" + java.util.HexFormat.of().formatHex(raw.array()) + " for " + column);
  }

  @Provide
  Arbitrary<String> compositeColumn() {
    return Arbitraries.of("lt", "st", "mt", "tu", "nt");
  }

  @Provide
  Arbitrary<String> numericColumn() {
    return Arbitraries.of("i", "b", "s", "t", "d", "f", "tu");
  }

  /** Runs a request; any answer but PROTOCOL_ERROR is acceptable here. */
  private static void answer(Runnable request) {
    try {
      request.run();
    } catch (QueryValidationException | ServerError e) {
      // InvalidRequest, SyntaxError, ... or SERVER_ERROR (Cassandra gives it too, e.g. CAST(NaN AS decimal)).
    } catch (ProtocolError e) {
      throw new AssertionError("PROTOCOL_ERROR: " + e.getMessage(), e);
    }
  }

  private static void assertStillServing(String after) {
    assertThat(session.execute("SELECT release_version FROM system.local").one()).as("after %s",
        after.length() > 200 ? after.substring(0, 200) + "..." : after).isNotNull();
  }
}
