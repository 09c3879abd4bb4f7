package io.ringsim.cql.udf;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Which classes a user-defined function may see, as Cassandra 4.1's UDFunction.secureResource decides: a resource
 * must start with an allowed prefix and with no disallowed one. A class it refuses does not exist for the
 * function, so a body naming java.io.File fails to compile ("java.io cannot be resolved ..."), as in Cassandra.
 * Cassandra also lists its own classes for the function's base class, its UDFContext and its copy of the driver's
 * types; ringsim's stand-ins for those are the classes of {@code io.ringsim.cql.udf.api}, and nothing else of ringsim.
 */
final class UdfClassFilter {
  private UdfClassFilter() {}

  /** ringsim's value classes, base class and UDFContext for functions (as a resource path). */
  static final String API = "io/ringsim/cql/udf/api/";

  private static final List<String> ALLOWED = List.of("com/google/common/reflect/TypeToken", "java/io/IOException.class",
      "java/io/Serializable.class", "java/lang/", "java/math/", "java/net/InetAddress.class",
      "java/net/Inet4Address.class", "java/net/Inet6Address.class", "java/net/UnknownHostException.class",
      "java/net/NetworkInterface.class", "java/net/SocketException.class", "java/nio/Buffer.class",
      "java/nio/ByteBuffer.class", "java/text/", "java/time/", "java/util/", API);


  private static final List<String> DISALLOWED = List.of("com/datastax/driver/core/Cluster.class",
      "com/datastax/driver/core/Metrics.class", "com/datastax/driver/core/NettyOptions.class",
      "com/datastax/driver/core/Session.class", "com/datastax/driver/core/Statement.class",
      "com/datastax/driver/core/TimestampGenerator.class", "java/lang/Compiler.class",
      "java/lang/InheritableThreadLocal.class", "java/lang/Package.class", "java/lang/Process.class",
      "java/lang/ProcessBuilder.class", "java/lang/ProcessEnvironment.class", "java/lang/ProcessImpl.class",
      "java/lang/Runnable.class", "java/lang/Runtime.class", "java/lang/Shutdown.class", "java/lang/Thread.class",
      "java/lang/ThreadGroup.class", "java/lang/ThreadLocal.class", "java/lang/instrument/", "java/lang/invoke/",
      "java/lang/management/", "java/lang/ref/", "java/lang/reflect/", "java/util/ServiceLoader.class",
      "java/util/Timer.class", "java/util/concurrent/", "java/util/function/", "java/util/jar/",
      "java/util/logging/", "java/util/prefs/", "java/util/spi/", "java/util/stream/", "java/util/zip/");

  /** Cassandra's secureResource: may a function see this resource (a class as path/Name.class)? */
  static boolean allowed(String resource) {
    while (resource.startsWith("/")) resource = resource.substring(1);
    for (String a : ALLOWED) {
      if (!resource.startsWith(a)) continue;
      for (String d : DISALLOWED) if (resource.startsWith(d)) return false;
      return true;
    }
    return false;
  }

  /** The class file of {@code resource} when a function may see it, else null. */
  static byte[] classBytes(String resource) {
    if (!allowed(resource)) return null;
    try (InputStream in = UdfClassFilter.class.getClassLoader().getResourceAsStream(resource)) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      return null;
    }
  }
}
