package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38's grade command on a small assignment (2,000 users, all loaded): every criterion fails when the model
 * breaks it and passes when it does not, and input that cannot be graded is one line FILE:LINE:COL with exit 2.
 */
class GradeCommandTest {
  @TempDir Path dir;
  Path assignment;

  static final String MODEL_TABLES = """
      CREATE TABLE by_state (mainland text, state text, uid int, name text, PRIMARY KEY ((mainland, state), uid));
      CREATE TABLE by_uid (uid int PRIMARY KEY, mainland text, state text, name text);
      """;
  static final String Q1 = "-- Q1\nSELECT * FROM by_state WHERE mainland = :mainland AND state = :state;\n";
  static final String Q2 = "-- Q2\nSELECT * FROM by_uid WHERE uid = :uid;\n";

  @BeforeEach
  void copyAssignment() throws IOException {
    assignment = dir.resolve("small.sim");
    Files.copy(Path.of("src/test/resources/grade/small.sim"), assignment);
  }

  private CliRun grade(String submission, String... more) throws IOException {
    Path f = dir.resolve("answer.cql");
    Files.writeString(f, submission);
    String[] args = new String[3 + more.length];
    args[0] = "grade";
    args[1] = assignment.toString();
    args[2] = f.toString();
    System.arraycopy(more, 0, args, 3, more.length);
    return CliRun.of(args);
  }

  private JsonNode json(String submission) throws IOException {
    CliRun r = grade(submission, "--format", "json");
    assertThat(r.err()).isEmpty();
    return new ObjectMapper().readTree(r.out());
  }

  private static JsonNode criterion(JsonNode j, String id) {
    for (JsonNode c : j.get("criteria")) if (c.get("id").asText().equals(id)) return c;
    throw new AssertionError("no criterion " + id + " in " + j.get("criteria"));
  }

  private static void passes(JsonNode j, String id) {
    assertThat(criterion(j, id).get("passed").asBoolean()).as(criterion(j, id).toString()).isTrue();
  }

  private static String fails(JsonNode j, String id) {
    JsonNode c = criterion(j, id);
    assertThat(c.get("passed").asBoolean()).as(c.toString()).isFalse();
    return c.get("reason").asText();
  }

  @Test
  void theModelAnswerPassesEveryCriterionAndExitsZero() throws IOException {
    CliRun r = grade(MODEL_TABLES + Q1 + Q2);
    assertThat(r.exitCode()).as(r.err()).isEqualTo(0);
    assertThat(r.out()).contains("Score: 9/9 (every criterion passes)").doesNotContain("FAIL");
    JsonNode j = json(MODEL_TABLES + Q1 + Q2);
    assertThat(j.get("score").asInt()).isEqualTo(9);
    assertThat(j.get("max").asInt()).isEqualTo(9);
    assertThat(j.get("queries")).hasSize(2);
    assertThat(j.get("queries").get(0).get("runs").asInt()).isEqualTo(20);
    assertThat(j.get("queries").get(0).get("runsRight").asInt()).isEqualTo(20);
    assertThat(j.get("queries").get(0).get("access").asText()).isEqualTo("one partition");
  }

  @Test
  void anUnknownColumnInAQueryFailsValidCqlWithTheEnginesMessage() throws IOException {
    JsonNode j = json(MODEL_TABLES + "-- Q1\nSELECT * FROM by_state WHERE mainland = :mainland AND state = :state"
        + " AND zip = 3;\n" + Q2);
    assertThat(fails(j, "Q1.valid")).contains(":4:1: InvalidRequest").contains("zip");
  }

  @Test
  void allowFilteringFailsThePartitionCriterionAndSaysWhy() throws IOException {
    String sub = "CREATE TABLE users (mainland text, state text, uid int, name text,"
        + " PRIMARY KEY ((mainland), state, uid));\n"
        + "-- Q1\nSELECT * FROM users WHERE mainland = :mainland AND state = :state;\n"
        + "-- Q2\nSELECT * FROM users WHERE uid = :uid ALLOW FILTERING;\n";
    JsonNode j = json(sub);
    passes(j, "Q1.partitions");
    assertThat(fails(j, "Q2.partitions")).contains("Q2 uses ALLOW FILTERING").contains("partition key of users: "
        + "mainland").contains("cannot be restricted as preceding column \"state\"");
    passes(j, "Q2.rows"); // filtering finds the right user: the cost is what fails
  }

