# syntax=docker/dockerfile:1
# Viperd container image: a release build with the Swift runtime linked statically, on no
# distribution at all: a root filesystem of the shared libraries it links (glibc, libsqlite3,
# libpq and theirs), CA certificates and a static busybox (the health check's wget), taken from
# Debian bookworm's packages. About 90 MB, of which the binary is 67 MB.
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

# ---- runtime root ----------------------------------------------------------------------------
# The runtime image has no distribution in it: this stage installs the Debian packages viperd
# links (libsqlite3-0, libpq5 and what they link), then copies into /rootfs exactly the shared
# libraries `ldd` names for the binary, the dynamic loader, the CA bundle, a static busybox (the
# health check's wget, and a shell for `exec`), getent, and the user, group and NSS files. The
# result (distroless-like, about 25 MB) is the whole root filesystem of the last stage.
FROM debian:bookworm-slim AS runtime-root

RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 ca-certificates busybox-static \
    && rm -rf /var/lib/apt/lists/*

COPY --from=build /staging/viperd /staging/viperd

# The top-level links of merged /usr first (/lib -> usr/lib, ...). Then each library ldd names,
# by the name the binary asks for and by its real file (the soname links kept), each in its real
# folder; a library ldd cannot find fails the build here rather than the container at its first
# start.
RUN set -eu \
    && mkdir -p /rootfs/usr/lib /rootfs/usr/lib64 /rootfs/usr/bin /rootfs/usr/sbin /rootfs/usr/local/bin \
       /rootfs/etc/ssl/certs /rootfs/tmp \
    && for link in /bin /sbin /lib /lib64; do if [ -L "$link" ]; then cp -a "$link" "/rootfs$link"; else mkdir -p "/rootfs$link"; fi; done \
    && ldd /staging/viperd | tee /tmp/ldd.txt \
    && if grep -q 'not found' /tmp/ldd.txt; then echo "a library viperd links is missing" >&2; exit 1; fi \
    && for library in $(awk '/=> \// { print $3 } /^[[:space:]]*\/[^ ]*ld-linux/ { print $1 }' /tmp/ldd.txt) \
           /lib/x86_64-linux-gnu/libnss_files.so.2 /lib/x86_64-linux-gnu/libnss_dns.so.2; do \
           [ -e "$library" ] || continue; \
           for file in "$library" "$(readlink -f "$library")"; do \
               folder=$(readlink -f "$(dirname "$file")"); mkdir -p "/rootfs$folder"; cp -a "$file" "/rootfs$folder/"; \
           done; \
       done \
    && cp -a /bin/busybox /rootfs/bin/busybox \
    && cp -a /usr/bin/getent /rootfs/usr/bin/getent \
    && for applet in $(/rootfs/bin/busybox --list); do [ -e "/rootfs/bin/$applet" ] || ln -s busybox "/rootfs/bin/$applet"; done \
    && cp -a /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/ \
    && cp -a /etc/nsswitch.conf /rootfs/etc/ \
    && printf 'root:x:0:0:root:/root:/sbin/nologin\nviperd:x:10001:10001:viperd:/data:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' > /rootfs/etc/passwd \
    && printf 'root:x:0:\nviperd:x:10001:\nnogroup:x:65534:\n' > /rootfs/etc/group \
    && chmod 1777 /rootfs/tmp \
    && install -d -m 0700 -o 10001 -g 10001 /rootfs/data \
    && du -sh /rootfs

# ---- runtime -------------------------------------------------------------------------------
FROM scratch

COPY --from=runtime-root /rootfs/ /
# The database's folder: the viperd user's alone (0700). A named volume mounted here starts as a
# copy of it, owner and mode included; viperd creates its files in it 0600.
COPY --from=runtime-root --chown=10001:10001 /rootfs/data /data
COPY --from=build /staging/viperd /usr/local/bin/viperd

USER viperd
WORKDIR /data

ENV PATH=/usr/local/bin:/usr/bin:/bin \
    VIPERD_HOST=0.0.0.0 \
    VIPERD_PORT=8080 \
    VIPERD_DB=/data/viperd.sqlite

EXPOSE 8080
VOLUME /data

# Ready, not just alive: /health/ready also asks the database. busybox's wget exits 1 on any
# answer other than 2xx.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/health/ready"]

# Exec form: viperd is PID 1 and receives `docker stop`'s SIGTERM itself (graceful shutdown).
ENTRYPOINT ["viperd"]
CMD ["serve"]
