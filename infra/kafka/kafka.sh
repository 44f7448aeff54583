#!/usr/bin/env bash
# A single-node Apache Kafka (KRaft: broker and controller in one JVM) from the official jars on
# Maven Central; no Docker, no tarball.
#
#   infra/kafka/kafka.sh fetch                  downloads the jars (once) and prints the libs dir
#   infra/kafka/kafka.sh run DIR PORT CPORT     formats DIR (first time only) and runs the broker
#                                               in the foreground on 127.0.0.1:PORT
#
# Environment: KAFKA_CACHE_DIR (default ~/.cache/bank-kafka), KAFKA_PARTITIONS (default 6).
# Maven keeps what it downloads in ~/.m2, so CI can cache that directory.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")"
cache="${KAFKA_CACHE_DIR:-$HOME/.cache/bank-kafka}/$version"
libs="$cache/libs"

fetch() {
  if [[ -f "$cache/complete" ]]; then
    echo "$libs"
    return
  fi
  command -v mvn >/dev/null || { echo "Maven (mvn) is needed: apt-get install maven" >&2; exit 1; }
  command -v java >/dev/null || { echo "Java 17 is needed: apt-get install openjdk-17-jre-headless" >&2; exit 1; }
  local started=$SECONDS
  rm -rf "$libs" && mkdir -p "$libs"
  mvn -B -q -f "$here/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$libs" -DincludeScope=runtime >&2
  touch "$cache/complete"
  echo "Kafka $version jars fetched into $libs in $((SECONDS - started))s" >&2
  echo "$libs"
}

run() {
  local dir="$1" port="$2" cport="$3"
  fetch >/dev/null
  mkdir -p "$dir/logs"
  cat >"$dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
num.partitions=${KAFKA_PARTITIONS:-6}
offsets.topic.replication.factor=1
offsets.topic.num.partitions=6
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
log.flush.interval.messages=1
PROPS
  cat >"$dir/log4j2.properties" <<PROPS
rootLogger.level=WARN
rootLogger.appenderRef.stdout.ref=STDOUT
appender.stdout.type=Console
appender.stdout.name=STDOUT
appender.stdout.layout.type=PatternLayout
appender.stdout.layout.pattern=[%d] %p %m (%c)%n
logger.kafka.name=kafka.server.KafkaRaftServer
logger.kafka.level=INFO
PROPS
  local java_opts=(-Xms256m -Xmx512m -XX:+UseG1GC -XX:TieredStopAtLevel=1 -Xshare:auto
    -Djava.awt.headless=true -Dlog4j2.configurationFile="$dir/log4j2.properties"
    -Dkafka.logs.dir="$dir/logs" -cp "$libs/*")
  if [[ ! -f "$dir/data/meta.properties" ]]; then
    # A fixed cluster id (22 characters of base64, a UUID) keeps restarts on the same log dir valid.
    java "${java_opts[@]}" kafka.tools.StorageTool format \
      --cluster-id "${KAFKA_CLUSTER_ID:-q1Sh-9_ISia_zwGINzRvyQ}" \
      --config "$dir/server.properties" --ignore-formatted >&2
  fi
  exec java "${java_opts[@]}" kafka.Kafka "$dir/server.properties"
}

case "${1:-}" in
  fetch) fetch ;;
  run) shift; [[ $# -eq 3 ]] || { echo "usage: $0 run DIR PORT CONTROLLER_PORT" >&2; exit 2; }; run "$@" ;;
  *) echo "usage: $0 fetch | run DIR PORT CONTROLLER_PORT" >&2; exit 2 ;;
esac
