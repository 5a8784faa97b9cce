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
COPY --from=build /repo/apps/${APP}/dist /usr/share/nginx/html
ENV API_UPSTREAM=http://api:3000
EXPOSE 80
