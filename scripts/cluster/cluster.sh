#!/usr/bin/env bash
# The cluster on one machine (issue 32, docs/deployment.md "The cluster on one machine"): Linux network namespaces as
# hosts on a private bridge, Debian's packages as the engines. Root needed.
#
#   npm run cluster -- up        # builds, starts every host, waits until the load balancer answers
#   npm run cluster -- status    # what runs where, the balancer's view of the API hosts, the replica's lag
#   npm run cluster -- exam      # the exam surge with a host killed mid-way, and the 1,000,000-row export (exam.ts)
#   npm run cluster -- down      # stops everything it started, removes the namespaces, the bridge and the data
#   (kill-api N / start-api N / restart-apis: what exam.ts uses)
#
# Hosts (bridge lmsbr0, 10.77.0.0/24; the machine itself is 10.77.0.1 and runs the load generator):
#   lms-db   10.77.0.10  PostgreSQL primary :5432, streaming replica :5433 (hot standby), PgBouncer :6432
#   lms-api1 10.77.0.11  node server/dist/main.mjs (API :8000, web :8080), API_WORKERS=$CLUSTER_API_WORKERS (1)
#   lms-api2 10.77.0.12  the same
#   lms-rep  10.77.0.13  the reports host: the same server at the lowest CPU priority (nice 19), not behind the
#                        balancer, running the export jobs and scheduled reports the API hosts only queue
#                        (EXPORT_JOBS=queue there, run here; CLUSTER_REPORTS_HOST=0: no such host, the API hosts run them)
#   lms-lb   10.77.0.20  HAProxy :8000 (API) and :8080 (web), round robin, health checks on /health every second
# Shared files: $ROOT/files, DATA_DIR of every app host, a tmpfs of its own (stands for a network volume or object
# storage: not the database's disk, so that a large export's writing does not stall the primary's WAL flushes).
# Nothing listens outside the namespaces: the machine's own PostgreSQL (5432) and PgBouncer (6543) are never touched,
# and only processes this script started (listed in $ROOT/*.pid, or running inside its namespaces) are ever stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
PROJECT=$(pwd)
ROOT=${CLUSTER_ROOT:-/var/tmp/lms-cluster}
BR=lmsbr0
NET=10.77.0
DB_IP=$NET.10
LB_IP=$NET.20
HOSTS=(lms-db lms-api1 lms-api2 lms-rep lms-lb)
declare -A IP=([lms-db]=$DB_IP [lms-api1]=$NET.11 [lms-api2]=$NET.12 [lms-rep]=$NET.13 [lms-lb]=$LB_IP)
REPORTS_HOST=${CLUSTER_REPORTS_HOST:-1}
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
WORKERS=${CLUSTER_API_WORKERS:-1}
DIST=${CLUSTER_DIST:-$PROJECT/.tmp/dist-cluster}
export DATABASE_NAME=lms

say() { echo "cluster: $*"; }
need_root() { [ "$(id -u)" = 0 ] || { echo "cluster: root is needed (network namespaces)" >&2; exit 1; }; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }
as_pg() { runuser -u postgres -- "$@"; }

install_packages() {
  local missing=()
  command -v ip >/dev/null || missing+=(iproute2)
  [ -n "$PGBIN" ] && [ -x "$PGBIN/pg_basebackup" ] || missing+=(postgresql)
  command -v pgbouncer >/dev/null || missing+=(pgbouncer)
  command -v haproxy >/dev/null || missing+=(haproxy)
  command -v curl >/dev/null || missing+=(curl)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]} (apt-get)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    # Debian's postgresql package starts its own cluster on 5432: that one is the machine's, left as it is
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
}

