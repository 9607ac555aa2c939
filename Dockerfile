# SwapU's image: the release folder of scripts/build-release.sh, nothing else (README "Shipping it").
# The build stage runs that script (the same one CI runs and checks: npm test's release stage);
# the final stage copies its folder onto a plain Node 24 and runs it as a user without privileges.
#
#   docker build -t swapu --build-arg SWAPU_COMMIT=$(git rev-parse --short HEAD) .
#   docker compose up        (compose.yaml: two servers, PostgreSQL, MinIO, HAProxy)

FROM node:24-slim AS build
WORKDIR /src
# The whole workspace's dependencies first (cached while the lockfile does not change): the build
# needs the dev tools (Vite, esbuild, tsx); the release installs production ones only.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
ARG SWAPU_COMMIT=""
RUN SWAPU_COMMIT="$SWAPU_COMMIT" bash scripts/build-release.sh /release

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server; only DATA_DIR (the embedded database, photos when
# STORAGE_DRIVER=local, secrets made on first start) is the server's to write.
COPY --from=build /release /app
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Ready: the database answers and the server is not draining (decision 0041). No curl in the slim
# image; Node's fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (SHUTDOWN_DRAIN_MS, 5 s) and finishes what is in flight (SHUTDOWN_TIMEOUT_MS, 20 s):
# give `docker stop` more than their sum (compose.yaml: stop_grace_period 30s).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.mjs"]
