package io.ringsim.storage;

import java.util.List;

/**
 * Which rows of a partition a read wants: clustering slices in clustering order, forward or reversed, and a limit
 * on live rows (Integer.MAX_VALUE for none).
 *
 * <p>{@code paged}: a page of a paged SELECT. The replica then stops after {@code limit} live rows in the query's
 * order and ships only the rows up to there (Cassandra's replicas stop at the command's limit). Other reads keep
 * reading and shipping the whole slice, as ringsim always did, so the scenarios' replicas do the same work and the
 * runs stay byte for byte what they were.
 *
 * <p>{@code named}: the query names each row it wants by its whole primary key (a table without clustering columns,
 * or = / IN on every clustering column): Cassandra's names filter, which replicas read in timestamp order and stop
 * early ({@link NamedRowsRead}). A range that happens to start and end at one value is a slice, as in Cassandra.
 *
 * <p>{@code index}: a range scan read by a built-in secondary index (null: none). Each replica asked for a range
 * looks the value up in its {@link LocalIndex} and reads only the rows found there (when several are asked, the
 * coordinator's ReplicaFilteringProtection completes their answers); point reads ignore it.
 */
public record ReadFilter(List<Slice> slices, boolean reversed, int limit, boolean paged, boolean named,
    IndexQuery index) {
  public static final ReadFilter ALL = new ReadFilter(List.of(Slice.ALL), false, Integer.MAX_VALUE);
  /** The one row of a table without clustering columns, named by its partition key. */
  public static final ReadFilter ALL_NAMED = ALL.named(true);

  public ReadFilter {
    slices = List.copyOf(slices);
    if (limit <= 0) throw new IllegalArgumentException("limit must be positive: " + limit);
  }

  public ReadFilter(List<Slice> slices, boolean reversed, int limit, boolean paged, boolean named) {
    this(slices, reversed, limit, paged, named, null);
  }

  public ReadFilter(List<Slice> slices, boolean reversed, int limit) {
    this(slices, reversed, limit, false, false);
  }

  public ReadFilter(List<Slice> slices, boolean reversed, int limit, boolean paged) {
    this(slices, reversed, limit, paged, false);
  }

  public ReadFilter named(boolean n) {
    return new ReadFilter(slices, reversed, limit, paged, n, index);
  }

  public static ReadFilter slices(List<Slice> slices) {
    return new ReadFilter(slices, false, Integer.MAX_VALUE);
  }

  public ReadFilter withLimit(int l) {
    return new ReadFilter(slices, reversed, l, paged, named, index);
  }

  public ReadFilter reversed(boolean r) {
    return new ReadFilter(slices, r, limit, paged, named, index);
  }

  /** The same filter as a page's read: at most {@code l} live rows, and the replica stops there. */
  public ReadFilter page(List<Slice> s, int l) {
    return new ReadFilter(s, reversed, l, true, named, index);
  }

  /** The same filter read by {@code q} (null: by no index). */
  public ReadFilter indexed(IndexQuery q) {
    return new ReadFilter(slices, reversed, limit, paged, named, q);
  }
}
