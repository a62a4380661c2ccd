#!/usr/bin/env bash
# A PgBouncer of the project's own in transaction mode, in front of the local PostgreSQL (tests and benchmarks):
#   scripts/pgbouncer.sh start [port]   # default 6543; prints the URL to give as DATABASE_URL / TEST_PGBOUNCER_URL
#   scripts/pgbouncer.sh stop [port]
# Every database name is passed on to PostgreSQL at PGB_TARGET_HOST:PGB_TARGET_PORT (127.0.0.1:5432) as user postgres.
# Debian's package (1.18) is what CI installs (.ci/run); PgBouncer will not run as root, so it runs as `postgres`
# (or `nobody`) from a folder of its own under /tmp. See docs/deployment.md "Behind PgBouncer".
set -euo pipefail
cmd=${1:-start}
port=${2:-6543}
dir=/tmp/lms-pgbouncer-$port
target_host=${PGB_TARGET_HOST:-127.0.0.1}
target_port=${PGB_TARGET_PORT:-5432}
pool_size=${PGB_POOL_SIZE:-20}
max_clients=${PGB_MAX_CLIENTS:-2000}

stop() {
  # the pid read once: PgBouncer removes its pid file as it ends
  local pid
  pid=$(cat "$dir/pgbouncer.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
}

case "$cmd" in
  start)
    command -v pgbouncer >/dev/null || { echo "pgbouncer is not installed (apt-get install pgbouncer)" >&2; exit 1; }
    stop
    mkdir -p "$dir"
    cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$target_host port=$target_port user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = $pool_size
max_client_conn = $max_clients
max_db_connections = 0
server_reset_query =
query_wait_timeout = 5
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
    user=root
    if [ "$(id -u)" = 0 ]; then
      if id postgres >/dev/null 2>&1; then user=postgres; else user=nobody; fi
      chown -R "$user" "$dir"
      pgbouncer -d -u "$user" "$dir/pgbouncer.ini"
    else
      pgbouncer -d "$dir/pgbouncer.ini"
    fi
    for _ in $(seq 50); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 0.1; done
    pg_isready -q -h 127.0.0.1 -p "$port" || { echo "pgbouncer did not start; see $dir/pgbouncer.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [port]" >&2; exit 2 ;;
esac