  @Test
  void aQueryThatNeedsFilteringWithoutSayingSoIsRefusedAndFailsThePartitionCriterion() throws IOException {
    JsonNode j = json(MODEL_TABLES + Q1 + "-- Q2\nSELECT * FROM by_state WHERE name = :uid;\n".replace("name",
        "uid"));
    passes(j, "Q2.valid");
    assertThat(fails(j, "Q2.partitions")).contains("Q2 is refused").contains("ALLOW FILTERING");
    assertThat(fails(j, "Q2.rows")).startsWith("not run");
  }

  @Test
  void aSecondaryIndexFailsThePartitionCriterion() throws IOException {
    JsonNode j = json(MODEL_TABLES + "CREATE TABLE by_name (name text PRIMARY KEY, uid int, mainland text, state text);\n"
        + "CREATE INDEX ON by_name (uid);\n" + Q1 + "-- Q2\nSELECT * FROM by_name WHERE uid = :uid;\n");
    assertThat(fails(j, "Q2.partitions")).contains("secondary index").contains("every node (3 of them)");
    assertThat(j.get("queries").get(1).get("access").asText()).startsWith("secondary index");
  }

  @Test
  void readingMorePartitionsThanTheAssignmentAllowsFails() throws IOException {
    JsonNode j = json(MODEL_TABLES + "-- Q1\nSELECT * FROM by_state WHERE mainland IN ('a', 'b') AND state = :state;\n"
        + Q2);
    assertThat(fails(j, "Q1.partitions")).containsPattern("Q1 reads 2 partitions with :mainland = '[ab]', :state = "
        + "'k\\d'; the assignment allows 1");
    assertThat(j.get("queries").get(0).get("maxPartitions").asInt()).isEqualTo(2);
  }

  @Test
  void missingRowsFailTheRowsCriterionNamingARow() throws IOException {
    JsonNode j = json(MODEL_TABLES + "-- Q1\nSELECT * FROM by_state WHERE mainland = :mainland AND state = :state"
        + " LIMIT 3;\n" + Q2);
    passes(j, "Q1.partitions");
    assertThat(fails(j, "Q1.rows")).contains("runs were wrong").contains("the query returned 3")
        .containsPattern("missing \\d+, e.g. \\(mainland='[ab]', state='k\\d', uid=\\d+, name='[a-z]+'\\)");
  }

  @Test
  void rowsOutOfOrderFailTheRowsCriterion() throws IOException {
    String tables = "CREATE TABLE by_state (mainland text, state text, uid int, name text,"
        + " PRIMARY KEY ((mainland, state), uid)) WITH CLUSTERING ORDER BY (uid DESC);\n"
        + "CREATE TABLE by_uid (uid int PRIMARY KEY, mainland text, state text, name text);\n";
    JsonNode j = json(tables + Q1 + Q2);
    assertThat(fails(j, "Q1.rows")).contains("the rows are right but out of order").contains("order by uid asc");
  }

  @Test
  void aKeyThatDoesNotIdentifyAnEntityLosesRowsToUpserts() throws IOException {
    String tables = "CREATE TABLE by_state (mainland text, state text, uid int, name text,"
        + " PRIMARY KEY ((mainland, state)));\n"
        + "CREATE TABLE by_uid (uid int PRIMARY KEY, mainland text, state text, name text);\n";
    CliRun r = grade(tables + Q1 + Q2);
    assertThat(r.out()).contains("FAIL  right rows in the right order").contains("the query returned 1")
        .contains("writes replaced an earlier row with the same primary key");
  }

  @Test
  void aResultWithoutAnAttributeFailsTheRowsCriterion() throws IOException {
    JsonNode j = json(MODEL_TABLES + "-- Q1\nSELECT uid, name FROM by_state WHERE mainland = :mainland AND"
        + " state = :state;\n" + Q2);
    assertThat(fails(j, "Q1.rows")).contains("the result has no column mainland, state");
  }

  @Test
  void theSeedTableFailsPartitionSizeRowsAndSkewAndSaysWhichPartitionAndByHowMuch() throws IOException {
    String sub = "CREATE TABLE users (mainland text, state text, uid int, name text,"
        + " PRIMARY KEY ((mainland), state, uid));\n"
        + "-- Q1\nSELECT * FROM users WHERE mainland = :mainland AND state = :state;\n"
        + "-- Q2\nSELECT * FROM users WHERE mainland = :uid;\n".replace("mainland = :uid", "uid = :uid");
    CliRun r = grade(sub);
    assertThat(r.exitCode()).isEqualTo(1);
    JsonNode j = json(sub);
    assertThat(fails(j, "limit.partition_size")).containsPattern("table users: partition \\(mainland = 'a'\\) is "
        + "[0-9.]+ KB \\([0-9,]+ bytes\\) with 1,[0-9]{3} rows, 1\\.[0-9] times the limit");
    assertThat(fails(j, "limit.partition_rows")).containsPattern("has 1,[0-9]{3} rows");
    assertThat(fails(j, "limit.load_skew")).contains("table users has 2 partitions");
    // The figures behind it: the sizes a node measures are the sizes the grader counts.
    JsonNode t = j.get("tables").get(0);
    assertThat(t.get("largestBytes").asLong()).isEqualTo(t.get("sampleLargestBytesMeasured").asLong());
  }

