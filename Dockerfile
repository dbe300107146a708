# syntax=docker/dockerfile:1
# The self-hosted image: `node dist/server.mjs` serves the API directly and the studio
# through Next. Node 22: measurably faster than 20 for this workload.

# isolated-vm (runtime extensions) is a native module: its install fetches a prebuilt binary
# for this Node and platform, or compiles one with node-gyp, which needs these tools. Only the
# build stages get them; the runtime stage copies the finished node_modules.
FROM node:22-slim AS toolchain
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM toolchain AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN npm run build && rm -rf .next/cache

FROM toolchain AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-slim AS runtime
# isolated-vm (runtime extensions) requires --no-node-snapshot on Node 20 and later.
ENV NODE_ENV=production \
    NODE_OPTIONS=--no-node-snapshot \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
# Next reads its (TypeScript) config at start too.
COPY package.json next.config.ts tsconfig.json ./
COPY messages ./messages
# The embedded database, local file storage and generated secrets live here: the same
# folder as `npm start` uses outside a container, and the one the README says to mount.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/server/ping').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
