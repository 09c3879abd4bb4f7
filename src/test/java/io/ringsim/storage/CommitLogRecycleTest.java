package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommitLogRecycleTest {

  private static List<Long> positions(CommitLog log) {
    List<Long> out = new ArrayList<>();
    for (CommitLog.Entry e : log.entries(new ArrayList<>(), new int[1])) out.add(e.position());
    return out;
  }

  @Test
  void recyclingDropsOnlyTheSyncedPrefixEveryTableFlushed() {
    CommitLog log = new CommitLog(CommitLogSync.PERIODIC, 10_000);
    for (int i = 0; i < 3; i++) log.append("a", new byte[] {(byte) i}, 20_000); // first append syncs; then no more
    log.sync(20_000); // positions 0..2 synced
    for (int i = 3; i < 6; i++) log.append(i % 2 == 0 ? "a" : "b", new byte[] {(byte) i, 0}, 20_001);
    long bytesBefore = log.bytes();

    log.markFlushed("a", 6);
    log.recycle(List.of("a", "b"));
    assertThat(log.size()).as("b has flushed nothing: nothing goes").isEqualTo(6);

    log.markFlushed("b", 2);
    log.recycle(List.of("a", "b"));
    assertThat(log.size()).isEqualTo(4);
    assertThat(log.nextPosition()).isEqualTo(6);

    log.markFlushed("b", 6);
    log.recycle(List.of("a", "b"));
    assertThat(log.size()).as("unsynced entries 3..5 must stay").isEqualTo(3);
    long frame = 4 + 4 + 2 + 1; // length, crc, table-name length, table name
    assertThat(log.bytes()).isEqualTo(bytesBefore - 3 * (frame + 1));
    log.markFlushed("b", 4);
    assertThat(positions(log)).isEmpty(); // every kept entry is flushed for its table
    assertThat(log.crash()).as("the unsynced tail is lost in a crash").isEqualTo(3);
    assertThat(log.size()).isZero();
    assertThat(log.bytes()).isZero();
  }

  @Test
  void theBytesHeldAreWhatTheKeptEntriesTakeThroughRecyclingTearingAndCrashing() {
    CommitLog log = new CommitLog(CommitLogSync.PERIODIC, 10_000);
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) { // past the lengths' first capacity
      byte[] update = new byte[1 + i % 37];
      log.append("a", update, 20_000);
      sizes.add(4 + 4 + 2 + 1 + update.length);
    }
    log.sync(20_000);
    assertThat(log.bytes()).isEqualTo(sum(sizes, 0));

    log.markFlushed("a", 600);
    log.recycle(List.of("a"));
    assertThat(log.size()).isEqualTo(400);
    assertThat(log.bytes()).isEqualTo(sum(sizes, 600));

    log.append("a", new byte[50], 20_001); // unsynced, then torn at a crash
    log.truncateLast(20);
    assertThat(log.bytes()).isEqualTo(sum(sizes, 600) + 20);
    log.crash();
    assertThat(log.bytes()).isEqualTo(sum(sizes, 600));

    log.markFlushed("a", 1_000);
    log.recycle(List.of("a"));
    assertThat(log.size()).isZero();
    assertThat(log.bytes()).isZero();
  }

  private static long sum(List<Integer> sizes, int from) {
    long n = 0;
    for (int i = from; i < sizes.size(); i++) n += sizes.get(i);
    return n;
  }
}
