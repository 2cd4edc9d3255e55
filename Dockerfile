# hexref bot image. Multi-stage: the build stage compiles node-canvas from source with the same
# system packages as scripts/setup.sh; the runtime stage carries only the runtime libraries.
# (Docker cannot run on the team's machines; keep these steps in step with scripts/setup.sh.)

FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 pkg-config \
      libpango1.0-dev libcairo2-dev libgif-dev libjpeg-dev librsvg2-dev fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
ENV JOBS=max
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error \
 && (node -e "require('canvas')" || npm rebuild canvas) \
 && node -e "require('canvas')"
COPY . .

FROM node:20-bookworm-slim AS runtime
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
HEALTHCHECK --interval=60s --timeout=15s --start-period=20s --retries=3 CMD ["node", "bin/hexref.js", "doctor"]
CMD ["node", "bin/hexref.js", "start"]
