package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RingCommandTest {
  @Test
  void statusTableWithSkewSummary() {
    CliRun r = CliRun.of("ring", "--nodes", "12", "--vnodes", "16", "--rf", "3", "--allocator", "balanced", "--seed", "7");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("Datacenter: datacenter1").contains("UN  n12").contains("Owns (effective)");
    assertThat(r.out()).containsPattern("12 nodes, 192 tokens, SimpleStrategy RF 3: effective ownership max/mean 1\\.0\\d\\d\\d");
  }

  @Test
  void aBadLanguageIsRefusedEvenWithoutAPage() {
    CliRun r = CliRun.of("ring", "--nodes", "3", "--lang", "xx");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("ringsim: --lang xx: expected en or zh-CN");
  }

  @Test
  void jsonHasEveryNodeAndTheSummaryAndOwnershipSumsToRf() throws Exception {
    CliRun r = CliRun.of("ring", "--nodes", "8", "--rf", "3", "--format", "json", "--allocator", "random", "--seed", "3");
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.get("nodes")).hasSize(8);
    double sum = 0;
    for (JsonNode n : j.get("nodes")) sum += n.get("effective_ownership").asDouble();
    assertThat(sum).isCloseTo(3.0, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(j.get("summary").get("max_over_mean").asDouble()).isGreaterThan(1.0);
  }

  @Test
  void sameSeedSameRingDifferentSeedDifferentRing() {
    String a = CliRun.of("ring", "--allocator", "random", "--seed", "5", "--format", "json").out();
    String b = CliRun.of("ring", "--allocator", "random", "--seed", "5", "--format", "json").out();
    String c = CliRun.of("ring", "--allocator", "random", "--seed", "6", "--format", "json").out();
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
  }

  @Test
  void keyShowsTokenAndReplicas() {
    CliRun r = CliRun.of("ring", "--nodes", "6", "--key", "text:northamerica");
    assertThat(r.out()).containsPattern("key northamerica -> token -6615976270718120401 -> replicas n\\d+, n\\d+, n\\d+");
  }

  @Test
  void multiDcIsRackAwareNetworkTopology() {
    CliRun r = CliRun.of("ring", "--dc", "dc1:6:3:3", "--dc", "dc2:3:1:2", "--vnodes", "8");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("Datacenter: dc1").contains("Datacenter: dc2").contains("NetworkTopologyStrategy");
  }

  @Test
  void addingANodeMovesAboutItsShare() {
    CliRun r = CliRun.of("ring", "--nodes", "6", "--add", "1", "--format", "json");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("\"fraction_moved\"").contains("\"to\" : \"n7\"");
    CliRun t = CliRun.of("ring", "--nodes", "6", "--add", "1");
    assertThat(t.out()).containsPattern("Streaming plan: \\d+ range transfer\\(s\\), 1[3-5]\\.\\d\\d% of the replicated data moves");
  }

  @Test
  void removingANodeStreamsItsRangesAway() {
    CliRun r = CliRun.of("ring", "--nodes", "6", "--remove", "n3");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("Streaming plan").doesNotContain("-> n3 ");
  }

  @Test
  void tokensFileLoadsARealRing(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("ring.txt");
    Files.writeString(f, "# a three-node ring\nn1 dc1 r1 -6148914691236517206\nn2 dc1 r1 0\nn3 dc1 r1 6148914691236517205\n");
    CliRun r = CliRun.of("ring", "--tokens", f.toString(), "--rf", "1");
    assertThat(r.out()).contains("33.33%").contains("max/mean 1.0000");
  }

  @Test
  void htmlPageIsSelfContainedWithARingArcPerRangeAndTheMeanMarked(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("ring.html");
    CliRun r = CliRun.of("ring", "--nodes", "5", "--vnodes", "4", "--html", page.toString());
    assertThat(r.exitCode()).isZero();
    String html = Files.readString(page);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("mean ");
    assertThat(html.split("<path ", -1)).hasSize(20 + 1); // 5 nodes x 4 vnodes = 20 arcs
    assertThat(html.split("<rect ", -1)).hasSize(5 + 1);
    // inline scripts only (the explorable ring): nothing loaded from anywhere
    assertThat(html).doesNotContainPattern("<script[^>]*src").doesNotContain("http://cdn").doesNotContain("https://");
    assertThat(html).contains("<script type=\"application/json\" id=\"ring-data\">");
  }

  @Test
  void badInputIsOneClearLineAndExitTwo(@TempDir Path dir) throws Exception {
    bad(CliRun.of("ring", "--allocator", "smart"), "ringsim: unknown allocator 'smart' (expected random or balanced)");
    bad(CliRun.of("ring", "--nodes", "2", "--rf", "3"), "ringsim: replication factor 3 needs at least that many nodes");
    bad(CliRun.of("ring", "--nodes", "0"), "ringsim: --nodes: nodes must be between 1 and 1000, got 0");
    bad(CliRun.of("ring", "--vnodes", "-4"), "ringsim: --vnodes: vnodes must be between 1 and 256, got -4");
    bad(CliRun.of("ring", "--dc", "dc1:6"), "ringsim: --dc 'dc1:6' must be NAME:NODES:RACKS:RF");
    bad(CliRun.of("ring", "--dc", "dc1:six:1:3"), "ringsim: --dc 'dc1:six:1:3': nodes must be a positive whole number");
    bad(CliRun.of("ring", "--dc", "dc1:2:1:3"), "ringsim: data centre dc1 has 2 node(s), fewer than its replication factor 3");
    bad(CliRun.of("ring", "--remove", "n99"), "ringsim: no node named 'n99' in the ring");
    bad(CliRun.of("ring", "--key", "int:abc"), "ringsim: 'abc' is not a valid int");
    bad(CliRun.of("ring", "--partitioner", "md5"), "ringsim: unknown partitioner 'md5'");
    Path f = dir.resolve("bad.txt");
    Files.writeString(f, "n1 dc1 r1 1,2\nn2 dc1 r1 3,x4\n");
    bad(CliRun.of("ring", "--tokens", f.toString(), "--rf", "1"), "ringsim: " + f + ":2: 'x4' is not a Murmur3Partitioner token");
    Files.writeString(f, "n1 dc1 r1 1\nn2 dc1 r1 1\n");
    bad(CliRun.of("ring", "--tokens", f.toString(), "--rf", "1"), "ringsim: token 1 is owned by both n1 and n2");
  }

  private static void bad(CliRun r, String prefix) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).startsWith(prefix);
    assertThat(r.err().lines().count()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
  }
}
