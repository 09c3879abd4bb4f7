package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenCommandTest {
  @Test
  void printsCassandrasTokenOfACompositeKey() {
    CliRun r = CliRun.of("token", "--types", "text,text", "app1", "prod");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("token        -3204335513404544992").contains("0x00046170703100000470726f6400");
  }

  @Test
  void jsonForScripts() {
    CliRun r = CliRun.of("token", "--types", "int", "--format", "json", "98100");
    assertThat(r.out().trim())
        .isEqualTo(
            "{\"partitioner\":\"murmur3\",\"types\":[\"int\"],\"values\":[98100],\"key_hex\":\"00017f34\","
                + "\"token\":8225220189630261010}");
  }

  @Test
  void otherPartitioners() {
    CliRun r = CliRun.of("token", "--partitioner", "byteordered", "abc");
    assertThat(r.out()).contains("token        616263");
    CliRun random = CliRun.of("token", "--partitioner", "RandomPartitioner", "abc");
    assertThat(random.exitCode()).isZero();
    assertThat(random.out()).containsPattern("token        \\d+");
  }

  @Test
  void badInputIsOneLineAndExitTwo() {
    assertBad(CliRun.of("token", "--types", "int", "abc"), "ringsim: 'abc' is not a valid int");
    assertBad(CliRun.of("token", "--types", "strng", "abc"), "ringsim: unknown CQL type 'strng'");
    assertBad(CliRun.of("token", "--partitioner", "md5", "abc"), "ringsim: unknown partitioner 'md5'");
    assertBad(CliRun.of("token", "--types", "text,int", "abc"), "ringsim: 2 type(s) given (text,int) but 1 value(s)");
    assertBad(CliRun.of("token", "--format", "xml", "abc"), "ringsim: unknown format 'xml'");
    assertThat(CliRun.of("token").exitCode()).isEqualTo(2);
  }

  private static void assertBad(CliRun r, String firstLine) {
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith(firstLine);
    assertThat(r.err().lines().count()).isEqualTo(1);
    assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(r.out()).isEmpty();
  }
}
