# syntax=docker/dockerfile:1
# The server image (docs/deployment.md). Three stages: `build` compiles the customer app and the
# server bundle with every dev tool; `deps` installs the production dependencies only and builds
# the native addon (packages/native-memory) against this Node; `runtime` is node on Debian slim
# (glibc, which the addon's malloc_trim needs), without compilers, running as the `node` user.
# Not built on the development machines (no Docker engine there): the same processes are tested
# without a container (services/orchestration/test/deployed-processes.test.ts).

ARG NODE_VERSION=20.20

FROM node:${NODE_VERSION}-bookworm-slim AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM toolchain AS build
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm run build:server \
 && mkdir /out \
 && tar -c --exclude=node_modules --exclude='services/*/test' --exclude='packages/*/test' --exclude=apps/server/test --exclude=apps/customer/src \
      dist apps services packages package.json | tar -x -C /out

FROM toolchain AS deps
# The manifests alone, so this layer is rebuilt only when dependencies change.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/customer/package.json apps/customer/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/kit/package.json packages/kit/
COPY packages/testing/package.json packages/testing/
COPY packages/native-memory packages/native-memory
COPY services services
RUN find services -mindepth 2 -maxdepth 2 ! -name package.json -exec rm -rf {} + \
 && npm ci --omit=dev --no-audit --no-fund \
 && test -f packages/native-memory/build/Release/native_memory.node \
 && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=262144 \
    MALLOC_TRIM_THRESHOLD_=1048576
# The same /app as the build stage: the bundle names its modules' files by their build-time
# absolute paths (scripts/build-server.mjs), so the tree must sit where it was built.
WORKDIR /app
# The production dependencies, then the tree as built without its node_modules: the bundle finds
# its migrations, data files and the addon beside their sources (build-server.mjs keeps each
# module's own URL).
COPY --from=deps /app ./
COPY --from=build /out ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# As `npm start` runs it (ADR 009), without building: node receives SIGTERM itself (PID 1 is node;
# run with --init or tini to reap children, none are started).
CMD ["node", "--max-semi-space-size=4", "--expose-gc", "--enable-source-maps", "dist/server/main.mjs"]
