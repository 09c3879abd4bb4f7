package io.ringsim.sim.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A scenario file with a mistake is refused with one line naming the file, the line and the column of the mistake
 * (or the --set that caused it) and what is wrong, before anything runs. Each case changes one line of a scenario
 * that reads fine.
 */
class ScenarioReaderErrorsTest {
  /** Lines 1-21: the workload on lines 11-18, the check section on 19-21. */
  private static final String GOOD = """
      scenario shop "a scenario that reads fine"
      duration 60s
      seed 5
      cluster {
        nodes 3
      }
      cql {
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE shop.orders (id int PRIMARY KEY, customer text);
      }
      workload orders {
        table shop.orders
        key id uniform(500)
        column customer text(6, 12)
        mix write 50% read 50%
        consistency QUORUM
        rate 100/s
      }
      check {
        no lost writes
      }
      """;

  private static void refused(String text, String message) {
    refused(text, Map.of(), message);
  }

  private static void refused(String text, Map<String, String> set, String message) {
    assertThatThrownBy(() -> ScenarioReader.parse(text, "shop.sim", set)).isInstanceOf(ScenarioException.class)
        .hasMessage(message);
  }

  @Test
  void theGoodScenarioReads() {
    var spec = ScenarioReader.parse(GOOD, "shop.sim", Map.of());
    assertThat(spec.workloads()).hasSize(1);
    assertThat(spec.durationMillis()).isEqualTo(60_000);
  }

  @Test
  void aWordTheGrammarDoesNotKnowIsNamedWhereItStands() {
    String text = GOOD.replace("duration 60s", "durashun 60s");
    assertThatThrownBy(() -> ScenarioReader.parse(text, "shop.sim", Map.of())).isInstanceOf(ScenarioException.class)
        .hasMessageStartingWith("shop.sim:2:1: ").hasMessageContaining("durashun").hasMessageNotContaining("\n");
  }

  @Test
  void aControlCharacterIsShownEscapedAndTheMessageStaysOneLine() {
    String text = GOOD.replace("seed 5", "seed 5\u000b");
    assertThatThrownBy(() -> ScenarioReader.parse(text, "shop.sim", Map.of()))
        .hasMessageStartingWith("shop.sim:3:7: ").hasMessageContaining("\\u000b").hasMessageNotContaining("\u000b");
  }

  @Test
  void anUnknownConsistencyLevelIsNamed() {
    refused(GOOD.replace("consistency QUORUM", "consistency QUROUM"),
        "shop.sim:16:3: unknown consistency level 'QUROUM'");
  }

  @Test
  void aMixThatDoesNotAddUpToAHundredIsRefused() {
    String text = GOOD.replace("mix write 50% read 50%", "mix write 50% read 40%");
    assertThatThrownBy(() -> ScenarioReader.parse(text, "shop.sim", Map.of()))
        .hasMessageStartingWith("shop.sim:11:1: the mix of workload orders adds up to ");
  }

  @Test
  void anOperationTwiceInTheMixIsRefused() {
    refused(GOOD.replace("mix write 50% read 50%", "mix write 50% write 50%"),
        "shop.sim:15:17: operation 'write' is twice in the mix");
  }

  @Test
  void aWorkloadWithoutATableSaysHowToNameOne() {
    refused(GOOD.replace("  table shop.orders\n", ""),
        "shop.sim:11:1: workload orders names no table (add: table KEYSPACE.TABLE)");
  }

  @Test
  void twoWorkloadsOfOneNameAreRefused() {
    String workload = GOOD.substring(GOOD.indexOf("workload orders"), GOOD.indexOf("check {"));
    refused(GOOD.replace("check {", workload + "check {"), "shop.sim:19:1: duplicate workload orders");
  }

  @Test
  void anUnknownGeneratorListsTheKnownOnes() {
    String text = GOOD.replace("uniform(500)", "gauss(500)");
    assertThatThrownBy(() -> ScenarioReader.parse(text, "shop.sim", Map.of()))
        .hasMessageStartingWith("shop.sim:13:10: unknown generator 'gauss' (").hasMessageContaining("uniform");
  }

  @Test
  void aWorkloadPastTheEndOfTheScenarioIsRefused() {
    refused(GOOD.replace("rate 100/s", "rate 100/s\n  from 0s to 90s"),
        "shop.sim:11:1: workload orders runs past the end of the scenario (duration 1m)");
  }

  @Test
  void aWindowThatEndsBeforeItStartsIsRefused() {
    String text = GOOD.replace("rate 100/s", "rate 100/s\n  from 30s to 10s");
    assertThatThrownBy(() -> ScenarioReader.parse(text, "shop.sim", Map.of()))
        .hasMessageStartingWith("shop.sim:18:3: the workload window ends before it starts");
  }

  @Test
  void historyOffInTheFileOrOnTheCommandLineIsRefusedWhileThereAreChecks() {
    refused(GOOD.replace("seed 5", "seed 5\nhistory off"),
        "shop.sim:4:1: the checks need the per-operation history: remove 'history off' or the check section");
    refused(GOOD, Map.of("history", "off"), "--set history=off: this scenario has checks (shop.sim:19), which "
        + "need the per-operation history; run without --set history=off to check them");
  }

  @Test
  void aSetOfAnUnknownSettingOrWorkloadIsNamed() {
    assertThatThrownBy(() -> ScenarioReader.parse(GOOD, "shop.sim", Map.of("cluster.nodez", "4")))
        .hasMessageStartingWith("--set cluster.nodez: unknown setting (known: seed, duration, ");
    refused(GOOD, Map.of("workload.order.rate", "5"), "--set: no workload named 'order'");
  }

  @Test
  void anUnknownCheckIsNamed() {
    refused(GOOD.replace("no lost writes", "no lost rights"), "shop.sim:20:3: unknown check 'lost rights' (lost "
        + "writes, stale reads, read-your-writes violations, lwt violations, availability CL >= N%)");
  }
}
