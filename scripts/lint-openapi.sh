#!/usr/bin/env bash
# Exports every service's OpenAPI document and lints it with Redocly's recommended rules.
set -euo pipefail
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
npx tsx scripts/export-openapi.ts "$out"
npx redocly lint --config redocly.yaml "$out"/*.json
