#!/usr/bin/env bash
# Builds, under the official names, local stand-ins for the base images Viperd's Dockerfile and
# compose files name, when no registry can be reached (docs/DEPLOYMENT.md, "Stand-in base images"):
#
#   docker.io/library/debian:bookworm-slim   debootstrap (minbase) of Debian bookworm, slimmed as the official one
#   docker.io/library/swift:6.3-bookworm     that Debian + the official image's build packages + this machine's toolchain
#   docker.io/library/postgres:15            that Debian + postgresql-15 + an entrypoint like the official one
#   docker.io/library/nginx:1.27             that Debian + nginx-light + curl, laid out like the official one
#
#   bash Scripts/deploy/container-standins.sh podman|docker   (as root; used by Scripts/deploy/container-test.sh)
#
# An image that already exists locally (pulled or built before) is kept, so a second run costs
# nothing; `podman rmi` one to rebuild it. With Docker, an image is pulled when it can be. Environment: DEBIAN_MIRROR (default: the first Debian
# mirror of this machine's apt sources), SWIFT_TOOLCHAIN (default: the toolchain of the `swift` on
# PATH, the folder holding its usr/bin/swift).
set -Eeuo pipefail
engine=${1:?usage: container-standins.sh podman|docker}
here="$(cd "$(dirname "$0")" && pwd)/container-standins"

say() { echo "container-standins: $*" >&2; }

# The toolchain this machine builds with, wherever it was installed: `swift` on PATH resolves to
# TOOLCHAIN/usr/bin/ (a swiftly shim or a wrapper does not: then SWIFT_TOOLCHAIN says).
find_toolchain() {
    if [[ -n ${SWIFT_TOOLCHAIN:-} ]]; then echo "$SWIFT_TOOLCHAIN"; return; fi
    local swift
    swift=$(command -v swift) || { say "no swift on PATH: install a Swift 6.3 toolchain, or set SWIFT_TOOLCHAIN to its folder (holding usr/bin/swift)"; return 1; }
    # usr/bin/swift is itself a link to swift-driver beside it: the folder is what counts.
    local bin
    bin=$(dirname "$(realpath "$swift")")
    [[ $bin == */usr/bin && -x $bin/swift ]] || { say "swift on PATH resolves to $(realpath "$swift"), not into TOOLCHAIN/usr/bin: set SWIFT_TOOLCHAIN to the toolchain's folder"; return 1; }
    echo "${bin%/usr/bin}"
}
trap 'say "failed (exit $?) at line $LINENO: $BASH_COMMAND"' ERR
# Present locally, or (Docker, whose machines usually reach a registry) pulled now.
exists() {
    "$engine" image inspect "$1" >/dev/null 2>&1 && return 0
    [[ $engine == docker ]] && docker pull -q "$1" >/dev/null 2>&1
}

# The first URL of this machine's apt sources ending in /debian (or /debian-security).
apt_source() {
    { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } \
        | { grep -oE "https?://[^ ]+/$1/?( |\$)" || true; } | head -n 1 | tr -d ' '
}
debian_mirror() {
    if [[ -n "${DEBIAN_MIRROR:-}" ]]; then echo "$DEBIAN_MIRROR"; return; fi
    local found
    found=$(apt_source debian)
    echo "${found:-http://deb.debian.org/debian}"
}

build_debian() {
    local name=docker.io/library/debian:bookworm-slim
    exists "$name" && { say "$name: present"; return; }
    command -v debootstrap >/dev/null || { say "debootstrap is not installed (apt-get install debootstrap)"; exit 1; }
    local mirror rootfs
    mirror=$(debian_mirror)
    rootfs=$(mktemp -d "${TMPDIR:-/tmp}/viperd-debian-rootfs.XXXXXX")
    say "$name: debootstrap bookworm from $mirror"
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
        || { tail -20 "$rootfs.log" >&2; say "debootstrap failed"; exit 1; }
    # What the official slim image leaves out, and keeps leaving out of later installs.
    cat > "$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'CONF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
CONF
    printf 'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };\nAPT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };\nDir::Cache::pkgcache "";\nDir::Cache::srcpkgcache "";\n' \
        > "$rootfs/etc/apt/apt.conf.d/docker-clean"
    printf 'Acquire::Languages "none";\n' > "$rootfs/etc/apt/apt.conf.d/docker-no-languages"
    printf 'APT::AutoRemove::SuggestsImportant "false";\n' > "$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests"
    rm -f "$rootfs/etc/apt/sources.list"
    printf 'Types: deb\nURIs: %s\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$mirror" > "$rootfs/etc/apt/sources.list.d/debian.sources"
    local security
    security=${DEBIAN_SECURITY_MIRROR:-$(apt_source debian-security)}
    [[ -n "$security" ]] && printf '\nTypes: deb\nURIs: %s\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$security" >> "$rootfs/etc/apt/sources.list.d/debian.sources"
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    rm -rf "$rootfs"/usr/share/{man,info,locale,groff,lintian}/* "$rootfs"/var/lib/apt/lists/* \
        "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/* "$rootfs"/tmp/*
    tar -C "$rootfs" -c . | "$engine" import --change 'CMD ["bash"]' - "$name" >/dev/null
    rm -rf "$rootfs" "$rootfs.log"
    say "$name: built"
}

build_from() {
    local name=$1 context=$2 file=$3
    exists "$name" && { say "$name: present"; return; }
    say "$name: building"
    "$engine" build --pull=never -t "$name" -f "$file" "$context" >&2 \
        || { say "$name: build failed"; exit 1; }
    say "$name: built"
}

build_debian
build_from docker.io/library/postgres:15 "$here/postgres" "$here/postgres/Containerfile"
build_from docker.io/library/nginx:1.27 "$here/nginx" "$here/nginx/Containerfile"
# The toolchain is looked for only when its image must be built.
if exists docker.io/library/swift:6.3-bookworm; then
    say "docker.io/library/swift:6.3-bookworm: present"
else
    toolchain=$(find_toolchain)
    [[ -x "$toolchain/usr/bin/swift" && -x "$toolchain/usr/bin/swiftc" ]] \
        || { say "no Swift toolchain at $toolchain (no usr/bin/swift and swiftc there; set SWIFT_TOOLCHAIN)"; exit 1; }
    say "Swift toolchain: $toolchain"
    build_from docker.io/library/swift:6.3-bookworm "$toolchain" "$here/swift/Containerfile"
fi
