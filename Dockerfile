# One image for every LabShop service; docker-compose.yml picks the entry point per service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/contracts/package.json shared/contracts/
COPY shared/platform/package.json shared/platform/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projectors/package.json projectors/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @labshop/frontend

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
# The shared data volume (uploads, local mail) starts with this ownership.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["npx", "tsx", "frontend/server/main.ts"]
