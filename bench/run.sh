#!/usr/bin/env bash
# Runs a JDSM benchmark:  bench/run.sh NAME [options]     (bench/run.sh NAME --help)
#   NAME: CommPingPong | UcxPingPong | DsmPingPong | LockCost | BarrierLatency | OneNodeOverhead | ObjectBlockDiff | Apps | InstrumentOverhead | SerializationBench (bench/run.sh with no NAME lists them)
# Build first (whole tree, from the repository root):  mvn -q install -DskipTests
# Environment: JAVA_HOME selects the JDK (default: java on PATH);
#              BENCH_JAVA_OPTS replaces the default JVM options (-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages).
# Results go to bench-results/NAME/ under the current directory.
set -euo pipefail
bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cp_file="$bench_dir/target/classpath.txt"
if [[ ! -f "$cp_file" || ! -d "$bench_dir/target/classes" ]]; then
  echo "bench is not built: run 'mvn -q install -DskipTests' in $(dirname "$bench_dir")" >&2
  exit 2
fi
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# shellcheck disable=SC2086  # BENCH_JAVA_OPTS is a list of options
exec "$java" ${BENCH_JAVA_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages} -cp "$bench_dir/target/classes:$(cat "$cp_file")" \
  org.jdsm.bench.Bench "$@"
