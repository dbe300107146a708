#!/usr/bin/env bash
# Runs a command with the app pointed at a real PgBouncer in transaction mode in front of the
# PostgreSQL server of DATABASE_URL (a generated config, a free port, every database passed
# through), DATABASE_DIRECT_URL at the server itself, then stops the pooler.
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres scripts/with-pgbouncer.sh npx vitest run …
set -uo pipefail
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL server}"
dir=$(mktemp -d) && chmod 755 "$dir"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
read -r host pgport user < <(node -e "const u=new URL(process.argv[1]);console.log(u.hostname,u.port||5432,u.username||'postgres')" "$DATABASE_URL")
printf '"%s" ""\n' "$user" >"$dir/users.txt"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$pgport
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
INI
as_user=()
# PgBouncer refuses to run as root.
[ "$(id -u)" = 0 ] && as_user=(-u postgres)
pgbouncer "${as_user[@]}" "$dir/pgbouncer.ini" >"$dir/log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
direct=$DATABASE_URL
pooled=$(node -e "const u=new URL(process.argv[1]);u.hostname='127.0.0.1';u.port=process.argv[2];console.log(u.toString())" "$DATABASE_URL" "$port")
DATABASE_URL=$pooled DATABASE_DIRECT_URL=$direct DATABASE_POOL_MODE=transaction "$@"
rc=$?
[ $rc -ne 0 ] && { echo "--- pgbouncer log"; tail -n 50 "$dir/log"; }
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
rm -rf "$dir"
exit $rc