network_up() {
  ip link show $BR >/dev/null 2>&1 || { ip link add $BR type bridge; ip addr add $NET.1/24 dev $BR; ip link set $BR up; }
  for ns in "${HOSTS[@]}"; do
    ip netns list | grep -qw "$ns" && continue
    ip netns add "$ns"
    local short=${ns#lms-}
    ip link add "v-$short" type veth peer name "c-$short"
    ip link set "v-$short" master $BR up
    ip link set "c-$short" netns "$ns"
    in_ns "$ns" ip link set lo up
    in_ns "$ns" ip link set "c-$short" name eth0
    in_ns "$ns" ip addr add "${IP[$ns]}/24" dev eth0
    in_ns "$ns" ip link set eth0 up
    in_ns "$ns" ip route add default via $NET.1
  done
}

database_up() {
  mkdir -p "$ROOT"
  chown postgres "$ROOT"
  local common="-c listen_addresses=$DB_IP -c unix_socket_directories=$ROOT -c max_connections=200 -c shared_buffers=256MB -c wal_level=replica -c max_wal_senders=5 -c hot_standby_feedback=on"
  if [ ! -d "$ROOT/primary" ]; then
    say "database host: initdb, the primary"
    as_pg "$PGBIN/initdb" -D "$ROOT/primary" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    printf 'host all all %s.0/24 trust\nhost replication all %s.0/24 trust\n' "$NET" "$NET" >>"$ROOT/primary/pg_hba.conf"
  fi
  if ! in_ns lms-db "$PGBIN/pg_isready" -q -h $DB_IP -p 5432; then
    in_ns lms-db runuser -u postgres -- "$PGBIN/pg_ctl" -D "$ROOT/primary" -w -l "$ROOT/primary.log" -o "-p 5432 $common" start >/dev/null
  fi
  in_ns lms-db psql -h $DB_IP -U postgres -Atqc "select 1 from pg_database where datname = '$DATABASE_NAME'" | grep -q 1 ||
    in_ns lms-db psql -h $DB_IP -U postgres -qc "create database $DATABASE_NAME"
  if [ ! -d "$ROOT/replica" ]; then
    say "database host: the streaming replica (pg_basebackup)"
    in_ns lms-db runuser -u postgres -- "$PGBIN/pg_basebackup" -h $DB_IP -p 5432 -U postgres -D "$ROOT/replica" -R -X stream -c fast
  fi
  if ! in_ns lms-db "$PGBIN/pg_isready" -q -h $DB_IP -p 5433; then
    # the replica, which only the reports read, at the lowest CPU priority (its backends inherit it): in production it
    # is a machine of its own; on this one its reads of a 1,000,000-row export take only what the exam leaves
    in_ns lms-db runuser -u postgres -- nice -n 19 "$PGBIN/pg_ctl" -D "$ROOT/replica" -w -l "$ROOT/replica.log" -o "-p 5433 $common" start >/dev/null
    low_priority "$(head -1 "$ROOT/replica/postmaster.pid")"
  fi
  # PgBouncer in transaction mode before the primary (docs/deployment.md "Behind PgBouncer")
  mkdir -p "$ROOT/pgbouncer"
  cat >"$ROOT/pgbouncer/pgbouncer.ini" <<INI
[databases]
* = host=$DB_IP port=5432 user=postgres

[pgbouncer]
listen_addr = $DB_IP
listen_port = 6432
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = 20
max_client_conn = 2000
server_reset_query =
query_wait_timeout = 5
ignore_startup_parameters = extra_float_digits
logfile = $ROOT/pgbouncer/pgbouncer.log
pidfile = $ROOT/pgbouncer/pgbouncer.pid
INI
  chown -R postgres "$ROOT/pgbouncer"
  if ! alive "$ROOT/pgbouncer/pgbouncer.pid"; then in_ns lms-db pgbouncer -d -u postgres "$ROOT/pgbouncer/pgbouncer.ini"; fi
  for _ in $(seq 50); do in_ns lms-db "$PGBIN/pg_isready" -q -h $DB_IP -p 6432 && break; sleep 0.2; done
}

alive() { [ -f "$1" ] && kill -0 "$(head -1 "$1")" 2>/dev/null; }

# The lowest CPU priority for the processes given and their children. `nice` alone is not enough: with the kernel's
# autogroups (sched_autogroup_enabled, Debian's default) each session is scheduled as one group against the others and a
# process's nice counts only inside its own, so the session's group gets nice 19 too (every host here is a session).
low_priority() {
  local pid
  for pid in "$@"; do
    renice -n 19 -p "$pid" >/dev/null 2>&1 || true
    [ -w "/proc/$pid/autogroup" ] && echo 19 >"/proc/$pid/autogroup" 2>/dev/null || true
  done
}

# $1: what the host does with the background report work (EXPORT_JOBS), run or queue
api_env() {
  local replica=${CLUSTER_REPLICA:-1} jobs=${1:-run}
  echo "DATABASE_URL=postgres://postgres@$DB_IP:6432/$DATABASE_NAME"
  echo "DATABASE_DIRECT_URL=postgres://postgres@$DB_IP:5432/$DATABASE_NAME"
  [ "$replica" = 1 ] && echo "DATABASE_REPLICA_URL=postgres://postgres@$DB_IP:5433/$DATABASE_NAME"
  echo "EXPORT_JOBS=$jobs"
  if [ "$jobs" = run ] && [ "$REPORTS_HOST" = 1 ]; then echo "API_WORKERS=1"; else echo "API_WORKERS=$WORKERS"; fi
  echo "DB_POOL_SIZE=${CLUSTER_DB_POOL_SIZE:-10}"
  echo "DATA_DIR=$ROOT/files"
  echo "DIST_DIR=$DIST"
  echo "API_PORT=8000"
  echo "WEB_PORT=8080"
  echo "HOST=0.0.0.0"
  echo "SEED_DEMO=0"
  echo "LOG_LEVEL=warn"
  echo "TRUST_PROXY=$LB_IP"
  echo "SIGNIN_ADDRESS_LIMIT=1000000"
  echo "API_URL=http://$LB_IP:8000"
  echo "WEB_ORIGINS=http://$LB_IP:8080"
}

# API host N (1, 2), or "rep": the reports host
host_ns() { if [ "$1" = rep ]; then echo lms-rep; else echo "lms-api$1"; fi; }

files_up() {
  mkdir -p "$ROOT/files"
  mountpoint -q "$ROOT/files" || mount -t tmpfs -o size=${CLUSTER_FILES_SIZE:-4g} lms-files "$ROOT/files"
}

start_api() {
  local n=$1 ns
  ns=$(host_ns "$1")
  files_up
  if [ -n "$(ip netns pids "$ns")" ]; then return; fi
  if [ "$n" = rep ]; then
    # the lowest CPU priority: on this one machine what stands for the reports host's cores of its own is that it
    # takes only what the API hosts and the database leave
    # shellcheck disable=SC2046
    in_ns "$ns" env $(api_env run) setsid nice -n 19 node "$PROJECT/server/dist/main.mjs" >>"$ROOT/rep.log" 2>&1 </dev/null &
    sleep 0.2
    # shellcheck disable=SC2046
    low_priority $(ip netns pids "$ns")
  else
    local jobs=run
    [ "$REPORTS_HOST" = 1 ] && jobs=queue
    # shellcheck disable=SC2046
    in_ns "$ns" env $(api_env $jobs) setsid node "$PROJECT/server/dist/main.mjs" >>"$ROOT/api$n.log" 2>&1 </dev/null &
  fi
  echo $! >"$ROOT/api$n.pid"
}

wait_api() {
  local n=$1 ns
  ns=$(host_ns "$1")
  for _ in $(seq 300); do curl -fsS -o /dev/null "http://${IP[$ns]}:8000/health" 2>/dev/null && return 0; sleep 0.2; done
  echo "cluster: host $ns did not answer /health in 60 s; see $ROOT/api$n.log or rep.log" >&2
  return 1
}

# the API hosts, then the reports host when there is one
app_hosts() { if [ "$REPORTS_HOST" = 1 ]; then echo 1 2 rep; else echo 1 2; fi; }

# every process of the host, outright (what a lost machine does to them)
kill_api() { local pids; pids=$(ip netns pids "lms-api$1"); [ -z "$pids" ] || kill -9 $pids; }

stop_api() {
  local ns pids
  ns=$(host_ns "$1")
  pids=$(ip netns pids $ns)
  [ -z "$pids" ] && return
  kill -TERM $pids 2>/dev/null || true
  for _ in $(seq 100); do [ -z "$(ip netns pids "$ns")" ] && return; sleep 0.1; done
  # still going after 10 s (the reports host finishing an export): outright, and gone before anything starts again
  pids=$(ip netns pids "$ns"); [ -z "$pids" ] || kill -9 $pids
  for _ in $(seq 50); do [ -z "$(ip netns pids "$ns")" ] && return; sleep 0.1; done
}

balancer_up() {
  cat >"$ROOT/haproxy.cfg" <<CFG
global
  daemon
  pidfile $ROOT/haproxy.pid
  maxconn 8000

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  # a check answered within 5 s counts: on a loaded machine /health took 2-4 s and 1 s checks took both hosts out
  timeout check 5s
  # a connection refused by a host that died is tried on the other one; a request in flight there is not resent
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend api
  bind $LB_IP:8000
  default_backend apis

backend apis
  balance roundrobin
  option httpchk GET /health
  http-check expect status 200
  default-server inter 2s fall 3 rise 2
  server api1 ${IP[lms-api1]}:8000 check
  server api2 ${IP[lms-api2]}:8000 check

frontend web
  bind $LB_IP:8080
  default_backend webs

backend webs
  balance roundrobin
  default-server inter 2s fall 2 rise 2
  server api1 ${IP[lms-api1]}:8080 check
  server api2 ${IP[lms-api2]}:8080 check
CFG
  alive "$ROOT/haproxy.pid" || in_ns lms-lb haproxy -f "$ROOT/haproxy.cfg"
}

build() {
  # built when missing (or CLUSTER_BUILD=1): hosts started again mid-run keep the build the others run
  if [ ! -f server/dist/main.mjs ] || [ "${CLUSTER_BUILD:-0}" = 1 ]; then
    say "building the server (npm run build:server)"
    npm run -s build:server >/dev/null
  fi
  if [ ! -f "$DIST/learner/index.html" ] || [ ! -f "$DIST/admin/index.html" ] || [ "${CLUSTER_BUILD:-0}" = 1 ]; then
    say "building the apps into $DIST"
    DIST_DIR="$DIST" npm run -s build >/dev/null
  fi
}

up() {
  need_root
  install_packages
  build
  network_up
  database_up
  # the first host migrates; the second finds nothing to do
  start_api 1
  wait_api 1
  start_api 2
  wait_api 2
  if [ "$REPORTS_HOST" = 1 ]; then start_api rep; wait_api rep; fi
  balancer_up
  for _ in $(seq 100); do curl -fsS -o /dev/null "http://$LB_IP:8000/health" 2>/dev/null && break; sleep 0.2; done
  say "up: API http://$LB_IP:8000 · portal and back office http://$LB_IP:8080 (Domain header or DEFAULT_TENANT) · state in $ROOT"
}

status() {
  for ns in "${HOSTS[@]}"; do
    if ip netns list | grep -qw "$ns"; then
      printf '%-9s %-11s processes: %s\n' "$ns" "${IP[$ns]}" "$(ip netns pids "$ns" | wc -l)"
    else printf '%-9s down\n' "$ns"; fi
  done
  for n in $(app_hosts); do
    printf 'host %s /health: %s\n' "$(host_ns "$n")" "$(curl -fsS -m 2 "http://${IP[$(host_ns "$n")]}:8000/health" 2>/dev/null || echo down)"
  done
  printf 'load balancer /health: %s\n' "$(curl -fsS -m 2 "http://$LB_IP:8000/health" 2>/dev/null || echo down)"
  if ip netns list | grep -qw lms-db; then
    in_ns lms-db psql -h $DB_IP -p 5433 -U postgres -Atqc "select 'replica: in recovery ' || pg_is_in_recovery() || ', replayed ' || pg_last_wal_replay_lsn()" 2>/dev/null || echo "replica: down"
    in_ns lms-db psql -h $DB_IP -p 5432 -U postgres -Atqc "select 'primary: wal ' || pg_current_wal_lsn() || ', replicas streaming ' || (select count(*) from pg_stat_replication)" 2>/dev/null || echo "primary: down"
  fi
}

down() {
  need_root
  alive "$ROOT/haproxy.pid" && kill "$(cat "$ROOT/haproxy.pid")" || true
  for n in 1 2 rep; do ip netns list | grep -qw "$(host_ns $n)" && stop_api $n; done
  alive "$ROOT/pgbouncer/pgbouncer.pid" && kill "$(cat "$ROOT/pgbouncer/pgbouncer.pid")" || true
  for d in replica primary; do
    [ -f "$ROOT/$d/postmaster.pid" ] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$ROOT/$d" -m fast -w stop >/dev/null || true
  done
  for ns in "${HOSTS[@]}"; do
    if ip netns list | grep -qw "$ns"; then
      local pids; pids=$(ip netns pids "$ns")
      [ -z "$pids" ] || kill -9 $pids
      ip netns del "$ns"
    fi
  done
  ip link show $BR >/dev/null 2>&1 && ip link del $BR
  mountpoint -q "$ROOT/files" && umount "$ROOT/files"
  [ "${CLUSTER_KEEP_DATA:-0}" = 1 ] || rm -rf "$ROOT"
  say "down"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  exam) need_root; up; exec node --import tsx scripts/cluster/exam.ts ;;
  kill-api) need_root; kill_api "$2" ;;
  start-api) need_root; start_api "$2"; wait_api "$2" ;;
  restart-apis) need_root; for n in $(app_hosts); do stop_api "$n"; start_api "$n"; wait_api "$n"; done ;;
  env) api_env ;;
  *) echo "usage: npm run cluster -- up|down|status|exam" >&2; exit 2 ;;
esac
