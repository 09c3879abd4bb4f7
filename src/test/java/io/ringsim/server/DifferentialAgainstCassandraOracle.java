package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.cql.CorpusGenerator;
import io.ringsim.cql.CqlAnswer;
import io.ringsim.cql.ScriptShrinker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The live differential test of issue 18: CorpusGenerator draws {@code diff.count} statements from CQL's grammar at
 * seed {@code diff.seed} (a fresh one unless given; printed, so a run can be repeated), the Java driver sends each to
 * real Cassandra 4.1 (oracle/cassandra.sh) and to six served ringsim nodes, and the answers are compared: outcome
 * (ok or error class), columns and rows in order; identical error messages are counted apart. Each mismatch, up to
 * {@code diff.shrink} of them, is shrunk by ScriptShrinker to a minimal script, written to
 * target/differential/mismatch-SEED-N.cql with both answers as comments (replayable with oracle/answer.sh and
 * {@code ringsim cql -f}).
 *
 * <p>Both sides get protocol v5 with one frozen now_in_seconds for every statement of a script, as oracle/answer.sh
 * sends, so TTL() reads back exactly and nothing expires during a run (a run of one side must stay shorter than the
 * generator's shortest TTL, 100 s: about 8,000 statements); write times differ between the two servers (each
 * session's client clock) and are compared only for presence. In the {@code oracle} profile:
 * {@code ./mvnw -Poracle test -Ddiff.seed=7 -Ddiff.count=1000}.
 */
class DifferentialAgainstCassandraOracle {
  private static final Path OUT = Path.of("target/differential");

  @Test
  void generatedStatementsGetTheSameAnswersFromRingsimAndCassandra() throws Exception {
    long seed = Long.getLong("diff.seed", ThreadLocalRandom.current().nextLong(1, 1_000_000_000L));
    int count = Integer.getInteger("diff.count", 500);
    int toShrink = Integer.getInteger("diff.shrink", 3);
    int shrinkTries = Integer.getInteger("diff.shrinkTries", 200);
    System.out.printf("differential: seed %d, %d statements (repeat with -Ddiff.seed=%d -Ddiff.count=%d)%n", seed,
        count, seed, count);
    List<String> script = CorpusGenerator.statements(seed, count);
    Files.createDirectories(OUT);
    long started = System.nanoTime();
    try (CassandraOracleNode cassandra = new CassandraOracleNode();
        ServedClusterFixture fx = new ServedClusterFixture(6, 21)) {
      cassandra.awaitReady();
      try (CqlSession real = cassandra.connect("V5", DifferentialAgainstCassandraOracle::lean);
          CqlSession sim = fx.connect("V5", DifferentialAgainstCassandraOracle::lean)) {
        Function<List<String>, List<CqlAnswer>> onCassandra = side(real);
        Function<List<String>, List<CqlAnswer>> onRingsim = side(sim);
        long runStarted = System.nanoTime();
        List<CqlAnswer> a = onCassandra.apply(script);
        List<CqlAnswer> b = onRingsim.apply(script);
        double runSeconds = (System.nanoTime() - runStarted) / 1e9;

        List<Integer> mismatches = new ArrayList<>();
        List<String> report = new ArrayList<>();
        int errors = 0, sameMessages = 0;
        for (int i = 0; i < script.size(); i++) {
          if (!a.get(i).agrees(b.get(i))) {
            mismatches.add(i);
            report.add("#" + i + " " + script.get(i) + "\n  Cassandra: " + a.get(i) + "\n  ringsim:   " + b.get(i));
          } else if (!a.get(i).isOk()) {
            errors++;
            if (a.get(i).sameMessage(b.get(i))) sameMessages++;
            else report.add("#" + i + " " + script.get(i) + " (message only)\n  Cassandra: " + a.get(i)
                + "\n  ringsim:   " + b.get(i));
          }
        }
        int agree = script.size() - mismatches.size();
        report.add(0, String.format("seed %d: %d of %d statements agree (%.2f%%); error messages identical to "
            + "Cassandra's: %d of %d (%.2f%%); both sides ran in %.1f s", seed, agree, script.size(),
            100.0 * agree / script.size(), sameMessages, errors, errors == 0 ? 100.0 : 100.0 * sameMessages / errors,
            runSeconds));

        ScriptShrinker shrinker = new ScriptShrinker(onCassandra, onRingsim, shrinkTries);
        Set<String> shrunk = new HashSet<>();
        int written = 0;
        for (int i : mismatches) {
          if (written >= toShrink) break;
          if (!shrunk.add(a.get(i).kind() + "|" + b.get(i).kind() + "|" + shape(script.get(i)))) continue;
          long t0 = System.nanoTime();
          ScriptShrinker.Result r = shrinker.shrink(script.subList(0, i), script.get(i));
          String took = String.format("%.1f s", (System.nanoTime() - t0) / 1e9);
          if (r == null) {
            report.add("#" + i + " does not come back in a fresh keyspace (" + took + "), not shrunk");
            continue;
          }
          Path file = OUT.resolve("mismatch-" + seed + "-" + (++written) + ".cql");
          Files.writeString(file, r.toCql("Shrunk from DifferentialAgainstCassandraOracle, seed " + seed + ", count "
              + count + ", statement #" + i + ", in " + took + ".\nCassandra 4.1.10 (oracle/cassandra.sh) and six "
              + "served ringsim nodes, Java driver, protocol v5, one frozen now_in_seconds."));
          report.add("#" + i + " shrunk to " + r.script().size() + " statements in " + r.tries() + " tries (" + took
              + "): " + file);
        }
        report.add(String.format("total %.1f s", (System.nanoTime() - started) / 1e9));
        String text = String.join("\n", report) + "\n";
        Files.writeString(OUT.resolve("seed-" + seed + ".txt"), text);
        System.out.print(text);
        assertThat(mismatches).as("statements answered differently (target/differential/seed-" + seed + ".txt)")
            .isEmpty();
      }
    }
  }

  /**
   * The same run outside Maven, for long runs that should not hold a build: {@code java -cp
   * target/test-classes:target/classes:DEPENDENCIES -Ddiff.count=1000 io.ringsim.server.DifferentialAgainstCassandraOracle}.
   */
  public static void main(String[] args) throws Exception {
    new DifferentialAgainstCassandraOracle().generatedStatementsGetTheSameAnswersFromRingsimAndCassandra();
  }

  /**
   * No schema metadata: the driver would otherwise wait out its one-second debounce window after every DDL, and a
   * shrinking try runs six of them on each side. Schema agreement is still awaited. The keyspace changes (a USE per
   * try) and the servers' warnings (aggregates without a partition key) are expected here, not news.
   */
  private static ProgrammaticDriverConfigLoaderBuilder lean(ProgrammaticDriverConfigLoaderBuilder config) {
    return config.withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
        .withBoolean(DefaultDriverOption.REQUEST_WARN_IF_SET_KEYSPACE, false)
        .withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false);
  }

  /**
   * Runs a script statement by statement on one session, every statement with the same now_in_seconds: the wall
   * clock's when the script starts. Not one "now" for the whole test: when ringsim's replicas decided what had expired
   * by their own clocks, not by the request's now_in_seconds (since fixed, docs/cql.md), a "now" older than the
   * shortest TTL (100 s) made shrinking tries find cells expired in ringsim only; a "now" per run is kept, as both
   * sides' compactions still purge by their own clocks.
   */
  private static Function<List<String>, List<CqlAnswer>> side(CqlSession session) {
    return statements -> {
      int nowInSeconds = (int) (System.currentTimeMillis() / 1000);
      List<CqlAnswer> out = new ArrayList<>();
      for (String cql : statements) {
        out.add(DriverAnswers.of(session, SimpleStatement.newInstance(cql).setNowInSeconds(nowInSeconds),
            DriverAnswers::isWriteTime));
      }
      return out;
    };
  }

  /** A statement with its literals blanked: mismatches of one shape are most likely one cause, shrunk once. */
  private static String shape(String cql) {
    return cql.replaceAll("'[^']*'", "?").replaceAll("(?<![\\w.])-?\\d[\\w.+-]*", "?");
  }
}
