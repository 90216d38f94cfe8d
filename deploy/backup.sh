#!/bin/sh
# Backs up Covenant into a new folder <dest>/<UTC time>/ (docs/deploy.md, "Backups and restore"):
#   <database>.dump     pg_dump's custom format, one per database: the platform's and each
#                       association's (organizations.db_name)
#   attachments.tar.gz  DATA_DIR/attachments, the journal entries' files
#   MANIFEST            when, from which server, what
# The folder appears only once all of it is written (<time>.partial until then).
#
# Connection: libpq's own variables, PGHOST, PGPORT, PGUSER, PGPASSWORD; PGDATABASE names the
# platform database (default covenant). DATA_DIR is the API's data folder. DATA_KEY is not in the
# backup: keep it apart. docker-compose.yml's `backup` service sets all of it and brings
# PostgreSQL 18's pg_dump: `docker compose run --rm backup`.
set -eu

dest=${1:?usage: backup.sh <folder>}
: "${DATA_DIR:?set DATA_DIR to the API data folder (attachments/ is inside it)}"
platform=${PGDATABASE:-covenant}

fail() {
  echo "backup: $*" >&2
  exit 1
}

# pg_dump refuses a server newer than itself; say why in one line, before anything is written.
server=$(psql -X -d "$platform" -Atc 'SHOW server_version_num') || fail "cannot reach the platform database $platform"
server_major=$((server / 10000))
client_major=$(pg_dump --version | sed -n 's/^pg_dump (PostgreSQL) \([0-9][0-9]*\).*/\1/p')
[ -n "$client_major" ] || fail "pg_dump not found"
if [ "$client_major" -lt "$server_major" ]; then
  fail "pg_dump $client_major cannot dump a PostgreSQL $server_major server: run this with pg_dump $server_major or newer (the compose backup service has it)"
fi

# Each association's database that exists (pg_database is shared by every database of the cluster).
tenants=$(psql -X -d "$platform" -Atc \
  'SELECT o.db_name FROM organizations o JOIN pg_database d ON d.datname = o.db_name ORDER BY 1') ||
  fail "cannot list the associations' databases in $platform"

stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
dir="$dest/$stamp"
mkdir -p "$dir.partial"
trap 'rm -rf "$dir.partial"' EXIT

for db in "$platform" $tenants; do
  pg_dump --format=custom --no-owner --file="$dir.partial/$db.dump" --dbname="$db" ||
    fail "pg_dump of $db failed"
done

if [ -d "$DATA_DIR/attachments" ]; then
  tar -C "$DATA_DIR" -czf "$dir.partial/attachments.tar.gz" attachments
else
  echo "backup: no $DATA_DIR/attachments yet (nothing uploaded): none in this backup" >&2
fi

{
  echo "time: $stamp"
  echo "server: PostgreSQL $server ($PGHOST:${PGPORT:-5432}); pg_dump $client_major"
  echo "platform database: $platform"
  echo "databases: $platform $tenants" | tr '\n' ' '
  echo
} >"$dir.partial/MANIFEST"

mv "$dir.partial" "$dir"
trap - EXIT
echo "$dir"
