package io.ringsim.sim.cells;

import static io.ringsim.sim.Say.EN;

import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import java.util.HexFormat;

/**
 * One cell of a partition, Cassandra's unit of last-write-wins: a row (its clustering, {@link Clustering#STATIC}
 * for the static row), a column and, for an element of a non-frozen collection, the element's path (hex). The row
 * marker an INSERT writes is the cell of column {@link #MARKER}.
 */
public record CellKey(Clustering clustering, String column, String path) {
  /** The row marker's column name (no CQL column is named so). */
  public static final String MARKER = "";

  public static CellKey marker(Clustering row) {
    return new CellKey(row, MARKER, null);
  }

  public static CellKey simple(Clustering row, String column) {
    return new CellKey(row, column, null);
  }

  public static CellKey element(Clustering row, String column, byte[] path) {
    return new CellKey(row, column, HexFormat.of().formatHex(path));
  }

  public boolean isMarker() {
    return column.equals(MARKER);
  }

  /** The cell as a user names it: the row's clustering values, then the column (and element); say.cell.* labels. */
  public String describe(ClusteringComparator cmp) {
    String kind = clustering.isStatic() ? "static" : clustering.size() == 0 ? null : "row";
    String prefix = "say.cell." + (kind == null ? "" : kind + ".");
    String of = isMarker() ? "marker" : path == null ? "column" : "element";
    java.util.List<Object> args = new java.util.ArrayList<>();
    if ("row".equals(kind)) args.add(values(clustering, cmp));
    if (!isMarker()) args.add(column);
    if (path != null && !isMarker()) args.add(path);
    return EN.f(prefix + of, args.toArray());
  }

  public static String describe(Clustering c, ClusteringComparator cmp) {
    if (c.isStatic()) return EN.get("say.cell.static");
    if (c.size() == 0) return "";
    return EN.f("say.cell.row", values(c, cmp));
  }

  private static String values(Clustering c, ClusteringComparator cmp) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < c.size(); i++) {
      if (i > 0) b.append(", ");
      try {
        b.append(cmp.type(i).format(cmp.type(i).deserialize(c.get(i))));
      } catch (RuntimeException e) {
        b.append("0x").append(HexFormat.of().formatHex(c.get(i)));
      }
    }
    return b.toString();
  }
}
