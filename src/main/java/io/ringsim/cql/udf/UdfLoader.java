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
        String resource = name.replace('.', '/') + ".class";
        if (!UdfClassFilter.allowed(resource)) throw new ClassNotFoundException(name);
        // The value classes are ringsim's own: the application's loader has them, and they may use ringsim inside.
        if (resource.startsWith(UdfClassFilter.API)) return UdfLoader.class.getClassLoader().loadClass(name);
        return ClassLoader.getPlatformClassLoader().loadClass(name);
      }
    });
  }

  Class<?> define(JavaUdfCompiler.Compiled c) {
    return defineClass(c.className(), c.bytes(), 0, c.bytes().length);
  }
}
