# syntax=docker/dockerfile:1
# Core28: build with every dependency, run with production dependencies and the compiled server.
# docker build -t core28 .   (README.md, "Deploying")
# Node 24 LTS, the version package.json pins (the `node` devDependency) and every test runs on.
# A tag moves: in production pin it by digest, --build-arg NODE_IMAGE=node:24-bookworm-slim@sha256:…
# (docker buildx imagetools inspect node:24-bookworm-slim; compose.yaml passes NODE_IMAGE from .env).
# The syntax line above pulls docker/dockerfile:1 as well: a directive reads no ARG, so pin it in
# place (docker/dockerfile:1@sha256:…) where every pull must be fixed.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server's and core's production dependencies only (-w): the web app is built into dist.
# better-auth's optional peers make the test tools and React `devOptional`, so --omit=dev still
# installs them; the server imports none of them (docs/decisions/0012). .ci/image checks the tree.
RUN npm ci --omit=dev --no-audit --no-fund -w @core28/server -w @core28/core && npm cache clean --force \
  && cd node_modules && rm -rf tsx vitest @vitest vite drizzle-kit @esbuild-kit @electric-sql \
    esbuild @esbuild rolldown @rolldown react react-dom lightningcss lightningcss-* terser \
  && mkdir -p /app/apps/server/node_modules /app/packages/core/node_modules

FROM ${NODE_IMAGE}
# Production refuses to start without DATABASE_URL (or EMBEDDED_DB=true, with a volume on
# /app/data), SMTP_URL and the rest of README.md's "Deploying" table.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
# A workspace's own versions where they differ from the hoisted ones (the server's cron-parser 5
# beside pg-boss's 4 at the top): without them the server would load the wrong major.
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=deps /app/packages/core/node_modules packages/core/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/core packages/core
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness (/api/health: the process serves), so an orchestrator that restarts unhealthy
# containers does not restart them all while the database is away; the proxy reads /api/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's command: SIGTERM from `docker stop` reaches the server.
CMD ["node", "apps/server/dist/main.js"]
