#!/usr/bin/env bash
# The container deployment, proven: builds the image from the repository's Dockerfile and runs
# both compose files, unchanged, on a real engine, checking what docs/DEPLOYMENT.md promises.
#
#   bash Scripts/deploy/container-test.sh                 # everything (as root)
#   bash Scripts/deploy/container-test.sh --sqlite-only   # the image and docker-compose.yml only (CI)
#   bash Scripts/deploy/container-test.sh --postgres-only # the image and docker-compose.postgres.yml only
#
# Every check prints one line, PASS or FAIL with its figures; the run exits 1 when any failed, and
# when no engine can run at all it says why and exits 1 (never a silent pass).
#
# Engine: Docker when its daemon answers (with `docker compose`), else podman with the settings
# this machine kind needs, applied only to what this script starts (a containers.conf of its own,
# through CONTAINERS_CONF): the runc runtime (crun refuses hybrid cgroups) and no default ulimits
# (a setrlimit refusal stops every container). Compose for podman: podman-compose, pinned, in
# .venv-podman-compose. Two things podman 4.3 without systemd does not do, this script does for
# the containers it started (docs/DEPLOYMENT.md, "The proof"): it runs their health checks
# (`podman healthcheck run`, every 2 s), and it starts services in depends_on order, waiting
# for each condition (podman-compose skips service_healthy below podman 4.6).
#
# Base images that cannot be pulled are built locally under their official names by
# Scripts/deploy/container-standins.sh. Swift packages: the build gets this machine's git URL rewrites
# (`git config --system`, url.*.insteadOf) and the package mirror they point at as build-time
# volumes, never as a layer; a check proves the final image holds neither.
#
# It uses ports 443 and 80 on the host (both compose files publish them through nginx), 18080 (the
# read-only check), the subnets 172.30.81.0/24 (docker-compose.yml) and 172.30.80.0/24
# (docker-compose.postgres.yml), and the compose projects viperd-container-test and
# viperd-container-test-postgres, removed with their volumes before and after. Traffic goes only
# to 127.0.0.1. Environment: PODMAN_COMPOSE_VERSION, VENV (default .venv-podman-compose),
# KEEP_PROJECTS=1 (leave the last project running, for a post-mortem; `down -v` it by hand).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

run_sqlite=true
run_postgres=true
for argument in "$@"; do
    case "$argument" in
        --sqlite-only) run_postgres=false ;;
        --postgres-only) run_sqlite=false ;;
        *) echo "usage: bash Scripts/deploy/container-test.sh [--sqlite-only | --postgres-only]" >&2; exit 2 ;;
    esac
done

PODMAN_COMPOSE_VERSION=${PODMAN_COMPOSE_VERSION:-1.6.0}
VENV=${VENV:-.venv-podman-compose}
IMAGE=viperd:latest
NGINX_IMAGE=viperd-nginx:latest
SQLITE_PROJECT=viperd-container-test
POSTGRES_PROJECT=viperd-container-test-postgres
# Through nginx, over TLS, verified against the deployment's own (self-signed) certificate, which
# ca_from copies out of the nginx container into $CA once it runs.
URL=https://127.0.0.1
HTTP_URL=http://127.0.0.1
started_at=$SECONDS
failures=0
passes=0

