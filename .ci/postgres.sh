#!/usr/bin/env bash
# Start Debian's PostgreSQL (installing it if needed) and create the test role and database.
# Prints the SQLAlchemy URL the tests use (GETAWAY_TEST_PG).
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  sudo_if() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive sudo_if apt-get install -y -q postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -n | tail -1)
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
run_psql() { su postgres -c "psql -v ON_ERROR_STOP=1 -q $*"; }
run_psql "-tc \"SELECT 1 FROM pg_roles WHERE rolname='getaway'\"" | grep -q 1 \
  || run_psql "-c \"CREATE ROLE getaway LOGIN PASSWORD 'getaway' CREATEDB\""
run_psql "-tc \"SELECT 1 FROM pg_database WHERE datname='getaway_test'\"" | grep -q 1 \
  || run_psql "-c \"CREATE DATABASE getaway_test OWNER getaway\""
echo "postgresql+psycopg://getaway:getaway@127.0.0.1:5432/getaway_test"
