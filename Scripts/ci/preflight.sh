#!/usr/bin/env bash
# Every tool and path the steps of .ci/run call, checked before anything is built, each missing one
# named: a machine that lacks chromium, podman or the fuzzer's runtime fails here in seconds, not
# forty minutes in, and nothing is skipped later for want of it.
#
#   bash Scripts/ci/preflight.sh             checks only (well under a minute); exit 1 names what is missing
#   bash Scripts/ci/preflight.sh --install   as root with apt-get: installs the missing Debian packages
#                                            (and the two Python modules for a pyenv python3) first,
#                                            then checks; as anyone else it only checks
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

say() { echo "preflight: $*" >&2; }

# PostgreSQL's server binaries, found as Scripts/lib/postgres-throwaway.sh finds them.
postgres_bin() {
    if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; return; fi
    if command -v pg_config >/dev/null 2>&1 && [[ -x "$(pg_config --bindir)/initdb" ]]; then pg_config --bindir; return; fi
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}
# podman's helpers live beside it, not on PATH.
podman_helper() { command -v "$1" >/dev/null 2>&1 || [[ -x /usr/lib/podman/$1 || -x /usr/libexec/podman/$1 ]]; }
have() { command -v "$1" >/dev/null 2>&1; }

# Each check: what it is, the Debian package that brings it, the test. The order follows .ci/run.
checks=(
    "git (standalone-check, the tracked files)|git|have git"
    "timeout and flock (step limits, the SMTP sink's venv lock)|coreutils util-linux|have timeout && have flock"
    "curl (cluster test)|curl|have curl"
    "pkg-config: sqlite3 3.37 or later (CSQLite)|pkg-config libsqlite3-dev|pkg-config --atleast-version=3.37 sqlite3"
    "pkg-config: libpq (CPostgres)|pkg-config libpq-dev|pkg-config --exists libpq"
    "PostgreSQL server binaries initdb, pg_ctl, psql, createdb (the PostgreSQL tests, cluster, mail test)|postgresql|bin=\$(postgres_bin) && for tool in initdb pg_ctl psql createdb; do [[ -x \$bin/\$tool ]] || exit 1; done"
    "runuser (PostgreSQL refuses root: the throw-away server runs as postgres)|util-linux|[[ \$(id -u) != 0 ]] || have runuser"
    "nginx (cluster test)|nginx|have nginx || [[ -x /usr/sbin/nginx ]]"
    "python3 3.9 or later|python3|python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))'"
    "python3 modules yaml and jsonschema (validate-compose.py, run by a test)|python3-yaml python3-jsonschema|python3 -c 'import yaml, jsonschema'"
    "python3 module sqlite3 (crash test, container test)|python3|python3 -c 'import sqlite3'"
    "python3 venv with ensurepip (SMTP sink, schemathesis, Locust, Selenium, client generation, podman-compose)|python3-venv|venv=\$(mktemp -d) && python3 -m venv --without-pip \"\$venv/v\" && python3 -c 'import ensurepip' ; status=\$?; rm -rf \"\$venv\"; exit \$status"
    "chromium and chromedriver of the same major version (browser journeys)|chromium chromium-driver|have chromium && have chromedriver && [[ \$(chromium --version 2>/dev/null | grep -oE '[0-9]+' | head -n 1) == \$(chromedriver --version 2>/dev/null | grep -oE '[0-9]+' | head -n 1) ]]"
    "podman (container test)|podman|have podman"
    "runc (container test: crun refuses this machine's cgroups)|runc|have runc"
    "netavark and aardvark-dns (container test: networks, service names)|netavark aardvark-dns|podman_helper netavark && podman_helper aardvark-dns"
    "iptables (container test: published ports)|iptables|have iptables"
    "debootstrap (container test: the Debian base image stood in)|debootstrap|have debootstrap"
)

# The Swift checks need no package: the toolchain comes from swift.org.
swift_checks() {
    local failed=0 version
    if ! have swift || ! version=$(swift --version 2>/dev/null); then
        say "MISSING: the Swift toolchain (swift on PATH; Swift 6.3 from swift.org)"
        return 1
    fi
    read -r major minor < <(sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' <<< "$version" | head -n 1)
    if ((${major:-0} < 6 || (${major:-0} == 6 && ${minor:-0} < 3))); then
        say "MISSING: Swift 6.3 or later (found: $(head -n 1 <<< "$version"))"
        failed=1
    fi
    # The container test copies this toolchain into its stand-in swift image.
    local bin
    bin=$(dirname "$(realpath "$(command -v swift)")")
    if [[ -z ${SWIFT_TOOLCHAIN:-} ]] && ! [[ $bin == */usr/bin && -x $bin/swiftc ]]; then
        say "MISSING: a toolchain folder for the container test: swift resolves to $(realpath "$(command -v swift)"), not into TOOLCHAIN/usr/bin (set SWIFT_TOOLCHAIN)"
        failed=1
    fi
    # The fuzz smoke links -sanitize=fuzzer,address: Swift's clang runtime must be there.
    if ! bash Scripts/fuzz/fuzz.sh check; then
        say "MISSING: a toolchain that links -sanitize=fuzzer (the fuzz smoke; Swift's Linux toolchains from swift.org do)"
        failed=1
    fi
    return $failed
}

missing_packages() {
    local check description packages test
    for check in "${checks[@]}"; do
        IFS='|' read -r description packages test <<< "$check"
        (eval "$test") >/dev/null 2>&1 || echo "$packages"
    done | tr ' ' '\n' | sort -u | tr '\n' ' '
}

if [[ ${1:-} == --install ]]; then
    packages=$(missing_packages)
    if [[ -n ${packages// /} ]] && [[ $(id -u) == 0 ]] && have apt-get; then
        say "installing: $packages"
        apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $packages >&2 \
            || say "apt-get could not install everything; the checks below name what is still missing"
    fi
    # `python3` may be another interpreter than Debian's (pyenv): give it the two modules itself.
    if ! python3 -c 'import yaml, jsonschema' 2>/dev/null; then
        python3 -m pip install --quiet 'PyYAML==6.0.3' 'jsonschema==4.26.0' >&2 || true
    fi
fi

started=$SECONDS
failures=0
for check in "${checks[@]}"; do
    IFS='|' read -r description packages test <<< "$check"
    if ! (eval "$test") >/dev/null 2>&1; then
        say "MISSING: $description (Debian: $packages)"
        failures=$((failures + 1))
    fi
done
swift_checks || failures=$((failures + 1))
if ((failures > 0)); then
    say "FAILED: $failures check(s) above; install what they name (as root: bash Scripts/ci/preflight.sh --install)"
    exit 1
fi
say "every tool the steps need is here ($((SECONDS - started)) s)"
