#!/bin/bash
# What the machine does while `npm run bench` runs (docs/performance.md, "The seventh session"), every second until
# stopped: `vmstat` (CPU split, run queue, disk, steal) into <out>.vmstat, and one line into <out> with the time, the
# load average, the page faults so far and every non-idle PostgreSQL backend (its wait event and the start of its
# statement) and autovacuum worker. Usage: bench/monitor.sh <out> [PostgreSQL URL] & … kill %1
# Beside it, PostgreSQL's own log says when checkpoints ran (log_checkpoints is on by default since 15).
out=${1:?usage: bench/monitor.sh <out file> [postgres url]}
url=${2:-postgres://postgres@127.0.0.1:5432/postgres}
vmstat -n -t 1 >"$out.vmstat" &
trap 'kill $!' EXIT
while true; do
  faults=$(awk '/^pgfault |^pgmajfault /{printf "%s=%s ", $1, $2}' /proc/vmstat)
  backends=$(psql "$url" -Atc "select coalesce(string_agg(backend_type || ':' || coalesce(wait_event_type, '-') || '/' || coalesce(wait_event, '-') || ':' || left(regexp_replace(query, '\s+', ' ', 'g'), 40), ' | '), '') from pg_stat_activity where (state <> 'idle' and pid <> pg_backend_pid()) or backend_type like 'autovacuum worker%'" 2>&1)
  echo "$(date +%H:%M:%S) $(cut -d' ' -f1-4 /proc/loadavg) ${faults}|| ${backends}" >>"$out"
  sleep 1
done
