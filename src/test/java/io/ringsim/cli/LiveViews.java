package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the tests of `run --live` and `serve --live` share: a cluster to run, the page's address, waiting. */
final class LiveViews {
  private LiveViews() {}

  /** Four nodes and the table the live scenarios' workload writes: shop.orders at RF 3. */
  static final String SHOP_CLUSTER = """
      cluster {
        nodes 4
        vnodes 8
      }
      cql {
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE shop.orders (id int PRIMARY KEY, customer text);
      }
      """;

  private static final Pattern ADDRESS = Pattern.compile("live view: (http://127\\.0\\.0\\.1:\\d+/)");

  /**
   * Waits until the command has printed its live view's address and returns it ({@code http://127.0.0.1:PORT/});
   * fails, showing what it printed, when the command ends first.
   */
  static String awaitAddress(Supplier<String> printed, BooleanSupplier ended) {
    waitFor("the live view's address is printed", Duration.ofSeconds(90),
        () -> ADDRESS.matcher(printed.get()).find() || ended.getAsBoolean());
    Matcher m = ADDRESS.matcher(printed.get());
    assertThat(m.find()).as(printed.get()).isTrue();
    return m.group(1);
  }

  /** Waits, checking every 50 ms, until {@code condition} holds; fails after {@code bound} (make it generous). */
  static void waitFor(String what, Duration bound, BooleanSupplier condition) {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) throw new AssertionError("not within " + bound.toSeconds() + " s: " + what);
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
  }
}
