package io.ringsim.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementBufferTest {
  @Test
  void aStatementCanSpanLinesAndEndsAtTheSemicolon() {
    StatementBuffer b = new StatementBuffer();
    assertThat(b.add("SELECT *")).isEmpty();
    assertThat(b.isIncomplete()).isTrue();
    assertThat(b.add("FROM users WHERE k = 1;")).containsExactly("SELECT *\nFROM users WHERE k = 1");
    assertThat(b.isIncomplete()).isFalse();
  }

  @Test
  void semicolonsInsideStringsAndCommentsDoNotEndAStatement() {
    StatementBuffer b = new StatementBuffer();
    assertThat(b.add("INSERT INTO t (k, v) VALUES (1, 'a;b''c;'); -- done; really")).containsExactly(
        "INSERT INTO t (k, v) VALUES (1, 'a;b''c;')");
    assertThat(b.add("INSERT INTO t (k, v) VALUES (2, $$x;")).isEmpty();
    assertThat(b.add("y$$); /* a; comment */ SELECT 1;"))
        .containsExactly("INSERT INTO t (k, v) VALUES (2, $$x;\ny$$)", "SELECT 1");
  }

  @Test
  void blockCommentsMaySpanLines() {
    StatementBuffer b = new StatementBuffer();
    assertThat(b.add("/* start;")).isEmpty();
    assertThat(b.isIncomplete()).isTrue();
    assertThat(b.add("end; */ USE ks;")).containsExactly("USE ks");
  }

  @Test
  void resetDropsAHalfTypedStatement() {
    StatementBuffer b = new StatementBuffer();
    b.add("SELECT 'unterminated");
    b.reset();
    assertThat(b.add("USE ks;")).containsExactly("USE ks");
  }
}
