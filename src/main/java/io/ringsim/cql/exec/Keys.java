package io.ringsim.cql.exec;

import io.ringsim.ring.KeyEncoding;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;

/** Partition key and clustering values to and from the bytes the storage engine keys on. */
public final class Keys {
  private Keys() {}

  public static byte[] partitionKey(TableMetadata t, List<Object> values) {
    List<ColumnDef> pk = t.partitionKey();
    if (pk.size() == 1) return pk.get(0).type().serialize(values.get(0));
    List<CqlType> types = new ArrayList<>();
    for (ColumnDef c : pk) types.add(c.type());
    return KeyEncoding.encode(types, values);
  }

  public static List<Object> partitionValues(TableMetadata t, byte[] key) {
    List<ColumnDef> pk = t.partitionKey();
    List<Object> out = new ArrayList<>();
    if (pk.size() == 1) {
      out.add(pk.get(0).type().deserialize(key));
      return out;
    }
    List<byte[]> parts = KeyEncoding.decompose(key, pk.size());
    for (int i = 0; i < pk.size(); i++) out.add(pk.get(i).type().deserialize(parts.get(i)));
    return out;
  }

  public static byte[][] clustering(TableMetadata t, List<Object> values) {
    List<ColumnDef> cc = t.clusteringColumns();
    byte[][] out = new byte[values.size()][];
    for (int i = 0; i < values.size(); i++) out[i] = cc.get(i).type().serialize(values.get(i));
    return out;
  }
}
