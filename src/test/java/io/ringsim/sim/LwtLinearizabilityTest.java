package io.ringsim.sim;

import static io.ringsim.sim.LwtLinearizability.ABSENT;
import static io.ringsim.sim.LwtLinearizability.Kind.DELETE;
import static io.ringsim.sim.LwtLinearizability.Kind.INSERT_APPLIED;
import static io.ringsim.sim.LwtLinearizability.Kind.INSERT_REFUSED;
import static io.ringsim.sim.LwtLinearizability.Kind.INSERT_UNKNOWN;
import static io.ringsim.sim.LwtLinearizability.Kind.SERIAL_READ;
import static io.ringsim.sim.LwtLinearizability.Kind.WRITE;
import static io.ringsim.sim.LwtLinearizability.PRESENT;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.LwtLinearizability.Kind;
import io.ringsim.sim.LwtLinearizability.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LwtLinearizabilityTest {
  private static final long MAX = Long.MAX_VALUE;

  private static Boolean linearizable(Op... ops) {
    return LwtLinearizability.check(List.of(ops), LwtLinearizability.State.ABSENT_ROW, 1_000_000).linearizable();
  }

  private static Op op(long id, Kind k, long invoke, long complete, long version) {
    return new Op(id, k, invoke, complete, version);
  }

  @Test
  void twoInsertsIfNotExistsThatBothApplyAreNotLinearizable() {
    assertThat(linearizable(op(1, INSERT_APPLIED, 0, 10, PRESENT), op(2, INSERT_APPLIED, 5, 15, PRESENT))).isFalse();
  }

  @Test
  void anInsertMayApplyAgainAfterADelete() {
    assertThat(linearizable(op(1, INSERT_APPLIED, 0, 10, PRESENT), op(2, DELETE, 20, 30, ABSENT),
        op(3, INSERT_APPLIED, 40, 50, PRESENT))).isTrue();
  }

  @Test
  void aRefusalBeforeAnyInsertCouldHaveRunIsNotLinearizable() {
    assertThat(linearizable(op(1, INSERT_REFUSED, 0, 10, PRESENT), op(2, INSERT_APPLIED, 20, 30, PRESENT))).isFalse();
  }

  @Test
  void concurrentInsertsOneAppliedOneRefusedAreLinearizableInEitherTimingOrder() {
    assertThat(linearizable(op(1, INSERT_REFUSED, 0, 10, PRESENT), op(2, INSERT_APPLIED, 5, 15, PRESENT))).isTrue();
  }

  @Test
  void aTimedOutInsertCanExplainALaterRefusal() {
    assertThat(linearizable(op(1, INSERT_UNKNOWN, 0, MAX, PRESENT), op(2, INSERT_REFUSED, 100, 110, PRESENT)))
        .isTrue();
    // ... and need not have happened at all.
    assertThat(linearizable(op(1, INSERT_UNKNOWN, 0, MAX, PRESENT), op(2, INSERT_APPLIED, 100, 110, PRESENT)))
        .isTrue();
  }

  @Test
  void aSerialReadMustSeeTheLastWriteThatCompletedBeforeIt() {
    assertThat(linearizable(op(1, INSERT_APPLIED, 0, 10, PRESENT), op(2, SERIAL_READ, 20, 30, ABSENT))).isFalse();
    assertThat(linearizable(op(1, WRITE, 0, 10, 7), op(2, WRITE, 20, 30, 9), op(3, SERIAL_READ, 40, 50, 7)))
        .isFalse();
    assertThat(linearizable(op(1, WRITE, 0, 10, 7), op(2, WRITE, 5, 30, 9), op(3, SERIAL_READ, 20, 50, 7)))
        .isTrue();
  }

  @Test
  void twoReadsOfAnInsertedRowSeeTheSameVersion() {
    assertThat(linearizable(op(1, INSERT_APPLIED, 0, 10, PRESENT), op(2, SERIAL_READ, 20, 30, 4),
        op(3, SERIAL_READ, 40, 50, 5))).isFalse();
    assertThat(linearizable(op(1, INSERT_APPLIED, 0, 10, PRESENT), op(2, SERIAL_READ, 20, 30, 4),
        op(3, SERIAL_READ, 40, 50, 4))).isTrue();
  }

  @Test
  void theSearchNamesTheOperationThatCannotBePlaced() {
    LwtLinearizability.Verdict v = LwtLinearizability.check(List.of(op(1, INSERT_APPLIED, 0, 10, PRESENT),
        op(2, INSERT_APPLIED, 20, 30, PRESENT)), LwtLinearizability.State.ABSENT_ROW, 1_000);
    assertThat(v.linearizable()).isFalse();
    assertThat(v.stuck().id()).isEqualTo(2);
  }

  @Test
  void aSearchOverBudgetSaysItDoesNotKnow() {
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < 40; i++) ops.add(op(i, INSERT_REFUSED, 0, 100, PRESENT)); // 40 concurrent, none can go first
    ops.add(op(99, INSERT_APPLIED, 0, 100, PRESENT));
    ops.add(op(100, INSERT_APPLIED, 0, 100, PRESENT));
    assertThat(LwtLinearizability.check(ops, LwtLinearizability.State.ABSENT_ROW, 50).linearizable()).isNull();
  }

  /**
   * Histories made by running the operations one at a time on a single register, each at an instant inside its own
   * (random, overlapping) interval, are linearizable by construction: the checker must always agree.
   */
  @Property(tries = 300)
  void historiesOfASingleRegisterAreLinearizable(@ForAll @IntRange(min = 1, max = 14) int count,
      @ForAll long seed) {
    Random rnd = new Random(seed);
    long state = ABSENT;
    long t = 0;
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      t += 1 + rnd.nextInt(20);
      long invoke = t - rnd.nextInt(40);
      long complete = rnd.nextInt(10) == 0 ? MAX : t + rnd.nextInt(40);
      int k = rnd.nextInt(5);
      Op op;
      if (k == 0) {
        boolean applies = state == ABSENT;
        if (complete == MAX) op = op(i, INSERT_UNKNOWN, invoke, MAX, PRESENT);
        else op = op(i, applies ? INSERT_APPLIED : INSERT_REFUSED, invoke, complete, PRESENT);
        if (applies) state = PRESENT;
      } else if (k == 1) {
        op = op(i, SERIAL_READ, invoke, complete == MAX ? t + 1 : complete, state == PRESENT ? 1000 + i : state);
        if (state == PRESENT) state = 1000 + i; // the read learnt the version the insert wrote
      } else if (k == 2) {
        op = op(i, WRITE, invoke, complete, i);
        state = i;
      } else if (k == 3) {
        op = op(i, DELETE, invoke, complete, ABSENT);
        state = ABSENT;
      } else {
        op = op(i, SERIAL_READ, invoke, complete == MAX ? t + 1 : complete, state == PRESENT ? 2000 + i : state);
        if (state == PRESENT) state = 2000 + i;
      }
      ops.add(op);
    }
    assertThat(LwtLinearizability.check(ops, LwtLinearizability.State.ABSENT_ROW, 5_000_000).linearizable()).as(ops.toString()).isTrue();
  }
}
