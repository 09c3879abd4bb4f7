package io.ringsim.cql.udf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlDuration;
import io.ringsim.schema.types.CqlTypes;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Java UDFs over date, duration, tuples and user types, and udfContext, as a user of CREATE FUNCTION sees them. */
class JavaUdfValuesTest {
  private static final UserType ADDR = new UserType("ks", "addr", List.of("street", "zip"),
      List.of(CqlTypes.TEXT, CqlTypes.INT), false);
  private static final TupleType PAIR = new TupleType(List.of(CqlTypes.INT, CqlTypes.TEXT));

  private static final JavaUdf.Schema SCHEMA = new JavaUdf.Schema() {
    @Override
    public CqlType userType(String name) {
      return name.equals("addr") ? ADDR : null;
    }

    @Override
    public CqlType parse(String cql) {
      if (cql.equals("tuple<int, text>")) return PAIR;
      throw new IllegalArgumentException("Unknown type " + cql);
    }
  };

  private static JavaUdf udf(List<String> names, List<CqlType> args, CqlType ret, boolean called, String body) {
    return JavaUdf.compile("ks.f", names, args, ret, called, body, SCHEMA);
  }

  @Test
  void aTupleComesInAsATupleValueAndGoesBackAsATuple() {
    JavaUdf f = udf(List.of("x"), List.of(PAIR), PAIR, false,
        "TupleValue r = udfContext.newReturnTupleValue(); return r.setInt(0, x.getInt(0) + 1).setString(1, x + \"!\");");
    assertThat(f.call(List.of(Arrays.asList(1, "it's")))).isEqualTo(List.of(2, "(1,'it''s')!"));
  }

  @Test
  void aNullComponentReadsAsZeroWithAPrimitiveGetterAndNullWithAnObjectOne() {
    JavaUdf f = udf(List.of("x"), List.of(PAIR), CqlTypes.TEXT, false,
        "return x.getInt(0) + \" \" + x.getString(1) + \" \" + x.isNull(0) + \" \" + x;");
    assertThat(f.call(List.of(Arrays.asList(null, null)))).isEqualTo("0 null true (NULL,NULL)");
  }

  @Test
  void aUserTypeIsReadByFieldNameAndBuiltThroughUdfContext() {
    JavaUdf f = udf(List.of("a"), List.of(ADDR), ADDR, false,
        "return udfContext.newUDTValue(\"addr\").setString(\"street\", a.getString(\"STREET\") + \"!\")"
            + ".setInt(\"zip\", a.getInt(\"zip\") * 2);");
    assertThat(f.call(List.of(Arrays.asList("Main", 21)))).isEqualTo(List.of("Main!", 42));
  }

  @Test
  void aGetterOfTheWrongTypeFailsWithCassandrasClassNamesAndMessage() {
    JavaUdf f = udf(List.of("a"), List.of(ADDR), CqlTypes.INT, false, "return a.getInt(\"street\");");
    assertThatThrownBy(() -> f.call(List.of(Arrays.asList("Main", 1)))).isInstanceOf(CqlException.class)
        .matches(e -> ((CqlException) e).errorClass() == CqlErrorClass.FunctionFailure)
        .hasMessage("org.apache.cassandra.cql3.functions.types.exceptions.CodecNotFoundException: Codec not found "
            + "for requested operation: [text <-> java.lang.Integer]");
  }

  @Test
  void anUnknownFieldOrArgumentNamesWhatIsMissing() {
    assertThatThrownBy(() -> udf(List.of("a"), List.of(ADDR), CqlTypes.TEXT, false, "return a.getString(\"nope\");")
        .call(List.of(Arrays.asList("Main", 1)))).hasMessage(
        "java.lang.IllegalArgumentException: nope is not a field defined in this UDT");
    assertThatThrownBy(() -> udf(List.of("x"), List.of(CqlTypes.INT), CqlTypes.TEXT, false,
        "return udfContext.newArgUDTValue(0).toString();").call(List.of(1))).hasMessage(
        "java.lang.IllegalStateException: Function argument is not a UDT but a int");
  }

  @Test
  void datesAndDurationsCrossBothWays() {
    JavaUdf next = udf(List.of("d"), List.of(CqlTypes.DATE), CqlTypes.DATE, false,
        "return com.datastax.driver.core.LocalDate.fromDaysSinceEpoch(d.getDaysSinceEpoch() + 1);");
    assertThat(next.call(List.of(LocalDate.of(2024, 2, 28)))).isEqualTo(LocalDate.of(2024, 2, 29));
    JavaUdf text = udf(List.of("d"), List.of(CqlTypes.DURATION), CqlTypes.DURATION, false,
        "return org.apache.cassandra.cql3.functions.types.Duration.newInstance(d.getMonths(), d.getDays() + 1, "
            + "d.getNanoseconds());");
    assertThat(text.call(List.of(new CqlDuration(14, 3, 5)))).isEqualTo(new CqlDuration(14, 4, 5));
  }

  @Test
  void aListOfUserTypesHoldsUdtValues() {
    JavaUdf f = udf(List.of("l"), List.of(new ListType(ADDR.withFrozen(true), false)), CqlTypes.TEXT, false,
        "StringBuilder b = new StringBuilder(); for (UDTValue u : l) b.append(u).append(';'); return b.toString();");
    assertThat(f.call(List.of(List.of(Arrays.asList("a", 1), Arrays.asList(null, 2)))))
        .isEqualTo("{street:'a',zip:1};{street:NULL,zip:2};");
  }

  @Test
  void returnsNullOnNullInputGivesPrimitiveArgumentsAsCassandraDoes() {
    assertThatThrownBy(() -> udf(List.of("x"), List.of(CqlTypes.INT), CqlTypes.INT, false, "return x.intValue();"))
        .hasMessage("Java source compilation failed:\nLine 1: Cannot invoke intValue() on the primitive type int\n");
    assertThat(udf(List.of("x"), List.of(CqlTypes.INT), CqlTypes.INT, true, "return x == null ? -1 : x.intValue();")
        .call(Arrays.asList((Object) null))).isEqualTo(-1);
  }

  @Test
  void compileErrorsNameCassandrasClasses() {
    assertThatThrownBy(() -> udf(List.of("x"), List.of(PAIR), CqlTypes.TEXT, false, "return x;"))
        .hasMessage("Java source compilation failed:\nLine 1: Type mismatch: cannot convert from TupleValue to String\n");
    assertThatThrownBy(() -> udf(List.of("d"), List.of(CqlTypes.DATE), CqlTypes.TEXT, false,
        "LocalDate e = d; return e.toString();"))
        .hasMessage("Java source compilation failed:\nLine 1: LocalDate cannot be resolved to a type\n");
  }
}
