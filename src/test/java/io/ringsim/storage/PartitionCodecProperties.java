package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;

/**
 * The codec writes the bytes Java's DataOutput wrote, which the decoder still reads with DataInputStream: any column
 * name (quoted CQL names may hold any character, NUL and characters outside the BMP included) and any timestamp
 * come back as they went in.
 */
class PartitionCodecProperties {

  @Property(tries = 300)
  void namesAndTimestampsComeBackAsWritten(@ForAll @StringLength(min = 1, max = 40)
      @CharRange(from = '\u0000', to = '\uffff') String column, @ForAll long timestamp, @ForAll int pk) {
    TestTable table = new TestTable();
    Partition p = new Partition(table.key(pk), table.schema.clustering());
    p.add(Row.builder(Clustering.of(TestTable.i(1))).cell(column, Cell.live(timestamp, TestTable.t(column))).build());
    Partition back = PartitionCodec.decode(PartitionCodec.encode(p), table.schema);
    Row row = back.rows().firstEntry().getValue();
    assertThat(row.name(0)).isEqualTo(column);
    assertThat(row.cell(0).timestamp()).isEqualTo(timestamp);
    assertThat(PartitionCodec.encode(back)).isEqualTo(PartitionCodec.encode(p));
  }
}
