package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.CustomType;
import com.datastax.oss.driver.api.core.type.DataType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Columns typed by a Cassandra marshal class, through the Java driver against a served node: the result metadata
 * names the protocol's custom type with the class Cassandra prints, bound bytes come back unchanged, and
 * system_schema.columns gives the type text Cassandra's DESCRIBE gave in conformance script 33
 * (src/test/resources/cql/33_custom_types.expected.jsonl, from oracle/answer.sh), which read the same bytes back as
 * {@code abc:456}.
 */
class CustomTypesThroughDriverTest {
  private static final Path EXPECTED = Path.of("src/test/resources/cql/33_custom_types.expected.jsonl");

  @Test
  void aCompositeColumnTravelsAsTheCustomTypeCassandraNames() throws Exception {
    String cassandraType = describedType("composites", "b");
    try (ServedClusterFixture fx = new ServedClusterFixture(1, 33); CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE cust WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE cust.composites (a int PRIMARY KEY, "
          + "b 'org.apache.cassandra.db.marshal.CompositeType(AsciiType, Int32Type)')");

      Row schema = s.execute("SELECT type FROM system_schema.columns WHERE keyspace_name = 'cust' "
          + "AND table_name = 'composites' AND column_name = 'b'").one();
      assertThat(schema.getString("type")).isEqualTo(cassandraType);

      byte[] abc456 = HexFormat.of().parseHex("0003616263000004000001c800");
      PreparedStatement insert = s.prepare("INSERT INTO cust.composites (a, b) VALUES (?, ?)");
      s.execute(insert.bind(1, ByteBuffer.wrap(abc456)));
      s.execute("INSERT INTO cust.composites (a, b) VALUES (0, 'abc:123')");

      Row r = s.execute("SELECT b FROM cust.composites WHERE a = 1").one();
      DataType type = r.getColumnDefinitions().get("b").getType();
      assertThat(type).isInstanceOf(CustomType.class);
      assertThat("'" + ((CustomType) type).getClassName() + "'").isEqualTo(cassandraType);
      assertThat(bytes(r.getBytesUnsafe("b"))).isEqualTo(abc456);

      // The string literal went through CompositeType.fromString: two components, each length-prefixed, as
      // cassandra-all 4.1.10's CompositeType(AsciiType,Int32Type).fromString("abc:123") gives them.
      Row literal = s.execute("SELECT b FROM cust.composites WHERE a = 0").one();
      assertThat(HexFormat.of().formatHex(bytes(literal.getBytesUnsafe("b")))).isEqualTo("00036162630000040000007b00");
    }
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  /** The column's type as Cassandra's DESCRIBE TABLE printed it in script 33. */
  private static String describedType(String table, String column) throws Exception {
    ObjectMapper om = new ObjectMapper();
    for (String line : Files.readAllLines(EXPECTED)) {
      JsonNode e = om.readTree(line);
      if (!e.get("cql").asText().equals("DESCRIBE TABLE " + table)) continue;
      String create = e.get("rows").get(0).get(3).asText();
      Matcher m = Pattern.compile("\\n\\s+" + column + " ('[^']*')").matcher(create);
      assertThat(m.find()).as(create).isTrue();
      return m.group(1);
    }
    throw new AssertionError("no DESCRIBE TABLE " + table + " in " + EXPECTED);
  }
}
