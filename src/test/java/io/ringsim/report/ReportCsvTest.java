package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportCsvTest {
  static List<String> lines(String csv) {
    assertThat(csv).endsWith("\n");
    return csv.lines().toList();
  }

  @Test
  void opsHasOneRowPerBucketAndLevelAndAColumnPerErrorClass() {
    RunReport r = ReportFixtures.sixNodes();
    List<String> l = lines(ReportCsv.ops(r));
    assertThat(l.get(0)).isEqualTo("bucket_start_ms,consistency,ops,ok,failed,failed_ReadTimeout,failed_WriteTimeout");
    assertThat(l).hasSize(1 + 10 * 2);
    long ops = 0, failed = 0;
    for (String row : l.subList(1, l.size())) {
      String[] f = row.split(",");
      assertThat(f).hasSize(7);
      assertThat(Long.parseLong(f[3]) + Long.parseLong(f[4])).as(row).isEqualTo(Long.parseLong(f[2]));
      assertThat(Long.parseLong(f[5]) + Long.parseLong(f[6])).as(row).isEqualTo(Long.parseLong(f[4]));
      ops += Long.parseLong(f[2]);
      failed += Long.parseLong(f[4]);
    }
    assertThat(ops).isEqualTo(r.summary().ops());
    assertThat(failed).isEqualTo(r.summary().failed()).isPositive();
    assertThat(l).contains("4000,QUORUM,337,278,59,27,32"); // every timeout fell in the crash's first second
  }

  @Test
  void latencyAndNodes() {
    RunReport r = ReportFixtures.sixNodes();
    List<String> lat = lines(ReportCsv.latency(r));
    assertThat(lat.get(0)).isEqualTo("bucket_start_ms,consistency,count,p50_ms,p95_ms,p99_ms,max_ms");
    for (String row : lat.subList(1, lat.size())) {
      String[] f = row.split(",");
      double p50 = Double.parseDouble(f[3]), p95 = Double.parseDouble(f[4]), p99 = Double.parseDouble(f[5]), max = Double.parseDouble(f[6]);
      assertThat(p50).isLessThanOrEqualTo(p95);
      assertThat(p95).isLessThanOrEqualTo(p99);
      assertThat(p99).isLessThanOrEqualTo(max);
    }
    List<String> nodes = lines(ReportCsv.nodes(r));
    assertThat(nodes.get(0)).isEqualTo("bucket_start_ms,node,coordinated_ops");
    assertThat(nodes).hasSize(1 + 10 * 6).contains("5000,n3,0"); // n3 was down
    assertThat(lines(ReportCsv.series(r)).get(0)).isEqualTo("series,at_ms,value");
    assertThat(lines(ReportCsv.series(r))).contains("hints pending,7000,428.0");
  }

  @Test
  void fieldsWithCommasOrQuotesAreQuoted() {
    RunReport r = RunReport.builder("q").level(new TimeSeries.LevelPoint(0, "LOCAL,\"Q\"", 1, 1, Map.of(), null)).build();
    assertThat(lines(ReportCsv.ops(r)).get(1)).isEqualTo("0,\"LOCAL,\"\"Q\"\"\",1,1,0");
  }
}
