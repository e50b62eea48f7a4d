# syntax=docker/dockerfile:1
# The site as one image: `docker build -t gift-of-independence .`; compose.yaml runs two of it behind
# nginx. The server runs compiled (dist/server) with plain node on the current LTS (docs/decisions/0059).

# Everything installed, the web app built (dist/web, dist/ssr) and the server compiled (dist/server).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The packages the server needs at run time only (`dependencies`; server/test/deployment.test.ts
# checks that the server imports nothing else).
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json ./
# The files the compiled server reads where the repository keeps them: migrations, fonts, demo images
# and documents (scripts/build-server.ts).
COPY server/db/migrations ./server/db/migrations
COPY server/assets ./server/assets
COPY server/db/seed/images ./server/db/seed/images
COPY server/db/seed/documents ./server/db/seed/documents
COPY --from=build /app/dist ./dist
# The embedded database (when DATABASE_URL is unset), mail and SMS written as files, local uploads.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The image's own unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Ready: the database answers and its migrations are applied. No curl in the slim image: Node asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is process 1: dist/server/main.js closes the app and the database on SIGTERM. The tools
# run the same way: `node dist/server/cli/create-admin.js`, `cli/backup.js`, `cli/restore.js`.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
