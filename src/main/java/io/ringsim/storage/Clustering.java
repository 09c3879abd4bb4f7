package io.ringsim.storage;

import java.util.Arrays;

/**
 * A row's clustering values (serialized, one per clustering column). {@link #STATIC} names the static row and sorts
 * before every other row; {@link #EMPTY} is the only row of a table without clustering columns.
 */
public final class Clustering {
  public static final Clustering EMPTY = new Clustering(new byte[0][], false);
  public static final Clustering STATIC = new Clustering(new byte[0][], true);

  private final byte[][] values;
  private final boolean isStatic;

  private Clustering(byte[][] values, boolean isStatic) {
    this.values = values;
    this.isStatic = isStatic;
  }

  public static Clustering of(byte[]... values) {
    return values.length == 0 ? EMPTY : new Clustering(values.clone(), false);
  }

  public int size() {
    return values.length;
  }

  public byte[] get(int i) {
    return values[i];
  }

  public boolean isStatic() {
    return isStatic;
  }

  int dataSize() {
    int n = 0;
    for (byte[] v : values) n += v.length + 2;
    return n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Clustering c && c.isStatic == isStatic && Arrays.deepEquals(c.values, values);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(values) + (isStatic ? 1 : 0);
  }

  @Override
  public String toString() {
    if (isStatic) return "STATIC";
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < values.length; i++) {
      if (i > 0) sb.append(", ");
      sb.append("0x").append(java.util.HexFormat.of().formatHex(values[i]));
    }
    return sb.append(')').toString();
  }
}
