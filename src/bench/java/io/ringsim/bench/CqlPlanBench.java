package io.ringsim.bench;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.ReadPlan;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.exec.SelectPlanner;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.Catalog;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Parse, and parse + plan, of a typical SELECT of the seeds (target: under 20 µs for both). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CqlPlanBench {
  static final String SELECT =
      "SELECT name, zip FROM users WHERE mainland = 'northamerica' AND state = 'delaware' AND uid > 3";
  Catalog catalog;
  Values values;

  @Setup
  public void setup() {
    Catalog c = SchemaOps.createKeyspace(Catalog.EMPTY, (Statement.CreateKeyspace) CqlParser.parse(
        "CREATE KEYSPACE seed WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
    catalog = SchemaOps.createTable(c, (Statement.CreateTable) CqlParser.parse("CREATE TABLE users (mainland text,"
        + " state text, uid int, name text, zip int, PRIMARY KEY ((mainland), state, uid))"), "seed");
    values = new Values(0, 1);
  }

  @Benchmark
  public Statement parse() {
    return CqlParser.parse(SELECT);
  }

  @Benchmark
  public ReadPlan parseAndPlan() {
    return SelectPlanner.plan((Statement.Select) CqlParser.parse(SELECT), catalog, "seed", values,
        Murmur3Partitioner.INSTANCE, 0);
  }
}
