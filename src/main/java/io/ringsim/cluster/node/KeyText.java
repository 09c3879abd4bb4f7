package io.ringsim.cluster.node;

import io.ringsim.cql.exec.Keys;
import io.ringsim.schema.TableMetadata;
import java.util.List;

/** A partition key as cqlsh prints it: the partition key columns' values, joined by ':' when composite. */
public final class KeyText {
  private KeyText() {}

  public static String of(TableMetadata t, byte[] key) {
    List<Object> vals = Keys.partitionValues(t, key);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < vals.size(); i++) {
      if (i > 0) sb.append(':');
      sb.append(t.partitionKey().get(i).type().format(vals.get(i)));
    }
    return sb.toString();
  }
}
