# syntax=docker/dockerfile:1
# The marketplace server and the chain node (same image, different command). See README "Deploy".

# 1. Build: every dependency, then the contract artifacts, the client bundle and the compiled server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no vite, esbuild, vitest, tsx…).
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. Runtime: compiled JavaScript, artifacts, migrations; runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data CHAIN_NODE_HOST=0.0.0.0 CHAIN_NODE_PORT=8545
# glibc's allocator keeps its thresholds fixed instead of raising them after each large free, so the server returns
# freed memory instead of keeping tens of megabytes of it per thread (scripts/server-env.mjs, README "Memory").
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build --chown=node:node /app/build ./build
COPY package.json hardhat.config.cjs ./
COPY drizzle ./drizzle
COPY contracts ./contracts
COPY scripts/compile-contracts.mjs ./scripts/compile-contracts.mjs
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000 8545
# Liveness only: /readyz (database, migrations, chain) is for the reverse proxy, so a database outage takes instances
# out of rotation without the runtime restarting them.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM is handled (graceful stop within SHUTDOWN_GRACE_MS); node runs as PID 1, so it receives it directly.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
