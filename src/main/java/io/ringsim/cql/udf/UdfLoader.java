package io.ringsim.cql.udf;

/**
 * Defines a compiled function's class. Its parent only lends the classes {@link UdfClassFilter} allows, so the
 * function cannot reach ringsim's own classes or anything Cassandra's UDF class loader would hide.
 */
final class UdfLoader extends ClassLoader {
  UdfLoader() {
    super(new ClassLoader(null) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!UdfClassFilter.allowed(name.replace('.', '/') + ".class")) throw new ClassNotFoundException(name);
        return ClassLoader.getPlatformClassLoader().loadClass(name);
      }
    });
  }

  Class<?> define(JavaUdfCompiler.Compiled c) {
    return defineClass(c.className(), c.bytes(), 0, c.bytes().length);
  }
}
