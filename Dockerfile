# One image for every service of the bank; docker-compose.yml picks the command per service
# (npm run start:command-api | start:query-api | start:projections | start:jobs | start:edge).
FROM node:20-bookworm-slim AS bank
WORKDIR /srv/bank
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY events/package.json events/
COPY infra/package.json infra/
COPY server/package.json server/
COPY projections/package.json projections/
COPY audit/package.json audit/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY frontend/package.json frontend/
COPY load-tests/package.json load-tests/
COPY bench/package.json bench/
# npm ci's postinstall applies these fixes to dependencies (patch-package).
COPY patches/ patches/
# Dev dependencies too: the backend runs TypeScript through tsx, and the web app is built here.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
# The services run as the image's unprivileged user, which owns only the data directory (a volume
# in docker-compose.yml: the jobs worker publishes the log digest there).
RUN mkdir -p /var/lib/bank && chown node:node /var/lib/bank
USER node
EXPOSE 3000
CMD ["npm", "start", "--silent"]

# The nginx edge: the web app built above plus infra/edge/nginx.conf.
FROM nginx:1.27 AS edge
COPY --from=bank /srv/bank/frontend/dist /srv/bank/frontend/dist
COPY infra/edge/nginx.conf /etc/nginx/nginx.conf
