package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.report.ClientRetries;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that tells a driver's retry from a new request: same sender, same request, soon after a failure. */
class DriverRetriesTest {
  private static DriverRetries.Request req(long id, String address, String request, long invoke, boolean failed) {
    return new DriverRetries.Request(id, address, request, "ALL", invoke, invoke + 500, failed);
  }

  private static ClientRetries all(List<DriverRetries.Request> requests) {
    List<ClientRetries> rows = DriverRetries.count(requests);
    assertThat(rows).hasSize(1);
    return rows.get(0);
  }

  @Test
  void theSameRequestFromTheSameAddressRightAfterAFailureIsARetry() {
    ClientRetries r = all(List.of(req(1, "127.0.0.1", "a", 0, true), req(2, "127.0.0.1", "a", 600, false)));
    assertThat(r).isEqualTo(new ClientRetries("ALL", 2, 1, 1, 1));
  }

  @Test
  void otherValuesAnotherClientOrAnEarlierSuccessAreNotRetries() {
    assertThat(all(List.of(req(1, "127.0.0.1", "a", 0, true), req(2, "127.0.0.1", "b", 600, false))).retries())
        .isZero();
    assertThat(all(List.of(req(1, "127.0.0.1", "a", 0, true), req(2, "127.0.0.2", "a", 600, false))).retries())
        .isZero();
    assertThat(all(List.of(req(1, "127.0.0.1", "a", 0, false), req(2, "127.0.0.1", "a", 600, false))).retries())
        .isZero();
    // An unknown request (one the server could not identify) is never a retry.
    assertThat(all(List.of(req(1, "127.0.0.1", null, 0, true), req(2, "127.0.0.1", null, 600, false))).retries())
        .isZero();
  }

  @Test
  void onlyWithinTheWindowAfterTheFailureCameBack() {
    long back = 500; // the failure's reply
    assertThat(all(List.of(req(1, "c", "a", 0, true),
        req(2, "c", "a", back + DriverRetries.WINDOW_MICROS, false))).retries()).isEqualTo(1);
    assertThat(all(List.of(req(1, "c", "a", 0, true),
        req(2, "c", "a", back + DriverRetries.WINDOW_MICROS + 1, false))).retries()).isZero();
    // Sent before the failure came back: the same request sent twice at once, not a retry of it.
    assertThat(all(List.of(req(1, "c", "a", 0, true), req(2, "c", "a", 100, false))).retries()).isZero();
  }

  @Test
  void eachRetryIsMarkedWithTheFailureItRetried() {
    List<DriverRetries.Request> chain = List.of(req(1, "c", "a", 0, true), req(2, "c", "a", 600, true),
        req(3, "c", "a", 1200, false), req(4, "c", "b", 1300, false), req(5, "c", "a", 1900, false));
    assertThat(DriverRetries.retried(chain)).containsExactly(java.util.Map.entry(2L, 1L), java.util.Map.entry(3L, 2L));
    assertThat(all(chain).retries()).isEqualTo(DriverRetries.retried(chain).size());
  }

  @Test
  void eachFailureIsRetriedAtMostOnceAndAChainCountsEveryStep() {
    // Tried, retried on the next host (failed again), retried once more: two retries of two failures.
    ClientRetries chain = all(List.of(req(1, "c", "a", 0, true), req(2, "c", "a", 600, true),
        req(3, "c", "a", 1200, false)));
    assertThat(chain).isEqualTo(new ClientRetries("ALL", 3, 2, 2, 2));
    // One failure, then the same request twice: the second is not a retry of the already retried failure.
    ClientRetries twice = all(List.of(req(1, "c", "a", 0, true), req(2, "c", "a", 600, false),
        req(3, "c", "a", 700, false)));
    assertThat(twice.retries()).isEqualTo(1);
  }

  @Test
  void eachLevelHasItsRowAndARetryAtAnotherLevelCreditsTheFailuresLevel() {
    List<ClientRetries> rows = DriverRetries.count(List.of(
        new DriverRetries.Request(1, "c", "a", "QUORUM", 0, 500, true),
        new DriverRetries.Request(2, "c", "a", "ONE", 600, 900, false)));
    assertThat(rows).containsExactly(new ClientRetries("ONE", 1, 0, 1, 0), new ClientRetries("QUORUM", 1, 1, 0, 1));
  }
}
