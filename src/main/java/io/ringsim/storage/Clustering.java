package io.ringsim.storage;

import java.util.Arrays;

/**
 * A row's clustering values (serialized, one per clustering column). {@link #STATIC} names the static row and sorts
 * before every other row; {@link #EMPTY} is the only row of a table without clustering columns.
 */
public final class Clustering {
  public static final Clustering EMPTY = new Clustering(new byte[0][], false);
  public static final Clustering STATIC = new Clustering(new byte[0][], true);

  // One clustering column is the common case: its value is held alone (no byte[][] per row); values is then null.
  private final byte[] single;
  private final byte[][] values;
  private final boolean isStatic;

  private Clustering(byte[][] values, boolean isStatic) {
    this.single = values.length == 1 ? values[0] : null;
    this.values = values.length == 1 ? null : values;
    this.isStatic = isStatic;
  }

  public static Clustering of(byte[]... values) {
    return values.length == 0 ? EMPTY : new Clustering(values.length == 1 ? values : values.clone(), false);
  }

  public int size() {
    return values == null ? 1 : values.length;
  }

  public byte[] get(int i) {
    if (values != null) return values[i];
    if (i != 0) throw new ArrayIndexOutOfBoundsException(i);
    return single;
  }

  private byte[][] all() {
    return values != null ? values : new byte[][] {single};
  }

  public boolean isStatic() {
    return isStatic;
  }

  int dataSize() {
    if (values == null) return single.length + 2;
    int n = 0;
    for (byte[] v : values) n += v.length + 2;
    return n;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Clustering c) || c.isStatic != isStatic) return false;
    return values == null && c.values == null ? Arrays.equals(single, c.single) : Arrays.deepEquals(all(), c.all());
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(all()) + (isStatic ? 1 : 0);
  }

  @Override
  public String toString() {
    if (isStatic) return "STATIC";
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < size(); i++) {
      if (i > 0) sb.append(", ");
      sb.append("0x").append(java.util.HexFormat.of().formatHex(get(i)));
    }
    return sb.append(')').toString();
  }
}
