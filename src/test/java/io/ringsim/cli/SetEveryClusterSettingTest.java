package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39: {@code --set cluster.X=V} reaches every setting of a scenario's cluster section, with the value written
 * as in the file, so an exercise ("set memtable 64KB", "switch to commitlog batch") needs no hand edit. Each --set
 * must give the same run as the same line written in the file; a bad key or value is one line, exit 2.
 */
class SetEveryClusterSettingTest {
  @TempDir Path dir;

  static final String BASE = BadInputTest.BASE;

  private static RunSpec withLine(String clusterLine) {
    return ScenarioReader.parse(BASE.replace("  nodes 3\n", "  nodes 3\n  " + clusterLine + "\n"), "s.sim", Map.of());
  }

  private static RunSpec withSet(String key, String value) {
    Map<String, String> o = new LinkedHashMap<>();
    o.put(key, value);
    return ScenarioReader.parse(BASE, "s.sim", o);
  }

  @Test
  void eachClusterSettingSetOnTheCommandLineIsTheSameAsWrittenInTheFile() {
    RunSpec plain = ScenarioReader.parse(BASE, "s.sim", Map.of());
    String[][] cases = {
        {"memtable 64KB", "cluster.memtable", "64KB"},
        {"commitlog batch", "cluster.commitlog", "batch"},
        {"commitlog periodic 2s", "cluster.commitlog", "periodic 2s"},
        {"latency lognormal 5ms 50ms", "cluster.latency", "lognormal 5ms 50ms"},
        {"latency fixed 3ms", "cluster.latency", "fixed 3ms"},
        {"loss 5%", "cluster.loss", "5%"},
        {"vnodes 4", "cluster.vnodes", "4"},
        {"racks 3", "cluster.racks", "3"},
        {"allocator random", "cluster.allocator", "random"},
        {"partitioner random", "cluster.partitioner", "random"},
        {"consistent_range_movement off", "cluster.consistent_range_movement", "off"},
    };
    for (String[] c : cases) {
      RunSpec file = withLine(c[0]);
      RunSpec set = withSet(c[1], c[2]);
      assertThat(set).as("--set %s=%s vs '%s' in the file", c[1], c[2], c[0]).isEqualTo(file);
      assertThat(set).as("--set %s=%s changes the run", c[1], c[2]).isNotEqualTo(plain);
    }
    assertThat(withSet("cluster.memtable", "64KB").storage().memtableFlushBytes()).isEqualTo(64 * 1024);
  }

  @Test
  void whatANodesWorkCostsCanBeSetForARun() throws IOException {
    RunSpec set = withSet("cluster.cost.commitlog-sync", "2ms");
    assertThat(set.storage().costOverrides())
        .containsExactly(Map.entry(io.ringsim.storage.ServiceCosts.Kind.COMMITLOG_SYNC, 2_000_000L));
    assertThat(withSet("cluster.cost.tombstone-scanned", "500ns").storage().costOverrides())
        .containsEntry(io.ringsim.storage.ServiceCosts.Kind.TOMBSTONE_SCANNED, 500L);
    Path f = dir.resolve("s.sim");
    Files.writeString(f, BASE);
    String out = dir.resolve("o").toString();
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set", "cluster.cost.disk=1ms"),
        "--set cluster.cost.disk=1ms: unknown cost 'disk' (known: request-cpu, commitlog-append");
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set",
        "cluster.cost.sstable-read=fast"), "--set cluster.cost.sstable-read=fast: expected a duration such as 2ms");
  }

  @Test
  void theDataCentresOfAClusterCanBeSetToo() {
    RunSpec set = withSet("cluster.dc", "dc1:3:3,dc2:2");
    assertThat(set.dcs()).extracting(d -> d.name() + ":" + d.nodes() + ":" + d.racks())
        .containsExactly("dc1:3:3", "dc2:2:1");
  }

  @Test
  void aBadClusterSettingIsOneLineNamingItAndExitTwo() throws IOException {
    Path f = dir.resolve("s.sim");
    Files.writeString(f, BASE);
    String out = dir.resolve("o").toString();
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set", "cluster.memtable=lots"),
        "--set cluster.memtable=lots: expected a size such as 64KB");
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set", "cluster.commitlog=sometimes"),
        "--set cluster.commitlog=sometimes: expected batch, periodic");
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set", "cluster.latency=lognormal 5ms"),
        "--set cluster.latency=lognormal 5ms: expected fixed D");
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set", "cluster.loss=120%"),
        "--set cluster.loss=120%: a percentage must be between 0% and 100%");
    BadInputTest.refused(CliRun.of("run", f.toString(), "--quiet", "--out", out, "--set", "cluster.colour=blue"),
        "--set cluster.colour: unknown setting (known: seed, duration, history, cluster.nodes, cluster.dc");
  }
}
