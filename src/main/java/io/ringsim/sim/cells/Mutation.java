package io.ringsim.sim.cells;

import java.util.List;

/** Everything one mutation did to its partition, cell by cell, as the coordinator built it. */
public record Mutation(List<CellWrite> writes, List<Deletion> deletions) {
  public Mutation {
    writes = List.copyOf(writes);
    deletions = List.copyOf(deletions);
  }

  public boolean expires() {
    return writes.stream().anyMatch(CellWrite::expiring);
  }
}
