package io.ringsim.sim.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.sim.RunSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shrinker writes scenarios and reads them back: written, a scenario must read as the very same spec. */
class ScenarioWriterTest {
  @Test
  void everyShippedScenarioReadsBackAsTheSameSpec() throws IOException {
    List<Path> files;
    try (var list = Files.list(Path.of("simulations"))) {
      files = list.filter(p -> p.toString().endsWith(".sim")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(10);
    for (Path f : files) {
      ScenarioReader.Model model = ScenarioReader.readModel(f, Map.of());
      RunSpec spec = model.spec();
      String text = ScenarioWriter.write(model, List.of("written by a test"));
      assertThat(ScenarioReader.parse(text, "written.sim", Map.of())).as(f + " written as:\n" + text).isEqualTo(spec);
      ScenarioReader.Model back = ScenarioReader.parseModel(text, "written.sim", Map.of());
      assertThat(back.limits()).as(f.toString()).isEqualTo(model.limits());
      assertThat(back.queries()).as(f.toString()).extracting(QuerySpec::cql)
          .isEqualTo(model.queries().stream().map(QuerySpec::cql).toList());
      // Writing is a function of the spec: the same spec, the same text.
      assertThat(ScenarioWriter.write(back, List.of("written by a test"))).isEqualTo(text);
    }
  }

  @Test
  void whatNoShippedScenarioUsesReadsBackToo() {
    String text = """
        scenario every_knob "'single' quotes inside"
        duration 1m30s500ms
        seed 11
        history on
        cluster {
          dc east nodes 4 racks 2
          dc west nodes 2
          vnodes 4
          allocator random
          partitioner random
          latency uniform 2ms 7ms
          loss 0.5%
          commitlog batch
          memtable 1000B
          consistent_range_movement off
        }
        cql {
          CREATE KEYSPACE k WITH replication = {'class': 'NetworkTopologyStrategy', 'east': 2, 'west': 1};
          CREATE TABLE k.t (a int, b text, c timestamp, d uuid, PRIMARY KEY (a, b));
        }
        workload w {
          table k.t
          key a zipf(1000, 1.25)
          column b hot(0.9, 7)
          column c timebucket(1h)
          column d uuid
          mix write 33.3% read 33.3% delete 33.4%
          consistency write LOCAL_QUORUM read ONE
          rate 7/s
          concurrency 3
          from 1s500ms to 1m
          ttl 1m1s
        }
        workload v {
          table k.t
          key a uniform(5)
          column b values("it's", 'say "hi"', plain)
          mix lwt 100%
          consistency EACH_QUORUM
        }
        timeline {
          at 10s partition oneway {east} -> {west}
          at 20s slow n2 30ms
          at 21s loss 2.5%
          at 22s skew n3 -1s500ms
          at 30s repair n1
          at 40s compact
          at 50s heal
        }
        check {
          stale reads < 5
          lwt violations <= 0
          availability LOCAL_QUORUM >= 99.5%
        }
        """;
    RunSpec spec = ScenarioReader.parse(text, "knobs.sim", Map.of());
    String written = ScenarioWriter.write(spec, List.of());
    assertThat(ScenarioReader.parse(written, "written.sim", Map.of())).as(written).isEqualTo(spec);
    assertThat(written).contains("duration 1m30s500ms", "key a zipf(1000, 1.25)", "column b hot(0.9, 7)",
        "mix write 33.3% read 33.3% delete 33.4%", "consistency write LOCAL_QUORUM read ONE", "from 1s500ms to 1m",
        "latency uniform 2ms 7ms", "loss 0.5%", "at 10s partition oneway {east} -> {west}");
  }

  @Test
  void theQueriesAndModelSectionsReadBackTheSame() throws IOException {
    String text = BASE_MODEL + """
        queries {
          SELECT * FROM people.users WHERE mainland = ? AND state = ?;
          SELECT name FROM people.users
            WHERE uid = ? -- by uid
            ALLOW FILTERING;
        }
        model {
          partition_size_warn 10MB
          rows_per_partition 5000
          tombstone_warn 50
          hot_ratio 2.5
          skew 1.2
        }
        """;
    ScenarioReader.Model m = ScenarioReader.parseModel(text, "model.sim", Map.of());
    String written = ScenarioWriter.write(m, List.of());
    assertThat(written).contains("queries {\n  SELECT * FROM people.users WHERE mainland = ? AND state = ?;\n"
        + "  SELECT name FROM people.users WHERE uid = ? ALLOW FILTERING;\n}")
        .contains("model {\n  partition_size_warn 10MB\n  rows_per_partition 5000\n  tombstone_warn 50\n"
            + "  hot_ratio 2.5\n  skew 1.2\n}");
    ScenarioReader.Model back = ScenarioReader.parseModel(written, "written.sim", Map.of());
    assertThat(back.spec()).isEqualTo(m.spec());
    assertThat(back.limits()).isEqualTo(m.limits());
    assertThat(back.queries()).extracting(QuerySpec::cql).containsExactlyElementsOf(m.queries().stream()
        .map(QuerySpec::cql).toList());
    // Written again, the same text: the line numbers of the queries change, nothing else.
    assertThat(ScenarioWriter.write(back, List.of())).isEqualTo(written);
  }

  @Test
  void defaultModelLimitsAndNoQueriesWriteNoSections() {
    ScenarioReader.Model m = ScenarioReader.parseModel(BASE_MODEL + "model {\n  tombstone_warn 1000\n}\n",
        "model.sim", Map.of());
    assertThat(ScenarioWriter.write(m, List.of())).doesNotContain("model {").doesNotContain("queries");
  }

  @Test
  void aCountInTheModelSectionIsAWholeNumber() {
    // 0.5 rows would become 0, which the file cannot say back (and no partition could meet).
    assertThatThrownBy(() -> ScenarioReader.parseModel(BASE_MODEL + "model {\n  rows_per_partition 0.5\n}\n",
        "model.sim", Map.of())).hasMessage("model.sim:17:3: rows_per_partition is a count: a whole number, got 0.5");
  }

  static final String BASE_MODEL = """
      scenario m "a model"
      duration 20s
      cluster {
        nodes 3
      }
      cql {
        CREATE KEYSPACE people WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE people.users (mainland text, state text, uid int, name text, PRIMARY KEY ((mainland), state, uid));
      }
      workload signups {
        table people.users
        key uid sequential
        mix write 100%
        rate 10/s
      }
      """;

  @Test
  void overridesAreWrittenIntoTheFile() {
    RunSpec spec = ScenarioReader.read(Path.of("simulations/zombies.sim"), Map.of("seed", "5", "cluster.vnodes", "4",
        "workload.load.rate", "50"));
    String written = ScenarioWriter.write(spec, List.of());
    assertThat(written).contains("seed 5", "vnodes 4", "rate 50/s");
    assertThat(ScenarioReader.parse(written, "written.sim", Map.of())).isEqualTo(spec);
  }
}
