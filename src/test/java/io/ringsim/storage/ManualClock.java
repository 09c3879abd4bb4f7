package io.ringsim.storage;

/** A storage clock the test moves by hand. */
final class ManualClock implements StorageClock {
  long micros;

  ManualClock(long seconds) {
    micros = seconds * 1_000_000L;
  }

  void advanceSeconds(long s) {
    micros += s * 1_000_000L;
  }

  @Override
  public long nowMicros() {
    return micros;
  }
}
