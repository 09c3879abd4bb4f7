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
    checkComponentSizes(pk, values);
    return KeyEncoding.encode(types, values);
  }

  /**
   * A composite key's component has a two-byte length, so one of 64 KiB cannot be encoded: Cassandra then refuses
   * the key by its whole composite length (each component with its length and end byte), as it refuses a long key.
   */
  private static void checkComponentSizes(List<ColumnDef> pk, List<Object> values) {
    long total = 0;
    boolean tooLong = false;
    for (int i = 0; i < pk.size(); i++) {
      if (values.get(i) == null) return;   // KeyEncoding names the null
      int n = pk.get(i).type().serialize(values.get(i)).length;
      total += 2 + n + 1;
      tooLong |= n > 65535;
    }
    if (tooLong) throw SchemaOps.invalid("Key length of " + total + " is longer than maximum of 65535");
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
