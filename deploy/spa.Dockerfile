# Image of one Bindery SPA (APP=web or APP=admin): the production build served by nginx, which also proxies /api
# to the API service. Build from the repository root: docker build -f deploy/spa.Dockerfile --build-arg APP=web .
ARG APP=web

FROM node:22-bookworm-slim AS build
ARG APP
WORKDIR /repo
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm exec turbo run build --filter=@bindery/${APP}...

FROM nginx:1.27-alpine
ARG APP
COPY deploy/nginx-spa.conf.template /etc/nginx/templates/default.conf.template
COPY deploy/nginx-security-headers.conf /etc/nginx/snippets/bindery-security-headers.conf
COPY --from=build /repo/apps/${APP}/dist /usr/share/nginx/html
# Docker's embedded DNS (user-defined networks, as compose creates): resolves the API service to every replica.
ENV API_UPSTREAM=http://api:3000 NGINX_RESOLVER=127.0.0.11
EXPOSE 80
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s CMD wget -q -O /dev/null http://127.0.0.1/ || exit 1
