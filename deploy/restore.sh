#!/bin/sh
# Restores a folder written by backup.sh into an empty Covenant (docs/deploy.md, "Backups and
# restore"): every <database>.dump under its own name (each association's database names its
# organization, which the API checks), and the attachments into DATA_DIR. It refuses a server or
# a DATA_DIR that already holds Covenant's data. Stop the API first; run the migrations after
# (`docker compose up -d` does), then the API, with the DATA_KEY of the backup's time.
#
# Connection: PGHOST, PGPORT, PGUSER (a superuser: it creates the databases), PGPASSWORD.
# DATA_OWNER (user:group), when set, is given the data folder.
# With compose, into fresh volumes:
#   docker compose run --rm backup sh /deploy/restore.sh /backups/<time>
set -eu

src=${1:?usage: restore.sh <backup folder>}
: "${DATA_DIR:?set DATA_DIR to the API data folder (attachments/ goes inside it)}"

fail() {
  echo "restore: $*" >&2
  exit 1
}

[ -f "$src/MANIFEST" ] || fail "$src is not a finished backup (no MANIFEST)"
set -- "$src"/*.dump
[ -f "$1" ] || fail "$src has no database dumps"

# Nothing is overwritten: every database to restore is absent or empty (the postgres image creates
# the platform's empty), and so is DATA_DIR/attachments.
for file; do
  db=$(basename "$file" .dump)
  exists=$(psql -X -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'") ||
    fail "cannot reach the server"
  if [ -n "$exists" ]; then
    tables=$(psql -X -d "$db" -Atc \
      "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
    [ "$tables" = 0 ] || fail "database $db already holds data: restore into an empty server"
  fi
done
if [ -d "$DATA_DIR/attachments" ] && [ -n "$(ls -A "$DATA_DIR/attachments")" ]; then
  fail "$DATA_DIR/attachments is not empty: restore into an empty data folder"
fi

for file; do
  db=$(basename "$file" .dump)
  # --create with --clean: an empty database of that name (the platform's) is made again.
  pg_restore --create --clean --if-exists --no-owner --exit-on-error --dbname=postgres "$file" ||
    fail "pg_restore of $db failed"
  echo "restored database $db"
done

mkdir -p "$DATA_DIR"
if [ -f "$src/attachments.tar.gz" ]; then
  tar -C "$DATA_DIR" -xzpf "$src/attachments.tar.gz"
  echo "restored $DATA_DIR/attachments"
fi
# The API runs as another user than this script (compose: the image's node, 1000:1000), and a
# volume this script's container mounted first is root's: the data folder becomes the API's.
if [ -n "${DATA_OWNER:-}" ]; then
  chown -R "$DATA_OWNER" "$DATA_DIR"
fi
