package io.ringsim.cql.udf;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.eclipse.jdt.core.compiler.IProblem;
import org.eclipse.jdt.internal.compiler.ClassFile;
import org.eclipse.jdt.internal.compiler.CompilationResult;
import org.eclipse.jdt.internal.compiler.Compiler;
import org.eclipse.jdt.internal.compiler.DefaultErrorHandlingPolicies;
import org.eclipse.jdt.internal.compiler.ICompilerRequestor;
import org.eclipse.jdt.internal.compiler.classfmt.ClassFileReader;
import org.eclipse.jdt.internal.compiler.classfmt.ClassFormatException;
import org.eclipse.jdt.internal.compiler.env.ICompilationUnit;
import org.eclipse.jdt.internal.compiler.env.INameEnvironment;
import org.eclipse.jdt.internal.compiler.env.NameEnvironmentAnswer;
import org.eclipse.jdt.internal.compiler.impl.CompilerOptions;
import org.eclipse.jdt.internal.compiler.problem.DefaultProblemFactory;

/**
 * Compiles a Java UDF body as Cassandra 4.1's JavaBasedUDFunction does: the body becomes the private method of a
 * generated class, the Eclipse compiler (Java 1.8 source level, as Cassandra's) compiles it against the classes
 * {@link UdfClassFilter} lets it see, and its problems are reported as "Java source compilation failed:" with one
 * "Line N: message" each, N counted from the body's first line. The class's byte code then goes through
 * {@link UdfVerifier}.
 */
public final class JavaUdfCompiler {
  private JavaUdfCompiler() {}

  static final String PACKAGE = "io.ringsim.udf.gen";
  private static final AtomicLong CLASS_IDS = new AtomicLong();
  /** Cassandra rewrites the driver's type names to its own copies of them; ringsim does the same for the message. */
  private static final Pattern JAVA_DRIVER = Pattern.compile("com\\.datastax\\.driver\\.core\\.");
  /** The package Cassandra's rewrite leads to, where ringsim's value classes stand in for Cassandra's. */
  private static final Pattern CASSANDRA_TYPES = Pattern.compile("org\\.apache\\.cassandra\\.cql3\\.functions\\.types\\.");
  static final String API = "io.ringsim.cql.udf.api.";

  /**
   * What the generated class looks like: it extends {@link io.ringsim.cql.udf.api.JavaUDF} (which gives the body
   * {@code udfContext}), its constructor takes the UDFContext, and a public call(Object[]) casts the arguments and
   * calls the body's method.
   */
  record Compiled(String className, byte[] bytes, String executeName) {}

  /**
   * Compiles {@code body} with arguments {@code argNames} of Java types {@code argTypes} returning
   * {@code returnType}; {@code functionName} (ks.name) only names the class. Throws Cassandra's InvalidRequest
   * for compile errors and refused byte code.
   */
  public static Compiled compile(String functionName, List<String> argNames, List<String> argTypes,
      String returnType, String body) {
    long id = CLASS_IDS.incrementAndGet();
    String simpleName = "C" + functionName.replaceAll("[^A-Za-z0-9_]", "_") + "_" + id;
    String executeName = "executeInternal_" + id;
    StringBuilder src = new StringBuilder();
    src.append("package ").append(PACKAGE).append(";\n\n")
        .append("import java.nio.ByteBuffer;\nimport java.util.*;\n\n")
        .append("import ").append(API).append("UDFContext;\n")
        .append("import ").append(API).append("TupleValue;\n")
        .append("import ").append(API).append("UDTValue;\n\n")
        .append("public final class ").append(simpleName).append(" extends ").append(API).append("JavaUDF\n{\n")
        .append("    public ").append(simpleName).append("(UDFContext c)\n    {\n        super(c);\n    }\n\n")
        .append("    public Object call(Object[] args)\n    {\n        return ").append(executeName).append("(");
    for (int i = 0; i < argNames.size(); i++) {
      src.append(i == 0 ? "" : ", ").append("(").append(argTypes.get(i)).append(") args[").append(i).append("]");
    }
    src.append(");\n    }\n\n    private ").append(returnType).append(' ').append(executeName).append('(');
    for (int i = 0; i < argNames.size(); i++) {
      src.append(i == 0 ? "" : ", ").append(argTypes.get(i)).append(' ').append(argNames.get(i));
    }
    src.append(")\n    {\n");
    int lineOffset = (int) src.chars().filter(c -> c == '\n').count();
    // Cassandra rewrites the driver's package to its copies of the driver's classes; ringsim's stand in for both.
    src.append(CASSANDRA_TYPES.matcher(JAVA_DRIVER.matcher(body).replaceAll(API)).replaceAll(API));
    src.append("\n    }\n}\n");

    Unit unit = new Unit(src.toString(), PACKAGE + "." + simpleName);
    Map<String, String> settings = new HashMap<>();
    settings.put(CompilerOptions.OPTION_LineNumberAttribute, CompilerOptions.GENERATE);
    settings.put(CompilerOptions.OPTION_SourceFileAttribute, CompilerOptions.DISABLED);
    settings.put(CompilerOptions.OPTION_ReportDeprecation, CompilerOptions.IGNORE);
    settings.put(CompilerOptions.OPTION_Source, "1.8");
    settings.put(CompilerOptions.OPTION_TargetPlatform, "1.8");
    CompilerOptions options = new CompilerOptions(settings);
    options.parseLiteralExpressionsAsConstants = true;
    Compiler compiler = new Compiler(unit, DefaultErrorHandlingPolicies.proceedWithAllProblems(), options, unit,
        new DefaultProblemFactory(Locale.ENGLISH));
    try {
      compiler.compile(new ICompilationUnit[] {unit});
    } catch (RuntimeException e) {
      // As Cassandra's: a class the compiler cannot read (ECJ 4.6.1 cannot read some of JDK 17's, java.lang.System
      // among them, so Cassandra 4.1 on JDK 17 refuses a body that names System) is reported with what was thrown.
      throw new CqlException(CqlErrorClass.InvalidRequest, "Could not compile function '" + functionName
          + "' from Java source: " + e);
    }
    if (!unit.problems.isEmpty()) {
      boolean generated = false;
      StringBuilder problems = new StringBuilder();
      for (IProblem p : unit.problems) {
        long line = p.getSourceLineNumber() - lineOffset;
        if (line < 1) {
          if (p.isError()) {
            problems.append("GENERATED SOURCE ERROR: line ").append(p.getSourceLineNumber())
                .append(" (in generated source): ").append(p.getMessage()).append('\n');
            generated = true;
          }
        } else {
          problems.append("Line ").append(line).append(": ").append(p.getMessage()).append('\n');
        }
      }
      throw new CqlException(CqlErrorClass.InvalidRequest, cassandraNames("Java source compilation failed:\n"
          + problems + (generated ? "\n generated source:\n" + src : "")));
    }
    byte[] bytes = unit.classes.get(PACKAGE + "." + simpleName);
    if (bytes == null || unit.classes.size() != 1) {
      // A body that declares a class of its own compiles to more than one class file; Cassandra refuses it too.
      throw new CqlException(CqlErrorClass.InvalidRequest, "Java UDF validation failed: [class declared as inner "
          + "class]");
    }
    UdfVerifier.verify(bytes, executeName);
    return new Compiled(PACKAGE + "." + simpleName, bytes, executeName);
  }

