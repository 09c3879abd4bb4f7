package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The scenario checker expires a TTL'd write as Cassandra does, at whole seconds: local deletion time = the writing
 * coordinator's now in seconds + TTL; live while the reader's now in seconds is below it (tombstones-ttl reported 40
 * "stale reads" 19.21-19.99 s after writes with a 20 s TTL that had in fact expired).
 */
class CheckerTtlTest {
  static OpRecord write(long atMicros) {
    return new OpRecord(1, "w", "ks.t", 0, "write", "k1", "QUORUM", "n1", atMicros - 2000, atMicros, "ok", null,
        atMicros - 1000, null);
  }

  static OpRecord readSawNothing(long id, long invoke) {
    return new OpRecord(id, "w", "ks.t", 1, "read", "k1", "QUORUM", "n2", invoke, invoke + 2000, "ok", null, -1,
        null);
  }

  static long stale(long writeMicros, long readMicros) {
    return Checker.check(List.of(write(writeMicros), readSawNothing(2, readMicros)), List.of(), Map.of("w", 20))
        .staleReads();
  }

  @Test
  void aCellWrittenInSecondTenWithTwentySecondsExpiresAtSecondThirty() {
    // Written at 10.79 s: expires when the reader's now reaches 30 s, 19.21 s later.
    assertThat(stale(10_790_000, 30_000_500)).as("read at 30.0005 s").isZero();
    assertThat(stale(10_790_000, 29_990_000)).as("read at 29.99 s, still live").isEqualTo(1);
  }

  @Test
  void theExpirySecondFollowsTheWritesSecondNotItsInstant() {
    assertThat(Checker.mayHaveExpired(10_999_000, 20, 30_000_000)).isTrue();
    assertThat(Checker.mayHaveExpired(10_001_000, 20, 29_999_999)).isFalse();
    // A timestamp within a millisecond of a second may have been bumped past its clock from the second before.
    assertThat(Checker.mayHaveExpired(10_000_500, 20, 29_999_999)).isTrue();
    assertThat(Checker.mayHaveExpired(10_500_000, 20, 30_500_000)).isTrue();
  }
}
