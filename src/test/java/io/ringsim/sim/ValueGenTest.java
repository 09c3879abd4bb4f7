package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.CqlTypes;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ValueGenTest {
  /** A key column without a generator: a timeuuid gets version-1 UUIDs, which Cassandra (and ringsim) accept. */
  @Test
  void aTimeuuidKeyWithoutAGeneratorGetsVersionOneUuidsAndAUuidKeyVersionFour() {
    SplittableRandom rng = new SplittableRandom(7);
    ValueGen time = ValueGen.defaultFor(ColumnDef.partitionKey("at", CqlTypes.TIMEUUID, 0));
    ValueGen plain = ValueGen.defaultFor(ColumnDef.partitionKey("id", CqlTypes.UUID, 0));
    for (long n = 0; n < 100; n++) {
      assertThat(((UUID) time.next(rng, n, 0, CqlTypes.TIMEUUID)).version()).isEqualTo(1);
      assertThat(((UUID) plain.next(rng, n, 0, CqlTypes.UUID)).version()).isEqualTo(4);
    }
  }
}
