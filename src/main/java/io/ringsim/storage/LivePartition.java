package io.ringsim.storage;

import java.util.List;

/** What a read returns for one partition: its live static row (or null) and its live rows in the order asked. */
public record LivePartition(DecoratedKey key, LiveRow staticRow, List<LiveRow> rows) {
  public boolean isEmpty() {
    return staticRow == null && rows.isEmpty();
  }
}
