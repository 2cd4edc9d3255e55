# hexref bot image. Multi-stage: the build stage compiles node-canvas from source with the same
# system packages as scripts/setup.sh; the runtime stage carries only the runtime libraries.
# Docker cannot run on the team's machines: test/docker/image.test.ts keeps these steps in step with
# scripts/setup.sh and checks that the build context (.dockerignore) leaves out secrets and state.
# Node 22 is the current LTS line (Node 20 has reached its end of life).

FROM node:22-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 pkg-config \
      libpango1.0-dev libcairo2-dev libgif-dev libjpeg-dev librsvg2-dev fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
ENV JOBS=max
RUN npm ci --no-audit --no-fund --loglevel=error \
 && (node -e "require('canvas')" || npm rebuild canvas) \
 && node -e "require('canvas')"
# Only what the image runs and builds from, named one by one (.dockerignore lets in nothing else): no
# test/, bench/, docs/ or folders nobody committed, no .env (the bot token), no var/ (saved games and
# their secret seeds), no dist/, and not the host's node_modules (it would overwrite the canvas built above).
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.js scripts/private-redis.ts ./scripts/
COPY bin ./bin
COPY data ./data
COPY render ./render
COPY commands ./commands
COPY src ./src
# Compile to dist/ (the bot starts from JavaScript), then drop the build-only packages.
RUN npm run build --silent && npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM node:22-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangocairo-1.0-0 libcairo2 \
      libgif7 libjpeg62-turbo librsvg2-2 fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/var && chown node:node /app/var
USER node
ENV NODE_ENV=production
VOLUME ["/app/var"]
# Cheap: reads the heartbeat the bot writes every 15 s (src/health.ts): fresh, Discord gateway
# connected, game store reachable. It loads nothing else (about half a second, well under 100 MB).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["node", "bin/hexref-health.js"]
CMD ["node", "bin/hexref.js", "start"]