  @Test
  void limitsPassWithTheirFigures() throws IOException {
    JsonNode j = json(MODEL_TABLES + Q1 + Q2);
    assertThat(criterion(j, "limit.partition_size").get("reason").asText()).contains("the largest partition is");
    assertThat(criterion(j, "limit.partition_rows").get("reason").asText()).contains("the most rows in one "
        + "partition");
    assertThat(criterion(j, "limit.load_skew").get("reason").asText()).containsPattern("[0-9.]+ times the mean");
    passes(j, "limit.partition_size");
    passes(j, "limit.partition_rows");
    passes(j, "limit.load_skew");
  }

  @Test
  void aSampleIsSaidAndSizesStillCountEveryInstance() throws IOException {
    CliRun r = grade(MODEL_TABLES + Q1 + Q2, "--sample", "500");
    assertThat(r.out()).contains("Data: 2,000 users generated; the queries run on a sample, the first 500 of them")
        .contains("2,000 partitions, 2,000 rows");
    // The largest partition among the 500 loaded, computed by the grader and measured on the nodes, agree.
    JsonNode j = new ObjectMapper().readTree(grade(MODEL_TABLES + Q1 + Q2, "--sample", "500", "--format", "json")
        .out());
    for (JsonNode t : j.get("tables")) {
      assertThat(t.get("sampleLargestBytes").asLong()).isEqualTo(t.get("sampleLargestBytesMeasured").asLong())
          .isGreaterThan(0);
    }
    assertThat(j.get("scale").get("sampled").asBoolean()).isTrue();
  }

  @Test
  void gradingIsDeterministic() throws IOException {
    String sub = MODEL_TABLES + Q1 + Q2;
    assertThat(grade(sub, "--format", "json").out()).isEqualTo(grade(sub, "--format", "json").out());
  }

  // Input that cannot be graded: one line naming FILE:LINE:COL, exit 2.

