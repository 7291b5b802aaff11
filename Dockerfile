# The acesup command in a container, for batch runs (docs/estimate.md: the Kubernetes Indexed Job): the compiled build and
# the runtime dependencies only, run as the unprivileged user `node`.
#   podman build -t acesup:0.1.0 .    (or docker build)
#   podman run --rm acesup:0.1.0 estimate --variant strict --discards forced --deals 1000

FROM node:20-alpine AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM node:20-alpine
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY bin ./bin
COPY --from=build /app/dist ./dist
RUN ln -s /app/bin/acesup.js /usr/local/bin/acesup
USER node
WORKDIR /home/node
ENTRYPOINT ["acesup"]
CMD ["--help"]
