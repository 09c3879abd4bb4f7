package io.ringsim.cli;

import static io.ringsim.cli.BadInputTest.refused;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.RunSpec;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.script.ScenarioWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload operations judged cell by cell: what the language says, what it writes back, what it refuses. */
class CellWorkloadInputTest {
  @TempDir Path dir;

  static final String BASE = """
      scenario cells "partial writes and deletions"
      duration 10s
      cluster {
        nodes 3
      }
      cql {
        CREATE KEYSPACE m WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE m.inbox (user int, msg int, subject text, tags set<text>, PRIMARY KEY (user, msg));
        CREATE TABLE m.kv (k int PRIMARY KEY, v text);
      }
      workload w {
        table m.inbox
        key user uniform(10)
        column msg uniform(50)
        mix write 40% update 10% read 20% delete cell 10% delete range 10% delete partition 5% delete row 5%
        consistency QUORUM
        rate 50/s
        timestamps client
      }
      """;

  private Path sim(String text) throws IOException {
    Path f = dir.resolve("s.sim");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void theMixNamesEveryKindOfWriteAndDeleteAndTheWriterSaysItBack() {
    RunSpec spec = ScenarioReader.parse(BASE, "s.sim", Map.of());
    WorkloadSpec w = spec.workloads().get(0);
    assertThat(w.writeFraction()).isEqualTo(0.4);
    assertThat(w.deleteFraction()).as("'delete row' is 'delete'").isEqualTo(0.05);
    assertThat(w.cellOps()).isEqualTo(new WorkloadSpec.CellOps(0.1, 0.1, 0.1, 0.05, true));
    String written = ScenarioWriter.write(spec, List.of("round trip"));
    assertThat(written).contains("mix write 40% read 20% delete 5% update 10% delete cell 10% delete range 10%"
        + " delete partition 5%").contains("timestamps client");
    assertThat(ScenarioReader.parse(written, "w.sim", Map.of())).isEqualTo(spec);
  }

  @Test
  void whatTheTableCannotTakeIsRefusedAtItsPlace() throws IOException {
    Path f = sim(BASE.replace("delete cell 10%", "delete cells 10%"));
    refused(CliRun.of("check", f.toString()), f + ":15:37: unknown operation 'delete cells' in mix (write, read,"
        + " delete, lwt, update, delete cell, delete row, delete range, delete partition, read slice, read in,"
        + " read limit, read columns, increment)");
    f = sim(BASE.replace("timestamps client", "timestamps server"));
    refused(CliRun.of("check", f.toString()), f + ":18:14: timestamps come from 'client' (USING TIMESTAMP) or"
        + " 'coordinator', not 'server'");
    f = sim(BASE.replace("table m.inbox", "table m.kv").replace("key user uniform(10)\n  column msg uniform(50)",
        "key k uniform(10)"));
    refused(CliRun.of("check", f.toString()), f + ":11:1: workload w: 'delete range' deletes a range of clustering"
        + " values, and m.kv has no clustering column");
    f = sim(BASE.replace("table m.inbox", "table m.kv").replace("key user uniform(10)\n  column msg uniform(50)",
        "key k uniform(10)").replace("delete range", "read in"));
    refused(CliRun.of("check", f.toString()), f + ":11:1: workload w: 'read slice' and 'read in' select rows by"
        + " clustering values, and m.kv has no clustering column");
    f = sim(BASE.replace("update 10%", "update 5% write 5%"));
    refused(CliRun.of("check", f.toString()), "operation 'write' is twice in the mix");
  }

  @Test
  void readsOfPartOfAPartitionAreInTheMixAndTheWriterSaysThemBack() {
    RunSpec spec = ScenarioReader.parse(BASE.replace("read 20%", "read 8% read slice 3% read in 3% read limit 3%"
        + " read columns 3%"), "s.sim", Map.of());
    WorkloadSpec w = spec.workloads().get(0);
    assertThat(w.readFraction()).isEqualTo(0.08);
    assertThat(w.cellOps()).isEqualTo(new WorkloadSpec.CellOps(0.1, 0.1, 0.1, 0.05, true, 0.03, 0.03, 0.03, 0.03));
    String written = ScenarioWriter.write(spec, List.of("round trip"));
    assertThat(written).contains("read slice 3% read in 3% read limit 3% read columns 3%");
    assertThat(ScenarioReader.parse(written, "w.sim", Map.of())).isEqualTo(spec);
  }
}
