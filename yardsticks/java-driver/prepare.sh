#!/usr/bin/env bash
# Builds the Apache Cassandra Java driver's integration tests from a checkout outside the project (SUITE, default
# /work/yardsticks/cassandra-java-driver) and writes the test classpath to SUITE/integration-tests/cp.txt.
#
#   ./prepare.sh [GIT_DIR [REV]]    # with GIT_DIR: first unpacks REV (default HEAD) of that repository into SUITE
#   DRIVER_VERSION=4.19.2 ./prepare.sh   # also fetches that released driver's jars for run.sh's DRIVER_VERSION
#
# The driver compiles with error-prone 2.3.4 and -Werror for Java 8; on a JDK 17 error-prone does not load, so the
# checkout's root pom is edited to use plain javac without -Werror (sources and tests unchanged). Maven resolves the
# suite's dependencies from the registry; the driver's own modules come from the reactor (nothing is installed).
set -euo pipefail
suite="${SUITE:-/work/yardsticks/cassandra-java-driver}"
mvn="${MVN:-/work/main/mvnw}"
if [ $# -ge 1 ]; then
  mkdir -p "$suite"
  git --git-dir="$1" archive "${2:-HEAD}" | tar -x -C "$suite"
fi
python3 - "$suite/pom.xml" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("<compilerId>javac-with-errorprone</compilerId>", "<compilerId>javac</compilerId>")
s = re.sub(r"<compilerArgs combine.children=\"override\">.*?</compilerArgs>", "", s, flags=re.S)
s = s.replace("<failOnWarning>true</failOnWarning>", "<failOnWarning>false</failOnWarning>")
# the compiler plugin's own dependencies: error-prone and the Java 9 javac it brings
s = re.sub(r"<dependencies>\s*<dependency>\s*<groupId>org.codehaus.plexus</groupId>\s*<artifactId>plexus-compiler-javac-errorprone</artifactId>.*?</dependencies>", "", s, flags=re.S)
open(p, "w").write(s)
PY
# The suite's surefire runs ${env.JAVA_HOME}/bin/java, and checks it exists even when it runs nothing.
export JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
# One Maven command at a time on this machine (flock), each kept short.
cd "$suite"
flock /tmp/build.lock nice -n 5 "$mvn" -B -q -f "$suite/pom.xml" -pl integration-tests -am \
  -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip -Dfmt.skip -Dlicense.skip -Dxml-format.skip \
  -Danimal.sniffer.skip -Drevapi.skip -Djacoco.skip -Dmaven.test.skip.exec \
  package dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=cp.txt
# The released driver's jars run.sh can use instead of the built ones (DRIVER_VERSION=4.19.2 ./run.sh ...).
if [ -n "${DRIVER_VERSION:-}" ]; then
  for a in core query-builder mapper-runtime guava-shaded; do
    flock /tmp/build.lock nice -n 5 "$mvn" -B -q dependency:get -Dartifact="org.apache.cassandra:java-driver-$a:$DRIVER_VERSION" \
      -Dtransitive=false
  done
fi
echo "classpath: $suite/integration-tests/cp.txt ($(tr ':' '\n' < "$suite/integration-tests/cp.txt" | wc -l) entries)"
