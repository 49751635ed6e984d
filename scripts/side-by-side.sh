#!/usr/bin/env bash
# Runs commands side by side and fails when any of them failed. The first command's output comes
# as it goes; each other one's is printed whole once the first has ended and it has too (in the
# order given), so outputs never interleave. `npm test` runs the lint beside the typecheck (each
# keeps one core busy), .ci/run the OpenAPI lint and the browser tests beside the PostgreSQL run.
#   bash scripts/side-by-side.sh 'npm run typecheck' 'npm run lint'
set -uo pipefail
pids=()
logs=()
for command in "${@:2}"; do
  log=$(mktemp)
  logs+=("$log")
  bash -c "$command" >"$log" 2>&1 &
  pids+=($!)
done
failed=0
bash -c "$1" || failed=1
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then status=0; else status=$? failed=1; fi
  printf '\n-- %s (exit %s) --\n' "${@:$((i + 2)):1}" "$status"
  cat "${logs[$i]}"
  rm -f "${logs[$i]}"
done
exit "$failed"
