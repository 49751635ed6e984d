#!/usr/bin/env bash
# Runs every service in a process of its own (split mode), each at its native base path on its own
# port, each finding the others through <NAME>_SERVICE_URL, as a deployment would. Ctrl-C stops all.
#   bash scripts/split-mode.sh                 # ports 3100 (customer API) to 3114
#   BASE_PORT=4100 DATA_DIR=/tmp/split bash scripts/split-mode.sh
#   bash scripts/split-mode.sh --print         # the settings of each process, one line each
# Runs the built server (npm run build:server) when there is one, otherwise through tsx.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE_PORT:-3100}
data=${DATA_DIR:-.data/split}
services=(account product identity dogs pricing payment courier cart subscription order orchestration fulfilment legacy audit staff)

if [ -f dist/server/main.mjs ]; then run=(node --enable-source-maps dist/server/main.mjs); else run=(npx tsx apps/server/src/main.ts); fi

# Every process gets every other service's URL: each uses those it calls.
urls=()
for i in "${!services[@]}"; do
  name=${services[$i]}
  urls+=("$(echo "$name" | tr '[:lower:]' '[:upper:]')_SERVICE_URL=http://127.0.0.1:$((base + i))")
done

if [ "${1:-}" = "--print" ]; then
  for i in "${!services[@]}"; do
    echo "SERVICE=${services[$i]} PORT=$((base + i)) ${urls[*]}"
  done
  exit 0
fi

pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap stop EXIT INT TERM
mkdir -p "$data"
for i in "${!services[@]}"; do
  name=${services[$i]}
  env "${urls[@]}" SERVICE="$name" PORT=$((base + i)) HOST=127.0.0.1 DATA_DIR="$data" \
    "${run[@]}" >"$data/$name.log" 2>&1 &
  pids+=($!)
done

# Each service answers /health at its native base; wait for all of them.
for i in "${!services[@]}"; do
  name=${services[$i]}
  port=$((base + i))
  for _ in $(seq 1 180); do
    if curl -fs "http://127.0.0.1:$port/health/live" >/dev/null 2>&1; then break; fi
    if ! kill -0 "${pids[$i]}" 2>/dev/null; then
      echo "The $name service stopped; its log:" >&2
      tail -20 "$data/$name.log" >&2
      exit 1
    fi
    sleep 1
  done
  printf '%-13s http://127.0.0.1:%s   (log: %s/%s.log)\n' "$name" "$port" "$data" "$name"
done
echo "All services are up. The customer API: http://127.0.0.1:$base/api/v1/products"
wait -n "${pids[@]}"
