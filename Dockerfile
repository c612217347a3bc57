# The server and the shell in one image: proxy-server serves the API, the built shell and the
# remotes' default (same-origin) builds. Written and checked on paper (proxy-server/test/deployment.test.ts):
# no container runtime was available where it was written, so it has never been built. See
# docs/deployment.md.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY shared/package.json shared/
COPY proxy-server/package.json proxy-server/
COPY shell/package.json shell/
COPY mfe-trial/package.json mfe-trial/
COPY mfe-workspace/package.json mfe-workspace/
COPY mfe-progress/package.json mfe-progress/
COPY test-support/package.json test-support/
COPY cli/package.json cli/
COPY sdk/package.json sdk/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
ENV HOST=0.0.0.0
ENV PORT=3002
ENV DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3002
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3002/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--import", "tsx", "proxy-server/src/index.ts"]
