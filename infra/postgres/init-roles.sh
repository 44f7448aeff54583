#!/bin/sh
# docker compose: the postgres image runs this once, on an empty data volume. The two roles of
# README's "Database roles": the bank's migrations run as bank_owner (MIGRATION_DATABASE_URL),
# which owns the database; the services connect as bank_app (DATABASE_URL), which the migrations
# grant no write on events. Neither is a superuser.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$BANK_OWNER_PASSWORD" -v app_password="$BANK_APP_PASSWORD" <<'SQL'
CREATE ROLE bank_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE bank_app LOGIN PASSWORD :'app_password';
CREATE DATABASE bank OWNER bank_owner;
SQL
