package io.ringsim.cql.udf;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Cassandra 4.1's UDFByteCodeVerifier over the compiled class: no fields, no methods beyond the generated ones, no
 * synchronized, no inner classes, and no calls to the methods it lists (Object.wait and notify, Class.forName,
 * ClassLoader's, ByteBuffer.allocateDirect, InetAddress's look-ups). Its findings make "Java UDF validation
 * failed: [...]", sorted, as Cassandra's TreeSet has them.
 */
final class UdfVerifier {
  private UdfVerifier() {}

  private static final Map<String, Set<String>> DISALLOWED_CALLS = Map.of(
      "java/lang/Object", Set.of("clone", "finalize", "notify", "notifyAll", "wait"),
      "java/lang/Class", Set.of("forName", "getClassLoader", "getResource", "getResourceAsStream"),
      "java/lang/ClassLoader", Set.of("clearAssertionStatus", "getResource", "getResourceAsStream", "getResources",
          "getSystemClassLoader", "getSystemResource", "getSystemResourceAsStream", "getSystemResources", "loadClass",
          "setClassAssertionStatus", "setDefaultAssertionStatus", "setPackageAssertionStatus"),
      "java/nio/ByteBuffer", Set.of("allocateDirect"),
      "java/net/InetAddress", Set.of("getByAddress", "getAllByName", "getByName", "getLocalHost", "getHostName",
          "getCanonicalHostName", "isReachable"),
      "java/net/Inet4Address", Set.of("getByAddress", "getAllByName", "getByName", "getLocalHost", "getHostName",
          "getCanonicalHostName", "isReachable"),
      "java/net/Inet6Address", Set.of("getByAddress", "getAllByName", "getByName", "getLocalHost", "getHostName",
          "getCanonicalHostName", "isReachable"));
  private static final Set<String> DISALLOWED_CLASSES = Set.of("java/net/NetworkInterface",
      "java/net/SocketException");

  static void verify(byte[] bytes, String executeName) {
    Set<String> errors = new TreeSet<>();
    ClassReader reader = new ClassReader(bytes);
    String self = reader.getClassName();
    String superName = reader.getSuperName();
    reader.accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public FieldVisitor visitField(int access, String name, String desc, String signature, Object value) {
        errors.add("field declared: " + name);
        return null;
      }

      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exc) {
        if (name.equals("<clinit>")) {
          errors.add("static initializer declared");
          return null;
        }
        // The generated constructor and call(Object[]) are ringsim's; the body's own method is allowed by name.
        if (!name.equals("<init>") && !name.equals("call") && !name.equals(executeName)) {
          errors.add("not allowed method declared: " + name + desc);
        }
        // The constructor is ringsim's (super() and return); anything more is the body's instance initializer or a
        // field initializer, which Cassandra's UDFByteCodeVerifier reports as "initializer declared".
        boolean ctor = name.equals("<init>");
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitTypeInsn(int opcode, String type) {
            if (ctor) errors.add("initializer declared");
          }

          @Override
          public void visitFieldInsn(int opcode, String owner, String fname, String fdesc) {
            if (ctor) errors.add("initializer declared");
          }

          @Override
          public void visitLdcInsn(Object value) {
            if (ctor) errors.add("initializer declared");
          }

          @Override
          public void visitIntInsn(int opcode, int operand) {
            if (ctor) errors.add("initializer declared");
          }

          @Override
          public void visitMethodInsn(int opcode, String owner, String mname, String mdesc, boolean itf) {
            if (ctor && !(opcode == Opcodes.INVOKESPECIAL && owner.equals(superName) && mname.equals("<init>"))) {
              errors.add("initializer declared");
            }
            Set<String> refused = DISALLOWED_CALLS.get(owner);
            if (DISALLOWED_CLASSES.contains(owner) || (refused != null && refused.contains(mname))) {
              errors.add("call to " + owner.replace('/', '.') + "." + mname + "()");
            }
          }

          @Override
          public void visitInsn(int opcode) {
            if (ctor && opcode != Opcodes.RETURN) errors.add("initializer declared");
            if (opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT) errors.add("use of synchronized");
          }
        };
      }

      @Override
      public void visitInnerClass(String name, String outerName, String innerName, int access) {
        if (self.equals(outerName)) errors.add("class declared as inner class");
      }
    }, 0);
    if (!errors.isEmpty()) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Java UDF validation failed: " + errors);
    }
  }
}
