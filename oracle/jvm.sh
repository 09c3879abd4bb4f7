# Sourced by cassandra.sh and answer.sh: builds the oracle project when needed and sets ORACLE_JAVA_ARGS, the
# JVM flags Cassandra 4.1 needs on JDK 17 (shared/notes/cassandra-oracle.md) plus the classpath.
ORACLE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT_DIR="$(dirname "$ORACLE_DIR")"

# target/.built is touched after each successful build (Maven leaves an unchanged classpath.txt's time alone).
oracle_is_stale() {
  [ ! -f "$ORACLE_DIR/target/.built" ] || [ ! -f "$ORACLE_DIR/target/classpath.txt" ] && return 0
  [ -n "$(find "$ORACLE_DIR/pom.xml" "$ORACLE_DIR/src" -newer "$ORACLE_DIR/target/.built" -type f | head -1)" ]
}

if oracle_is_stale; then
  echo "oracle: building $ORACLE_DIR (first time downloads cassandra-all 4.1.10 and ~64 jars)" >&2
  "$ROOT_DIR/mvnw" -B -q -f "$ORACLE_DIR/pom.xml" package -DskipTests >&2 || exit 1
  touch "$ORACLE_DIR/target/.built"
fi

ORACLE_CP="$ORACLE_DIR/target/classes:$(cat "$ORACLE_DIR/target/classpath.txt")"
JAMM_JAR="$(tr ':' '\n' < "$ORACLE_DIR/target/classpath.txt" | grep '/jamm-[^/]*\.jar$' | head -1)"
[ -n "$JAMM_JAR" ] || { echo "oracle: no jamm jar on the classpath" >&2; exit 1; }

ORACLE_JAVA_ARGS=(
  -Xms256m -Xmx1g -Xss512k
  "-javaagent:$JAMM_JAR"
  -Djava.net.preferIPv4Stack=true
  -Djdk.attach.allowAttachSelf=true
  -Dio.netty.tryReflectionSetAccessible=true
  -Duser.timezone=UTC
  -Dfile.encoding=UTF-8
)
for pkg in java.base/jdk.internal.misc java.base/jdk.internal.ref java.base/sun.nio.ch \
    java.management.rmi/com.sun.jmx.remote.internal.rmi java.rmi/sun.rmi.registry java.rmi/sun.rmi.server \
    java.sql/java.sql java.base/java.lang.ref jdk.unsupported/sun.misc; do
  ORACLE_JAVA_ARGS+=("--add-exports=$pkg=ALL-UNNAMED")
done
for pkg in java.lang.module jdk.internal.loader jdk.internal.ref jdk.internal.reflect jdk.internal.math \
    jdk.internal.module jdk.internal.util.jar sun.nio.ch java.io java.nio java.util.concurrent java.util \
    java.util.concurrent.atomic java.lang java.math java.lang.reflect java.net java.nio.charset; do
  ORACLE_JAVA_ARGS+=("--add-opens=java.base/$pkg=ALL-UNNAMED")
done
ORACLE_JAVA_ARGS+=("--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED" -cp "$ORACLE_CP")
