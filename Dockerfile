# Production image: build in one stage, run as a non-root user in the next.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json* ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx remix build && npm prune --omit=dev

FROM node:20-bookworm-slim
# no demo accounts in the image: an empty database gets one administrator (INITIAL_ADMIN_PASSWORD, or
# a generated password printed once) who must change it at the first sign-in (docs/decisions/0024)
ENV NODE_ENV=production DEMO_DATA=0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home /app app
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/build ./build
COPY --from=build --chown=app:app /app/public ./public
COPY --from=build --chown=app:app /app/app ./app
COPY --from=build --chown=app:app /app/package.json /app/server.js ./
COPY --from=build --chown=app:app /app/scripts ./scripts
RUN mkdir -p /app/data && chown app:app /app/data
USER app
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node itself is PID 1, so SIGTERM reaches the server's graceful stop (docs/decisions/0026)
# the heap settings of README "Several instances" (docs/decisions/0072): each thread's heap stays near
# its live data, an instance on PostgreSQL under 400 MB
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=8", "scripts/start.js"]
