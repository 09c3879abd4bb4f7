package io.ringsim.cql.udf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlException;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaUdfCompilerTest {
  @Test
  void compilesABodyAndRunsIt() throws Exception {
    var c = JavaUdfCompiler.compile("ks.plus", List.of("a", "b"), List.of("Integer", "Integer"), "Integer",
        "return a + b;");
    Class<?> cls = new UdfLoader().define(c);
    Object f = cls.getConstructor(io.ringsim.cql.udf.api.UDFContext.class).newInstance((Object) null);
    assertThat(cls.getMethod("call", Object[].class).invoke(f, (Object) new Object[] {2, 3})).isEqualTo(5);
  }

  @Test
  void compileErrorsAreNumberedFromTheBodysFirstLine() {
    assertThatThrownBy(() -> JavaUdfCompiler.compile("ks.f", List.of("x"), List.of("Integer"), "Integer",
        "int y = x;\n return z;")).isInstanceOf(CqlException.class)
        .hasMessage("Java source compilation failed:\nLine 2: z cannot be resolved to a variable\n");
  }

  @Test
  void classesCassandraHidesDoNotResolve() {
    assertThatThrownBy(() -> JavaUdfCompiler.compile("ks.f", List.of("x"), List.of("Integer"), "Integer",
        "java.io.File f = new java.io.File(\"/\"); return 1;")).hasMessageStartingWith(
        "Java source compilation failed:\nLine 1: java.io.File cannot be resolved to a type");
  }

  @Test
  void forbiddenCallsAreRefusedByTheVerifier() {
    assertThatThrownBy(() -> JavaUdfCompiler.compile("ks.f", List.of("x"), List.of("Integer"), "Integer",
        "synchronized (this) { notify(); } return 1;")).hasMessage(
        "Java UDF validation failed: [call to java.lang.Object.notify(), use of synchronized]");
  }

  @Test
  void aClassTheCompilerCannotReadFailsAsOnCassandra41OnJdk17() {
    assertThatThrownBy(() -> JavaUdfCompiler.compile("ks.bad", List.of("x"), List.of("Integer"), "Integer",
        "System.exit(0); return 1;")).hasMessage("Could not compile function 'ks.bad' from Java source: "
        + "java.lang.RuntimeException: org.eclipse.jdt.internal.compiler.classfmt.ClassFormatException");
  }
}
