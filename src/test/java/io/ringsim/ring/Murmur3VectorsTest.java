package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.types.CqlTypes;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every key in vectors/murmur3_tokens.tsv (tokens computed by Apache Cassandra 4.1) hashes to Cassandra's token. */
class Murmur3VectorsTest {

  record Row(String type, String value, long token, String keyHex) {
    @Override
    public String toString() {
      return type + " " + value;
    }
  }

  static Stream<Row> rows() throws Exception {
    List<Row> rows = new ArrayList<>();
    try (var in = Murmur3VectorsTest.class.getResourceAsStream("/vectors/murmur3_tokens.tsv");
        var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      r.readLine(); // header
      for (String line; (line = r.readLine()) != null; ) {
        if (line.isBlank()) continue;
        String[] f = line.split("\t", -1);
        rows.add(new Row(f[0], f[1], Long.parseLong(f[2]), f[3]));
      }
    }
    assertThat(rows).hasSizeGreaterThan(100);
    return rows.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void serializedKeyAndTokenMatchCassandra(Row row) {
    byte[] key;
    if (row.type().startsWith("(")) {
      List<CqlType> types =
          Arrays.stream(row.type().substring(1, row.type().length() - 1).split(","))
              .map(String::trim)
              .map(CqlTypes::byName)
              .toList();
      List<?> values = (List<?>) new TupleType(types).parseLiteral(row.value());
      key = KeyEncoding.encode(types, values);
    } else {
      CqlType t = CqlTypes.byName(row.type());
      key = KeyEncoding.encode(List.of(t), List.of(t.parseLiteral(row.value())));
    }
    assertThat(HexFormat.of().formatHex(key)).isEqualTo(row.keyHex());
    assertThat(Murmur3Partitioner.tokenValue(key)).isEqualTo(row.token());
  }
}
