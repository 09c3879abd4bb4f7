package io.ringsim.cql.exec;

/**
 * Where a paged SELECT stands: the last row returned (its partition key and clustering; no clustering when the
 * whole partition was returned, as a partition's static row alone or a row of a table without clustering columns
 * is), and how many rows the statement's LIMIT still allows. Cassandra's paging state holds the same: the
 * partition key, the row mark and the remaining count.
 */
public record PageCursor(byte[] partitionKey, byte[][] clustering, int remaining) {
  /** A first page: nothing returned yet. */
  public static PageCursor start(int limit) {
    return new PageCursor(null, null, limit);
  }

  public boolean atStart() {
    return partitionKey == null;
  }

  /** The partition {@link #partitionKey} is done: the next page starts with the partition after it. */
  public boolean partitionDone() {
    return clustering == null;
  }
}
