# syntax=docker/dockerfile:1
# Viperd container image: a release build with the Swift runtime linked statically, on a slim
# Debian that only adds libsqlite3, libpq (PostgreSQL, with --database-url) and curl for the health check.
#
#   docker build -t viperd:latest .
#   docker run --rm -p 8080:8080 -v viperd-data:/data viperd:latest
#
# Every `viperd serve` option can be set with VIPERD_<FLAG> (VIPERD_PORT, VIPERD_MAX_CONNECTIONS,
# ...) or by arguments after the image name (`docker run ... viperd:latest serve --workers 2`).

# ---- build ---------------------------------------------------------------------------------
FROM swift:6.3-bookworm AS build

RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libpq-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Dependencies first, so that this layer stays cached while only Sources/ changes (resolving
# reads the manifest's dependencies only, not its targets' folders).
# Package.resolve[d]: copied when present (it is git-ignored), without failing when absent.
COPY Package.swift Package.resolve[d] ./
RUN swift package resolve

# Everything the manifest declares must be present for SwiftPM to load the package, including
# the test targets' folders (Tests/), though only the viperd product is built. The migrations
# are listed by name in Package.swift, so copying them after `resolve` is safe.
# Tests/AppTests/Deployment/DockerfileReplayTests.swift replays these COPY steps.
COPY Sources ./Sources
COPY Migrations ./Migrations
# The web client (served at /app/), listed by name like the migrations; Clients/Swift is not
# part of this package.
COPY Clients/Web ./Clients/Web
COPY Tests ./Tests

# Stripped: the debug sections are a third of the binary (102 MB -> 67 MB).
RUN swift build -c release --product viperd --static-swift-stdlib \
    && mkdir -p /staging \
    && cp "$(swift build -c release --product viperd --static-swift-stdlib --show-bin-path)/viperd" /staging/viperd \
    && strip /staging/viperd

# ---- runtime -------------------------------------------------------------------------------
FROM debian:bookworm-slim

RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --system --gid 10001 viperd \
    && useradd --system --uid 10001 --gid viperd --home-dir /data --no-create-home \
       --shell /usr/sbin/nologin viperd \
    && mkdir -p /data \
    && chown viperd:viperd /data

COPY --from=build /staging/viperd /usr/local/bin/viperd

USER viperd
WORKDIR /data

ENV VIPERD_HOST=0.0.0.0 \
    VIPERD_PORT=8080 \
    VIPERD_DB=/data/viperd.sqlite

EXPOSE 8080
VOLUME /data

# Ready, not just alive: /health/ready also asks the database.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/health/ready || exit 1

# Exec form: viperd is PID 1 and receives `docker stop`'s SIGTERM itself (graceful shutdown).
ENTRYPOINT ["viperd"]
CMD ["serve"]