log() { echo "container-test: $*" >&2; }
pass() { passes=$((passes + 1)); echo "PASS $1: $2"; }
fail() { failures=$((failures + 1)); echo "FAIL $1: $2"; }
checker() { python3 "$root/Scripts/deploy/container-test.py" "$@"; }
# `check NAME COMMAND...`: PASS with the command's last output line, or FAIL with all of it.
check() {
    local name=$1 output
    shift
    if output=$("$@" 2>&1); then pass "$name" "$(tail -n 1 <<<"$output")"; else fail "$name" "$output"; return 1; fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-container-test.XXXXXX")
CA="$work/ca.crt"
export CONTAINER_TEST_CA_FILE="$CA"
health_driver=
cleanup() {
    [[ -n "$health_driver" ]] && kill "$health_driver" 2>/dev/null
    if [[ -n "${compose_command:-}" && -z "${KEEP_PROJECTS:-}" ]]; then
        project_down "$SQLITE_PROJECT" docker-compose.yml -v >/dev/null 2>&1
        project_down "$POSTGRES_PROJECT" docker-compose.postgres.yml -v >/dev/null 2>&1
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# --- the engine -----------------------------------------------------------------------------
no_engine() {
    echo "FAIL engine: no container engine can run here: $1"
    echo "container-test: FAILED: nothing was proven ($(( SECONDS - started_at )) s)"
    exit 1
}
engine=
if command -v docker >/dev/null && docker info >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
    engine=docker
    compose_command=(docker compose)
elif command -v podman >/dev/null; then
    engine=podman
    command -v runc >/dev/null || no_engine "podman is installed but runc is not (apt-get install runc; crun refuses this machine's hybrid cgroups)"
    cat > "$work/containers.conf" <<'EOF'
[containers]
default_ulimits = []
[engine]
runtime = "runc"
EOF
    export CONTAINERS_CONF="$work/containers.conf"
    if ! probe=$(podman info 2>&1); then
        no_engine "podman info fails: $(tail -n 3 <<<"$probe")"
    fi
    if [[ "$("$VENV/bin/podman-compose" --version 2>/dev/null | sed -n 's/^podman-compose version //p' | head -n 1)" != "$PODMAN_COMPOSE_VERSION" ]]; then
        log "installing podman-compose==$PODMAN_COMPOSE_VERSION into $VENV"
        { [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"; } \
            && "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "podman-compose==$PODMAN_COMPOSE_VERSION" \
            || no_engine "podman-compose==$PODMAN_COMPOSE_VERSION could not be installed into $VENV"
    fi
    compose_command=("$root/$VENV/bin/podman-compose")
else
    why="docker: $(if command -v docker >/dev/null; then docker info 2>&1 | grep -m1 -iE 'cannot connect|error' || echo 'no compose plugin'; else echo 'not installed'; fi)"
    no_engine "$why; podman: not installed (apt-get install podman runc)"
fi
log "engine: $engine ($("$engine" --version | head -n 1)); compose: ${compose_command[*]##*/}"

project_compose() {  # project file args...
    local project=$1 file=$2
    shift 2
    "${compose_command[@]}" -p "$project" -f "$root/$file" "$@"
}
# `down` (`down -v` with -v). With podman the containers are stopped (gracefully) and removed
# first with their anonymous volumes (the image's VOLUME /data where a service mounts nothing
# there), which podman-compose's down leaves behind; named volumes stay unless -v.
project_down() {
    local containers
    if [[ $engine == podman ]]; then
        containers=$(podman ps -aq --filter "label=com.docker.compose.project=$1")
        # shellcheck disable=SC2086
        [[ -n "$containers" ]] && podman stop $containers >/dev/null 2>&1 && podman rm -f -v $containers >/dev/null 2>&1
    fi
    project_compose "$1" "$2" down "${@:3}"
}
container_of() {  # project service: the (first) container's name
    "$engine" ps -a --filter "label=com.docker.compose.project=$1" --filter "label=com.docker.compose.service=$2" \
        --format '{{.Names}}' | head -n 1
}
state_of() { "$engine" inspect -f "$2" "$1" 2>/dev/null; }
health_of() { state_of "$1" '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}'; }

# podman without systemd keeps each container's health "starting" until someone runs the check:
# run it, every 2 s, for the containers of this script's projects.
if [[ $engine == podman ]]; then
    (
        while sleep 2; do
            for project in "$SQLITE_PROJECT" "$POSTGRES_PROJECT"; do
                for container in $(podman ps -q --filter "label=com.docker.compose.project=$project"); do
                    podman healthcheck run "$container" >/dev/null 2>&1
                done
            done
        done
    ) &
    health_driver=$!
fi

wait_until() {  # seconds description command...: polls every second
    local deadline=$((SECONDS + $1)) description=$2
    shift 2
    until "$@" >/dev/null 2>&1; do
        ((SECONDS < deadline)) || { log "timed out waiting for $description"; return 1; }
        sleep 1
    done
}
is_healthy() { [[ "$(health_of "$1")" == healthy ]]; }
exited_zero() { [[ "$(state_of "$1" '{{.State.Status}} {{.State.ExitCode}}')" == "exited 0" ]]; }
ready() { curl -fsS --max-time 3 --cacert "$CA" "$URL/health/ready"; }
resolves() { timeout 10 "$engine" exec "$1" getent hosts postgres; }

# `compose up -d`, the way each engine honours depends_on: Docker itself (--wait); for podman,
# service by service in dependency order, each once its dependencies meet their conditions.
project_up() {  # project file
    local project=$1 file=$2
    if [[ $engine == docker ]]; then
        project_compose "$project" "$file" up -d --wait
        return
    fi
    local line service dependency name condition
    while read -r line; do
        service=${line%% *}
        for dependency in ${line#* }; do
            [[ $dependency == - ]] && continue
            name=$(container_of "$project" "${dependency%%:*}")
            condition=${dependency#*:}
            case "$condition" in
                service_healthy) wait_until 120 "${dependency%%:*} healthy" is_healthy "$name" || return 1 ;;
                service_completed_successfully) wait_until 120 "${dependency%%:*} completed" exited_zero "$name" || return 1 ;;
            esac
        done
        project_compose "$project" "$file" up -d --no-deps "$service" >>"$work/compose.log" 2>&1 \
            || { tail -n 20 "$work/compose.log" >&2; return 1; }
    done < <(python3 - "$root/$file" <<'EOF'
import sys, yaml
services = yaml.safe_load(open(sys.argv[1]))["services"]
done = []
while len(done) < len(services):
    for name, service in services.items():
        needs = service.get("depends_on") or {}
        needs = {n: {"condition": "service_started"} for n in needs} if isinstance(needs, list) else needs
        if name not in done and all(n in done for n in needs):
            done.append(name)
            print(name, " ".join(f"{n}:{c.get('condition', 'service_started')}" for n, c in needs.items()) or "-")
EOF
)
}

# --- the image --------------------------------------------------------------------------------
log "base images"
if ! output=$(bash "$root/Scripts/deploy/container-standins.sh" "$engine" 2>&1); then
    fail "base images" "$output"
    echo "container-test: FAILED: the base images could not be built ($(( SECONDS - started_at )) s)"
    exit 1
fi
pass "base images" "$(grep -oE 'docker.io/library/[^:]+:[^:]+: (present|built)' <<<"$output" | sed 's|docker.io/library/||' | paste -sd ',' | sed 's/,/, /g') in $((SECONDS - started_at)) s"
# An engine that answers may still be unable to start a container (a runtime, a network tool or
# a kernel feature missing): find out before anything else depends on it.
if ! probe=$("$engine" run --rm -p 127.0.0.1::80 docker.io/library/debian:bookworm-slim true 2>&1); then
    no_engine "$engine cannot start a container: $(grep -v 'systemd connection' <<<"$probe" | tail -n 3)"
fi

log "building $IMAGE (the Swift release build takes several minutes)"
build_args=()
if [[ $engine == podman ]]; then
    # This machine's URL rewrites (git config --system, url.*.insteadOf) and the package mirror
    # they point at, lent to every RUN of the build and committed to no layer. A build-time volume
    # whose mount point is missing leaves that mount point (an empty file or folder) in every
    # stage's layers, so both go where Debian already has a folder: the mirror on /mnt, the
    # rewrites (pointed at /mnt) in a .gitconfig of a temporary folder mounted on root's home.
    # SwiftPM inside then resolves as outside: the same URLs, rewritten by git to the same mirror.
    mkdir -p "$work/build-home"
    mirror=
    while read -r key value; do
        prefix=${key#url.}
        prefix=${prefix%.insteadof}
        [[ -d "$prefix" ]] || continue
        if [[ -n "$mirror" && "${prefix%/}" != "$mirror" ]]; then
            fail "image builds" "git's URL rewrites name two local mirrors ($mirror, ${prefix%/}); this script lends the build one"
            exit 1
        fi
        mirror=${prefix%/}
        git config -f "$work/build-home/.gitconfig" --add "url./mnt/.insteadof" "$value"
    done < <(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null)
    [[ -n "$mirror" ]] && build_args+=(-v "$mirror:/mnt:ro")
    build_args+=(-v "$work/build-home:/root")
fi
build_started=$(date +%s)
if "$engine" build --pull=never "${build_args[@]}" -t "$IMAGE" "$root" >"$work/build.log" 2>&1; then
    pass "image builds" "$IMAGE from the repository's Dockerfile in $(($(date +%s) - build_started)) s"
else
    fail "image builds" "$(tail -n 30 "$work/build.log")"
    echo "container-test: FAILED: the image does not build ($(( SECONDS - started_at )) s)"
    exit 1
fi

check "image runs viperd --version" "$engine" run --rm "$IMAGE" --version

# The compose files' nginx (deploy/nginx): the official image plus openssl and the TLS entrypoint.
if "$engine" build --pull=never -t "$NGINX_IMAGE" "$root/deploy/nginx" >"$work/nginx-build.log" 2>&1; then
    pass "nginx image builds" "$NGINX_IMAGE from deploy/nginx"
else
    fail "nginx image builds" "$(tail -n 20 "$work/nginx-build.log")"
fi

user=$("$engine" run --rm --entrypoint id "$IMAGE" -u 2>&1)
configured=$(state_of "$IMAGE" '{{.Config.User}}')
if [[ "$user" == 10001 && "$configured" == viperd ]]; then
    pass "image runs as non-root" "USER $configured, uid $user"
else
    fail "image runs as non-root" "USER '$configured', uid '$user' (expected viperd, 10001)"
fi

size=$(state_of "$IMAGE" '{{.Size}}')
binary_size=$("$engine" run --rm --entrypoint stat "$IMAGE" -c %s /usr/local/bin/viperd 2>/dev/null || echo 0)
size_line="$((size / 1000000)) MB: viperd $((binary_size / 1000000)) MB + $(( (size - binary_size) / 1000000 )) MB of runtime root (libraries, busybox, CA bundle; no distribution)"
if ((size < 120000000)); then
    pass "image size" "$size_line; under 120 MB"
else
    fail "image size" "$size_line; over the 120 MB limit by $(( (size - 120000000) / 1000000 )) MB"
fi

# The final image: no git configuration, no package mirror, nothing naming either in its config.
"$engine" create --name viperd-container-test-export "$IMAGE" >/dev/null 2>&1
leaks=$("$engine" export viperd-container-test-export | tar -t 2>/dev/null | grep -E '(^|/)\.?gitconfig$|(^|/)opt/swift-packages(/|$)|(^|/)\.git/config$|^(\./)?mnt/.|^(\./)?root/\.(cache|swiftpm)' | head -n 5)
"$engine" rm -f -v viperd-container-test-export >/dev/null 2>&1
config_leaks=$("$engine" image inspect "$IMAGE" | grep -iE 'insteadof|swift-packages|GIT_CONFIG' | head -n 3)
if [[ -z "$leaks$config_leaks" ]]; then
    pass "image holds no git configuration or package mirror" "filesystem and config checked"
else
    fail "image holds no git configuration or package mirror" "found: $leaks $config_leaks"
fi

# Read-only root filesystem, only the data volume writable (podman's --read-only would add
# writable /tmp and /run of its own; Docker's does not, and neither does this run).
readonly_flags=(--read-only)
[[ $engine == podman ]] && readonly_flags+=(--read-only-tmpfs=false)
"$engine" volume rm -f viperd-container-test-readonly >/dev/null 2>&1
if "$engine" run -d --name viperd-container-test-readonly --label viperd-container-test=1 "${readonly_flags[@]}" \
    -v viperd-container-test-readonly:/data -p 127.0.0.1:18080:8080 "$IMAGE" >"$work/readonly.log" 2>&1 \
    && wait_until 60 "the read-only container" curl -fsS --max-time 3 http://127.0.0.1:18080/health/ready \
    && registered=$(curl -sS -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
        -d '{"name":"Read Only","email":"readonly@example.com","password":"container-test-password-1"}' http://127.0.0.1:18080/v1/users) \
    && [[ $registered == 202 ]] \
    && touch_root=$("$engine" exec viperd-container-test-readonly sh -c 'touch /usr/local/bin/x 2>&1 || echo refused') \
    && [[ "$touch_root" == *refused* ]]; then
    pass "image works read-only" "root filesystem read-only (a write there is refused), /data a volume: ready, a registration 202"
else
    fail "image works read-only" "$(cat "$work/readonly.log"; "$engine" logs viperd-container-test-readonly 2>&1 | tail -n 10) registration: ${registered:-none}"
fi
"$engine" rm -f viperd-container-test-readonly >/dev/null 2>&1
"$engine" volume rm -f viperd-container-test-readonly >/dev/null 2>&1

# --- docker-compose.yml: SQLite -----------------------------------------------------------------
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in 443 80; do
    if ! port_free "$port"; then
        fail "port $port" "something already listens on 127.0.0.1:$port ($(ss -ltnp 2>/dev/null | grep ":$port " | head -n 1)); both compose files publish 443 and 80"
        echo "container-test: FAILED ($passes passed, $failures failed, $(( SECONDS - started_at )) s)"
        exit 1
    fi
done
project_down "$SQLITE_PROJECT" docker-compose.yml -v >/dev/null 2>&1
# The journey's FUND_COMMAND: an operator's `viperd import-transactions` run inside a container
# (`fund.sh CONTAINER ACCOUNT`, the feed on standard input).
cat >"$work/fund.sh" <<EOF
"$engine" exec -i "\$1" sh -c 'f=\$(mktemp -p /data .fund.XXXXXX) && cat > "\$f" && viperd import-transactions --account "\$0" "\$f"; s=\$?; rm -f "\$f"; exit \$s' "\$2"
EOF

# The TLS front end of a running project: nginx's certificate (self-signed by its first start) is
# copied out as $CA, which curl and container-test.py verify every https answer against.
ca_from() { rm -f "$CA"; "$engine" cp "$1:/etc/nginx/tls/tls.crt" "$CA" >/dev/null 2>&1 && [[ -s "$CA" ]]; }
# `edge_checks LABEL NGINX VIPERD`: the certificate's first start, TLS verified, the redirect,
# HSTS over TLS only, and /metrics kept off nginx but served by the instance on its loopback.
edge_checks() {
    local label=$1 nginx=$2 viperd=$3 made tls verified redirect hsts plain metrics inside
    made=$("$engine" logs "$nginx" 2>&1 | grep -m1 'SELF-SIGNED' | cut -c1-150)
    if [[ -n "$made" && -s "$CA" ]]; then
        pass "$label: a first start without a certificate makes a self-signed one and logs it" "$made…"
    else
        fail "$label: a first start without a certificate makes a self-signed one and logs it" "log: $("$engine" logs "$nginx" 2>&1 | grep viperd-tls | head -n 3); certificate copied: $([[ -s "$CA" ]] && echo yes || echo no)"
    fi
    tls=$(curl -sSv --max-time 5 --cacert "$CA" -o /dev/null "$URL/health/ready" 2>&1)
    verified=$(grep -oE 'SSL connection using [^ ]+ / [^ ]+' <<<"$tls" | head -n 1)
    if grep -q '< HTTP/1.1 200' <<<"$tls" && [[ -n "$verified" ]]; then
        pass "$label: https verified against the self-signed certificate" "GET $URL/health/ready: 200, ${verified#SSL connection using }"
    else
        fail "$label: https verified against the self-signed certificate" "$(tail -n 5 <<<"$tls")"
    fi
    redirect=$(curl -sS --max-time 5 -o /dev/null -w '%{http_code} %{redirect_url}' "$HTTP_URL/v1/contacts?limit=1" 2>&1)
    if [[ "$redirect" == "301 $URL/v1/contacts?limit=1" ]]; then
        pass "$label: plain HTTP redirects to HTTPS" "GET $HTTP_URL/v1/contacts?limit=1: $redirect"
    else
        fail "$label: plain HTTP redirects to HTTPS" "GET $HTTP_URL/v1/contacts?limit=1: '$redirect' (expected 301 to $URL/v1/contacts?limit=1)"
    fi
    hsts=$(curl -sS --max-time 5 --cacert "$CA" -D - -o /dev/null "$URL/health" 2>&1 | grep -i '^strict-transport-security:' | tr -d '\r')
    plain=$(curl -sS --max-time 5 -D - -o /dev/null "$HTTP_URL/health" 2>&1 | grep -ci '^strict-transport-security:')
    if [[ "$hsts" =~ max-age=[1-9][0-9]{6,} && $plain == 0 ]]; then
        pass "$label: HSTS on answers over TLS only" "$hsts; none on the plain-HTTP redirect"
    else
        fail "$label: HSTS on answers over TLS only" "over TLS: '${hsts:-none}'; fields on plain HTTP: $plain"
    fi
    metrics=$(curl -sS --max-time 5 --cacert "$CA" -o "$work/metrics-through-nginx" -w '%{http_code}' "$URL/metrics" 2>&1)
    inside=$("$engine" exec "$viperd" wget -q -O - http://127.0.0.1:9464/metrics 2>&1 | grep -c '^viperd_build_info')
    if [[ $metrics == 404 ]] && ! grep -q viperd_build_info "$work/metrics-through-nginx" && ((inside > 0)); then
        pass "$label: /metrics is not reachable through nginx" "$URL/metrics: 404 $(head -c 80 "$work/metrics-through-nginx")…; the instance serves it on its loopback listener (127.0.0.1:9464)"
    else
        fail "$label: /metrics is not reachable through nginx" "$URL/metrics: $metrics $(head -c 200 "$work/metrics-through-nginx"); viperd_build_info on the instance's 127.0.0.1:9464: $inside line(s)"
    fi
}

if ! $run_sqlite; then
    log "--postgres-only: docker-compose.yml not run"
else
log "docker-compose.yml"
if project_up "$SQLITE_PROJECT" docker-compose.yml && viperd=$(container_of "$SQLITE_PROJECT" viperd) \
    && nginx=$(container_of "$SQLITE_PROJECT" nginx) \
    && wait_until 90 "viperd healthy" is_healthy "$viperd" && wait_until 90 "nginx healthy" is_healthy "$nginx" \
    && ca_from "$nginx" && ready >/dev/null; then
    pass "sqlite: up becomes healthy" "$viperd and $nginx healthy, $URL/health/ready through nginx: $(ready)"
    edge_checks sqlite "$nginx" "$viperd"
    check "sqlite: journey through nginx over TLS" checker journey "$URL" "$work/sqlite.json" \
        --mail-log "$engine logs $viperd" -- bash "$work/fund.sh" "$viperd" '{account}'

    backup_output=$("$engine" exec "$viperd" viperd backup /data/container-test-backup.sqlite 2>&1) \
        && "$engine" cp "$viperd:/data/container-test-backup.sqlite" "$work/backup.sqlite" >/dev/null 2>&1
    if opened=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity_check failed"
print(db.execute("SELECT count(*) FROM users").fetchone()[0], "user(s)")' "$work/backup.sqlite" 2>&1); then
        pass "sqlite: viperd backup with exec" "a file that opens: integrity_check ok, $opened"
    else
        fail "sqlite: viperd backup with exec" "$backup_output $opened"
    fi

    # The data folder is the viperd user's alone, and so is every file in it: the database, its
    # WAL and shared memory, the backup just made.
    modes=$("$engine" exec "$viperd" sh -c 'stat -c "%a %U %n" /data /data/*' 2>&1)
    if grep -qx '700 viperd /data' <<<"$modes" && grep -qx '600 viperd /data/viperd.sqlite' <<<"$modes" \
        && grep -qx '600 viperd /data/viperd.sqlite-wal' <<<"$modes" && grep -qx '600 viperd /data/container-test-backup.sqlite' <<<"$modes" \
        && ! grep -vqE '^(700 viperd /data|600 viperd /data/.+)$' <<<"$modes"; then
        pass "sqlite: /data 0700, the database, its WAL and the backup 0600" "$(paste -sd ',' <<<"$modes" | sed 's/,/, /g')"
    else
        fail "sqlite: /data 0700, the database, its WAL and the backup 0600" "$modes"
    fi

    # Supervision: the process dies as a trap would end it (SIGKILL from outside, no shutdown);
    # restart: unless-stopped brings it back, and every write it acknowledged is there.
    rm -f "$work/stop"
    checker load "$URL" "$work/sqlite.json" "$work/kill-ledger.json" "$work/stop" --writers 4 >"$work/kill-load.log" 2>&1 &
    load=$!
    sleep 3
    restarts=$(state_of "$viperd" '{{.RestartCount}}')
    pid=$(state_of "$viperd" '{{.State.Pid}}')
    kill -9 "$pid"
    if wait_until 60 "viperd restarted" ready && sleep 3; then back=yes; else back=no; fi
    touch "$work/stop"
    wait "$load"
    after=$(state_of "$viperd" '{{.RestartCount}}')
    if [[ $back == yes ]] && verdict=$(checker verify "$URL" "$work/sqlite.json" "$work/kill-ledger.json" --recovered 2>&1) && ((after > restarts)); then
        pass "sqlite: killed (SIGKILL) under load, restarted by its policy" "restart count $restarts -> $after; $(cat "$work/kill-load.log"); $verdict"
    else
        fail "sqlite: killed (SIGKILL) under load, restarted by its policy" "back: $back, restart count $restarts -> $after; $(cat "$work/kill-load.log"); ${verdict:-}"
    fi

    # SIGTERM (compose stop) during writes: in-flight requests finish, exit 0 before the grace period.
    wait_until 60 "viperd healthy again" is_healthy "$viperd"
    rm -f "$work/stop"
    checker load "$URL" "$work/sqlite.json" "$work/stop-ledger.json" "$work/stop" --writers 4 >"$work/stop-load.log" 2>&1 &
    load=$!
    sleep 2
    stop_started=$SECONDS
    project_compose "$SQLITE_PROJECT" docker-compose.yml stop viperd >>"$work/compose.log" 2>&1
    stop_seconds=$((SECONDS - stop_started))
    touch "$work/stop"
    wait "$load"
    exit_code=$(state_of "$viperd" '{{.State.ExitCode}}')
    stopped_line=$("$engine" logs "$viperd" 2>&1 | grep -c 'viperd stopped')
    if [[ $exit_code == 0 ]] && ((stop_seconds < 15)) && ((stopped_line > 0)); then
        pass "sqlite: SIGTERM drains and exits 0 within the grace period" "exit 0 after $stop_seconds s (grace 15 s); $(cat "$work/stop-load.log")"
    else
        fail "sqlite: SIGTERM drains and exits 0 within the grace period" "exit $exit_code after $stop_seconds s (grace 15 s), 'viperd stopped' logged $stopped_line time(s)"
    fi

    # down and up: the rows live in the volume.
    if project_down "$SQLITE_PROJECT" docker-compose.yml >>"$work/compose.log" 2>&1 && project_up "$SQLITE_PROJECT" docker-compose.yml \
        && viperd=$(container_of "$SQLITE_PROJECT" viperd) && wait_until 90 "viperd healthy" is_healthy "$viperd" \
        && nginx=$(container_of "$SQLITE_PROJECT" nginx) && wait_until 90 "nginx healthy" is_healthy "$nginx" \
        && rows=$(checker rows "$URL" "$work/sqlite.json" 2>&1) \
        && drained=$(checker verify "$URL" "$work/sqlite.json" "$work/stop-ledger.json" 2>&1); then
        pass "sqlite: down and up keep every row" "$rows; the writes during SIGTERM: $drained"
    else
        fail "sqlite: down and up keep every row" "${rows:-} ${drained:-} $(tail -n 10 "$work/compose.log")"
    fi
else
    fail "sqlite: up becomes healthy" "$(tail -n 20 "$work/compose.log"; for c in ${viperd:-} ${nginx:-}; do echo "--- $c"; "$engine" logs "$c" 2>&1 | tail -n 10; done)"
fi
[[ -z "${KEEP_PROJECTS:-}" ]] && project_down "$SQLITE_PROJECT" docker-compose.yml -v >/dev/null 2>&1
fi

# --- docker-compose.postgres.yml: two instances, nginx, PostgreSQL --------------------------------
if ! $run_postgres; then
    log "--sqlite-only: docker-compose.postgres.yml not run (bash Scripts/deploy/container-test.sh runs it)"
else
    log "docker-compose.postgres.yml"
    VIPERD_POSTGRES_PASSWORD=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
    VIPERD_POSTGRES_OWNER_PASSWORD=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
    VIPERD_POSTGRES_APP_PASSWORD=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
    export VIPERD_POSTGRES_PASSWORD VIPERD_POSTGRES_OWNER_PASSWORD VIPERD_POSTGRES_APP_PASSWORD
    project_down "$POSTGRES_PROJECT" docker-compose.postgres.yml -v >/dev/null 2>&1
    postgres_up=false
    one= two= nginx= postgres= migrate=
    if project_up "$POSTGRES_PROJECT" docker-compose.postgres.yml; then
        one=$(container_of "$POSTGRES_PROJECT" viperd-1)
        two=$(container_of "$POSTGRES_PROJECT" viperd-2)
        nginx=$(container_of "$POSTGRES_PROJECT" nginx)
        postgres=$(container_of "$POSTGRES_PROJECT" postgres)
        migrate=$(container_of "$POSTGRES_PROJECT" migrate)
        for container in "$one" "$two" "$nginx"; do wait_until 90 "$container healthy" is_healthy "$container"; done
        # podman's DNS (aardvark-dns) may not answer for a while after a container of the network
        # starts; the journey's operator command opens new connections by name.
        for container in "$one" "$two"; do wait_until 90 "postgres resolving in $container" resolves "$container"; done
        ca_from "$nginx"
        postgres_up=true
    fi
    migrations=$("$engine" logs "$migrate" 2>&1 | grep -c '^applied ')
    migrate_state=$(state_of "$migrate" '{{.State.Status}} {{.State.ExitCode}} {{.RestartCount}}')
    migrate_count=$("$engine" ps -a --filter "label=com.docker.compose.project=$POSTGRES_PROJECT" --filter label=com.docker.compose.service=migrate -q | wc -l)
    if [[ "$migrate_state" == "exited 0 0" && $migrate_count == 1 ]] && ((migrations > 0)); then
        pass "postgres: migrate runs once and finishes" "one container, exit 0, no restart, $migrations migration(s) applied"
    else
        fail "postgres: migrate runs once and finishes" "state '$migrate_state' (status, exit, restarts), $migrate_count container(s), $migrations applied; $("$engine" logs "$migrate" 2>&1 | tail -n 5)"
    fi
    healths="viperd-1 $(health_of "${one:-}"), viperd-2 $(health_of "${two:-}"), nginx $(health_of "${nginx:-}")"
    if $postgres_up && [[ "$healths" == "viperd-1 healthy, viperd-2 healthy, nginx healthy" ]] && ready >/dev/null; then
        pass "postgres: two instances and nginx healthy" "$healths; $URL/health/ready through nginx: $(ready)"
        edge_checks postgres "$nginx" "$one"
        # An operator command on PostgreSQL applies pending migrations first, so it runs as the
        # owner role (docs/DEPLOYMENT.md, "Roles"), not as the instance's viperd_app.
        sed "s|exec -i |exec -i -e VIPERD_DATABASE_URL=postgres://viperd_owner:$VIPERD_POSTGRES_OWNER_PASSWORD@postgres:5432/viperd |" \
            "$work/fund.sh" >"$work/fund-owner.sh"
        check "postgres: journey through nginx over TLS" checker journey "$URL" "$work/postgres.json" \
            --mail-log "$engine logs $one" --mail-log "$engine logs $two" -- bash "$work/fund-owner.sh" "$one" '{account}'

        # Least privilege: the instances' role reads and writes rows and nothing more; the tables
        # are the owner role's (migrate ran as it); the superuser cannot log in over TCP.
        as_role() {  # role password sql: psql over TCP inside the postgres container
            "$engine" exec -e PGPASSWORD="$2" "$postgres" psql -h 127.0.0.1 -U "$1" -d viperd -XAtq -v ON_ERROR_STOP=1 -c "$3" 2>&1
        }
        rows_read=$(as_role viperd_app "$VIPERD_POSTGRES_APP_PASSWORD" "SELECT rolsuper::text || ' ' || (SELECT count(*) FROM users) FROM pg_roles WHERE rolname = current_user")
        created=$(as_role viperd_app "$VIPERD_POSTGRES_APP_PASSWORD" "CREATE TABLE container_test_probe (i int)" | head -n 1)
        dropped=$(as_role viperd_app "$VIPERD_POSTGRES_APP_PASSWORD" "DROP TABLE users" | head -n 1)
        owners=$(as_role viperd_app "$VIPERD_POSTGRES_APP_PASSWORD" "SELECT string_agg(DISTINCT tableowner, ',') FROM pg_tables WHERE schemaname = 'public'")
        superuser=$(as_role postgres "$VIPERD_POSTGRES_PASSWORD" "SELECT 1")
        if [[ "$rows_read" =~ ^false\ [1-9] && "$created" == *"permission denied for schema public"* && "$dropped" == *"must be owner of table users"* \
            && "$owners" == viperd_owner && "$superuser" == *"rejects connection"* ]]; then
            pass "postgres: the instances' role may only read and write rows" "viperd_app: not superuser, reads users ($rows_read); CREATE TABLE: ${created#*ERROR:  }; DROP TABLE users: ${dropped#*ERROR:  }; tables owned by $owners; the superuser over TCP: refused"
        else
            fail "postgres: the instances' role may only read and write rows" "select: '$rows_read'; create: '$created'; drop: '$dropped'; owners: '$owners'; superuser over TCP: '$superuser'"
        fi

        # One instance stopped (SIGTERM, drained) under writes through nginx.
        rm -f "$work/stop"
        checker load "$URL" "$work/postgres.json" "$work/instance-ledger.json" "$work/stop" --writers 4 >"$work/instance-load.log" 2>&1 &
        load=$!
        sleep 3
        project_compose "$POSTGRES_PROJECT" docker-compose.postgres.yml stop viperd-1 >>"$work/compose.log" 2>&1
        sleep 5
        touch "$work/stop"
        wait "$load"
        if verdict=$(checker verify "$URL" "$work/postgres.json" "$work/instance-ledger.json" --recovered 2>&1); then
            pass "postgres: one instance stopped under load loses no acknowledged write" "$(cat "$work/instance-load.log"); $verdict"
        else
            fail "postgres: one instance stopped under load loses no acknowledged write" "$(cat "$work/instance-load.log"); $verdict"
        fi
        project_compose "$POSTGRES_PROJECT" docker-compose.postgres.yml start viperd-1 >>"$work/compose.log" 2>&1
        wait_until 90 "viperd-1 healthy again" is_healthy "$one"

        # PostgreSQL restarted under writes: only requests in flight during the restart may fail.
        rm -f "$work/stop"
        checker load "$URL" "$work/postgres.json" "$work/postgres-ledger.json" "$work/stop" --writers 4 >"$work/postgres-load.log" 2>&1 &
        load=$!
        sleep 3
        project_compose "$POSTGRES_PROJECT" docker-compose.postgres.yml restart postgres >>"$work/compose.log" 2>&1
        wait_until 60 "PostgreSQL accepting connections" "$engine" exec "$postgres" pg_isready -U viperd_app -d viperd -h 127.0.0.1
        accepting=$SECONDS
        # The restart ends when the instances can reach PostgreSQL again: it accepts connections,
        # and its name resolves. podman's aardvark-dns 1.4 gives no answer for up to about 30 s
        # after a container of the network restarts (docs/DEPLOYMENT.md, "The proof"); requests
        # that need a new connection meanwhile wait for it, and are counted as in flight.
        for container in "$one" "$two"; do wait_until 90 "postgres resolving in $container" resolves "$container"; done
        resolving=$((SECONDS - accepting))
        back=$(date +%s.%N)
        sleep 6
        touch "$work/stop"
        wait "$load"
        if verdict=$(checker verify "$URL" "$work/postgres.json" "$work/postgres-ledger.json" --recovered --clean-after "$back" 2>&1); then
            pass "postgres: a PostgreSQL restart costs at most the requests in flight" "$(cat "$work/postgres-load.log"); $verdict; its name resolved again $resolving s after it accepted connections"
        else
            fail "postgres: a PostgreSQL restart costs at most the requests in flight" "$(cat "$work/postgres-load.log"); $verdict"
        fi
    else
        fail "postgres: two instances and nginx healthy" "$healths; $(tail -n 20 "$work/compose.log")
$(for c in ${one:-} ${two:-} ${nginx:-}; do echo "--- $c"; "$engine" logs "$c" 2>&1 | tail -n 8; done)"
    fi
    [[ -z "${KEEP_PROJECTS:-}" ]] && project_down "$POSTGRES_PROJECT" docker-compose.postgres.yml -v >/dev/null 2>&1
fi

total=$((SECONDS - started_at))
if ((failures == 0)); then
    echo "container-test: OK: $passes checks passed in $total s ($engine)"
else
    echo "container-test: FAILED: $failures of $((passes + failures)) checks failed in $total s ($engine)"
    exit 1
fi