  private void badSubmission(String submission, String where, String what) throws IOException {
    CliRun r = grade(submission);
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip()).doesNotContain("\n").startsWith("ringsim: " + dir.resolve("answer.cql") + ":" + where
        + ": ").contains(what);
  }

  @Test
  void aColumnThatIsNotAnAttributeIsRefusedAtItsPlace() throws IOException {
    badSubmission("CREATE TABLE by_uid (uid int PRIMARY KEY,\n  email text);\n" + Q1 + Q2, "2:3",
        "column 'email' of table by_uid is not an attribute (user: mainland, state, uid, name)");
  }

  @Test
  void aColumnOfTheWrongTypeIsRefused() throws IOException {
    badSubmission("CREATE TABLE by_uid (uid text PRIMARY KEY, name text);\n" + Q1 + Q2, "1:22",
        "column 'uid' of table by_uid is text but attribute user.uid is int");
  }

  @Test
  void aMissingQueryMarkerIsRefused() throws IOException {
    badSubmission(MODEL_TABLES + Q1, "5:1", "no '-- Q2' line"); // the end of the file, where it belongs
  }

  @Test
  void aMarkerTheAssignmentDoesNotHaveIsRefused() throws IOException {
    badSubmission(MODEL_TABLES + Q1 + Q2 + "-- Q7\nSELECT * FROM by_uid WHERE uid = :uid;\n", "7:1",
        "the assignment has no access pattern Q7 (it has Q1, Q2)");
  }

  @Test
  void aQueryOnATableThatDoesNotExistIsRefused() throws IOException {
    badSubmission(MODEL_TABLES + Q1 + "-- Q2\nSELECT * FROM users WHERE uid = :uid;\n", "6:15",
        "Q2 reads table 'users', which your schema does not create (tables: by_state, by_uid)");
  }

  @Test
  void aBindMarkerThatIsNotAParameterIsRefused() throws IOException {
    badSubmission(MODEL_TABLES + Q1 + "-- Q2\nSELECT * FROM by_uid WHERE uid = :id;\n", "6:34",
        "Q2 has no parameter :id (its parameters: :uid)");
  }

  @Test
  void aPositionalBindMarkerIsRefused() throws IOException {
    badSubmission(MODEL_TABLES + Q1 + "-- Q2\nSELECT * FROM by_uid WHERE uid = ?;\n", "6:34",
        "use named bind markers (:uid), not '?'");
  }

  @Test
  void aSyntaxErrorInATableIsRefusedAtItsLineAndColumn() throws IOException {
    badSubmission("CREATE TABLE by_uid (\n  uid int PRIMARY KEY,\n  name text text,\n);\n" + Q1 + Q2, "3:13",
        "SyntaxError");
  }

  @Test
  void aSyntaxErrorInAQueryIsRefusedAtItsLineAndColumn() throws IOException {
    // Line 5 of the file, column 34: the second AND.
    badSubmission(MODEL_TABLES + "-- Q1\nSELECT * FROM by_state\n  WHERE mainland = :mainland AND AND state = :state;\n"
        + Q2, "5:34", "SyntaxError");
  }

  @Test
  void aSyntaxErrorOnAQuerysFirstLineIsRefusedAtItsColumn() throws IOException {
    badSubmission(MODEL_TABLES + Q1 + "-- Q2\nSELEKT * FROM by_uid WHERE uid = :uid;\n", "6:1", "SyntaxError");
  }

  @Test
  void aKeyspaceInATableNameIsRefused() throws IOException {
    badSubmission("CREATE TABLE ks.by_uid (uid int PRIMARY KEY, name text);\n" + Q1 + Q2, "1:14",
        "write the table without a keyspace");
  }

  private void badAssignment(String text, String where, String what) throws IOException {
    Files.writeString(assignment, text);
    CliRun r = grade(MODEL_TABLES + Q1 + Q2);
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").startsWith("ringsim: " + assignment + ":" + where + ": ")
        .contains(what);
  }

  @Test
  void anAssignmentWithoutAccessPatternsIsRefused() throws IOException {
    badAssignment("assignment x \"no patterns\"\nentity user {\n  count 10\n  uid int sequential\n}\n", "6:1",
        "no access pattern");
  }

  @Test
  void anAccessPatternOnAnUnknownAttributeIsRefused() throws IOException {
    badAssignment("assignment x \"y\"\nentity user {\n  count 10\n  uid int sequential\n}\n"
        + "access Q1 \"one user\" {\n  rows user where id = :id\n}\n", "7:19",
        "entity user has no attribute 'id' (its attributes: uid)");
  }

  @Test
  void aDescriptionInALanguageRingsimDoesNotSpeakIsRefusedAtItsPlace() throws IOException {
    String head = "assignment x \"y\"\nentity user {\n  count 10\n  uid int sequential\n}\n";
    badAssignment(head + "access Q1 \"one user\" {\n  rows user where uid = :uid\n  description fr \"un\"\n}\n", "8:3",
        "'description zh-CN \"the question in that language\"'");
    badAssignment(head + "access Q1 \"one user\" {\n  rows user where uid = :uid\n  description zh-CN\n}\n", "8:3",
        "'description zh-CN");
  }

  @Test
  void aRangeWithoutAWindowOrOnTextIsRefused() throws IOException {
    String head = "assignment x \"y\"\nentity user {\n  count 10\n  uid int sequential\n  name text text(3, 5)\n}\n";
    badAssignment(head + "access Q1 \"a range\" {\n  rows user where uid >= :low\n}\n", "7:8",
        "Q1 has a range condition: give 'window W'");
    badAssignment(head + "access Q1 \"a range\" {\n  rows user where name >= :low\n  window 3\n}\n", "7:8",
        "a range (name >= :low) needs an attribute of type int");
  }

  @Test
  void aPartitionSizeLimitBeyondALongIsRefusedAtItsPlace() throws IOException {
    String head = "assignment x \"y\"\nentity user {\n  count 10\n  uid int sequential\n}\n"
        + "access Q1 \"one user\" {\n  rows user where uid = :uid\n}\n";
    badAssignment(head + "limits {\n  partition size 99999999999999999999MB\n}\n", "10:18",
        "'99999999999999999999MB' is more bytes than a partition can hold");
    // Too large for a long once multiplied: it was a negative limit every partition failed.
    badAssignment(head + "limits {\n  partition size 9999999999999MB\n}\n", "10:18", "is more bytes");
  }

  @Test
  void aBadGeneratorIsRefusedAtItsColumn() throws IOException {
    badAssignment("assignment x \"y\"\nentity user {\n  count 10\n  uid int uniform(0)\n}\n", "4:11",
        "uniform(...)");
  }
}
