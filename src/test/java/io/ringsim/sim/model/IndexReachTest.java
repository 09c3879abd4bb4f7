package io.ringsim.sim.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.ValueGen;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The partitions a secondary-index query reads, predicted from the indexed column's generator, against a count
 * over partitions filled by that same generator: draw each partition's rows, draw the query's value as its marker
 * is drawn, count the partitions holding it.
 */
class IndexReachTest {
  private static final ColumnDef ARTIST = ColumnDef.regular("artist", CqlTypes.INT);

  /** The share of {@code partitions} partitions of {@code rows} rows each that hold a drawn value, averaged. */
  private static double counted(ValueGen g, int partitions, int rows, boolean onePerPartition, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<Set<Object>> held = new java.util.ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      Set<Object> values = new HashSet<>();
      Object partitionValue = g.next(rng, 0, 0, CqlTypes.INT);
      for (int r = 0; r < rows; r++) values.add(onePerPartition ? partitionValue : g.next(rng, 0, 0, CqlTypes.INT));
      held.add(values);
    }
    int queries = 400;
    long hits = 0;
    for (int q = 0; q < queries; q++) {
      Object v = g.next(rng, 0, 0, CqlTypes.INT);
      for (Set<Object> s : held) if (s.contains(v)) hits++;
    }
    return (double) hits / queries / partitions;
  }

  private static double predicted(ValueGen g, int rows, boolean onePerPartition) {
    return IndexReach.share((Dist.Finite) Dist.of(g, ARTIST), rows, onePerPartition);
  }

  @Test
  void aUniformColumnIsFoundInAsManyPartitionsAsItsDrawsReach() {
    for (int rows : new int[] {1, 5, 40}) {
      ValueGen g = new ValueGen.Uniform(100);
      assertThat(predicted(g, rows, false)).as("uniform(100), %d rows", rows)
          .isCloseTo(counted(g, 2000, rows, false, rows), org.assertj.core.data.Percentage.withPercentage(10));
    }
  }

  @Test
  void aSkewedColumnIsFoundMostlyWhereItsPopularValuesAre() {
    ValueGen g = new ValueGen.Zipf(500, 1.1);
    double p = predicted(g, 10, false);
    assertThat(p).isCloseTo(counted(g, 2000, 10, false, 3), org.assertj.core.data.Percentage.withPercentage(10));
    // Far more than a uniform column of as many values: a drawn value is likely a popular one.
    assertThat(p).isGreaterThan(2 * predicted(new ValueGen.Uniform(500), 10, false));
  }

  @Test
  void aValueHeldOncePerPartitionIsInAShareOfThemAsLargeAsItsProbability() {
    ValueGen g = new ValueGen.Hot(0.3, 50);
    assertThat(predicted(g, 10, true)).isCloseTo(counted(g, 4000, 10, true, 5),
        org.assertj.core.data.Percentage.withPercentage(10));
    assertThat(predicted(g, 10, true)).isLessThan(predicted(g, 10, false));
  }
}
