#!/usr/bin/env bash
# Fails when a service's schema has changed without a migration: generating must produce nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/db-generate.sh --name ci_check >/dev/null
if [ -n "$(git status --porcelain -- 'services/*/drizzle')" ]; then
  echo "A schema changed without a migration; run npm run db:generate and commit the result:"
  git status --short -- 'services/*/drizzle'
  git checkout -- 'services/*/drizzle' 2>/dev/null || true
  git clean -fdq -- 'services/*/drizzle'
  exit 1
fi
echo "Migrations match the schemas."
