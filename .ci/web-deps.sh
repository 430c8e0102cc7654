#!/usr/bin/env bash
# Installs and starts what tests/server and tests/browser need on a fresh Debian machine:
# Debian's Chromium and PostgreSQL, a running cluster and an empty test database.
# Idempotent and quiet. Writes the database URL to /tmp/palantir-test-postgres-url (read by the tests)
# and prints it; exports nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
quiet() { "$@" >"$log" 2>&1 || { cat "$log" >&2; return 1; }; }

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
if ((${#need[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    quiet apt-get update
    quiet apt-get install -y --no-install-recommends "${need[@]}"
fi

# Start the first installed cluster (Debian creates "main" on install), or make one.
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q .; then
    quiet pg_createcluster "$version" main
fi
read -r cver cname cport cstatus _ < <(pg_lsclusters -h | head -1)
if [ "$cstatus" != "online" ]; then
    quiet pg_ctlcluster "$cver" "$cname" start
fi

user=palantir
password=palantir-test
db=palantir_test
psql_as_postgres() { su postgres -c "psql -p $cport -qtA -v ON_ERROR_STOP=1 -c \"$1\""; }
if [ "$(psql_as_postgres "SELECT 1 FROM pg_roles WHERE rolname='$user'")" != "1" ]; then
    quiet psql_as_postgres "CREATE ROLE $user LOGIN PASSWORD '$password'"
fi
if [ "$(psql_as_postgres "SELECT 1 FROM pg_database WHERE datname='$db'")" != "1" ]; then
    quiet psql_as_postgres "CREATE DATABASE $db OWNER $user"
fi

url="postgresql://$user:$password@127.0.0.1:$cport/$db"
echo "$url" > /tmp/palantir-test-postgres-url
echo "$url"
