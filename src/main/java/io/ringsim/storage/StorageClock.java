package io.ringsim.storage;

/** The node's clock as the storage engine sees it: virtual in simulations, never the wall clock directly. */
@FunctionalInterface
public interface StorageClock {
  long nowMicros();

  default int nowInSec() {
    return (int) Math.floorDiv(nowMicros(), 1_000_000L);
  }

  default long nowMillis() {
    return Math.floorDiv(nowMicros(), 1_000L);
  }
}
