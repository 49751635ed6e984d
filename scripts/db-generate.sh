#!/usr/bin/env bash
# Generates a drizzle-kit migration for every service whose schema changed:
#   npm run db:generate -- --name add_something
set -euo pipefail
cd "$(dirname "$0")/.."
for config in services/*/drizzle.config.ts; do
  dir=$(dirname "$config")
  echo "== $dir"
  (cd "$dir" && npx drizzle-kit generate "$@")
done
