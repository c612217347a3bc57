# One remote on its own, as its team deploys it: the built dist/ behind nginx with CORS, the manifest
# and entry revalidated, hashed chunks cached for good. Build with
#   docker build -f deploy/remote.Dockerfile --build-arg REMOTE=mfe-trial -t prompt-perfect-trial .
# Checked on paper only (proxy-server/test/deployment.test.ts); see docs/deployment.md.
FROM node:20.20-bookworm-slim AS build
ARG REMOTE=mfe-trial
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w ${REMOTE} && cp -r ${REMOTE}/dist /remote-dist

FROM nginx:1.27-alpine
COPY deploy/nginx-remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /remote-dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1:8080/mf-manifest.json || exit 1