  /** {@code text} with ringsim's value classes named as Cassandra names its own, as its messages print them. */
  static String cassandraNames(String text) {
    return text.replace(API + "UDFContext", "org.apache.cassandra.cql3.functions.UDFContext")
        .replace(API + "JavaUDF", "org.apache.cassandra.cql3.functions.JavaUDF")
        .replace(API, "org.apache.cassandra.cql3.functions.types.");
  }

  /** The one source file, and the compiler's view of the classes it may see. */
  private static final class Unit implements ICompilationUnit, INameEnvironment, ICompilerRequestor {
    private final String source;
    private final String className;
    final List<IProblem> problems = new ArrayList<>();
    final Map<String, byte[]> classes = new HashMap<>();

    Unit(String source, String className) {
      this.source = source;
      this.className = className;
    }

    @Override
    public char[] getFileName() {
      return (className.replace('.', '/') + ".java").toCharArray();
    }

    @Override
    public char[] getContents() {
      return source.toCharArray();
    }

    @Override
    public char[] getMainTypeName() {
      return className.substring(className.lastIndexOf('.') + 1).toCharArray();
    }

    @Override
    public char[][] getPackageName() {
      String[] parts = PACKAGE.split("\\.");
      char[][] out = new char[parts.length][];
      for (int i = 0; i < parts.length; i++) out[i] = parts[i].toCharArray();
      return out;
    }

    @Override
    public boolean ignoreOptionalProblems() {
      return false;
    }

    @Override
    public void acceptResult(CompilationResult result) {
      if (result.hasErrors()) {
        for (IProblem p : result.getProblems()) problems.add(p);
        return;
      }
      for (ClassFile f : result.getClassFiles()) {
        classes.put(new String(f.fileName()).replace('/', '.'), f.getBytes());
      }
    }

    @Override
    public NameEnvironmentAnswer findType(char[][] compoundTypeName) {
      return findType(join(compoundTypeName));
    }

    @Override
    public NameEnvironmentAnswer findType(char[] typeName, char[][] packageName) {
      String pkg = join(packageName);
      return findType(pkg.isEmpty() ? new String(typeName) : pkg + "." + new String(typeName));
    }

    private NameEnvironmentAnswer findType(String name) {
      if (name.equals(className)) return new NameEnvironmentAnswer(this, null);
      byte[] bytes = UdfClassFilter.classBytes(name.replace('.', '/') + ".class");
      if (bytes == null) return null;
      try {
        return new NameEnvironmentAnswer(new ClassFileReader(bytes, name.toCharArray(), true), null);
      } catch (ClassFormatException e) {
        throw new RuntimeException(e);
      }
    }

    @Override
    public boolean isPackage(char[][] parentPackageName, char[] packageName) {
      String name = (parentPackageName == null || parentPackageName.length == 0 ? "" : join(parentPackageName) + ".")
          + new String(packageName);
      // As Cassandra's: a name is a package unless it is a class the function may see (or the class itself).
      if (name.equals(className)) return false;
      return UdfClassFilter.classBytes(name.replace('.', '/') + ".class") == null;
    }

    @Override
    public void cleanup() {}

    private static String join(char[][] parts) {
      if (parts == null) return "";
      StringBuilder sb = new StringBuilder();
      for (char[] p : parts) {
        if (sb.length() > 0) sb.append('.');
        sb.append(p);
      }
      return sb.toString();
    }
  }
}
