# Production image: the server serves the API and the built web client on one port.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.28.1
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && pnpm --filter ./server deploy --prod --legacy /out/server \
  && cp -r web/dist /out/web-dist && cp -r web/dist-ssr /out/web-dist-ssr

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4000 WEB_DIST=/app/web-dist FILE_DIR=/data/files
COPY --from=build /out/server /app/server
COPY --from=build /out/web-dist /app/web-dist
# the server's page-rendering bundle, found beside the client (<WEB_DIST>-ssr)
COPY --from=build /out/web-dist-ssr /app/web-dist-ssr
USER node
EXPOSE 4000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:4000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server/dist/main.js"]
