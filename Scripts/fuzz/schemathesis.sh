#!/usr/bin/env bash
# Schema fuzzing: starts viperd on a free port with a fresh database and runs Schemathesis against
# it with every check. Fails when Schemathesis reports a failure, or when the server crashed or did
# not exit cleanly on SIGTERM.
#
#   bash Scripts/fuzz/schemathesis.sh [extra schemathesis run options...]
#
# Environment:
#   VIPERD_BIN       server binary (default .build/debug/viperd; build it first)
#   VENV             virtualenv holding Schemathesis (default .venv-schemathesis; created if missing)
#   OPENAPI_SCHEMA   unset: test against the document the server serves at /openapi.json;
#                    a file path: test the server against that document instead (for example
#                    Sources/Web/OpenAPI/openapi.json before the binary embedding it is rebuilt)
#   MAX_EXAMPLES     test cases per operation and phase (default 50)
#   SEED             random seed (default 20261122), so a run can be repeated
# Relative paths given in the environment are taken from the current directory; the defaults
# from the repository root.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
# Schemathesis also creates far more accounts, contacts and drafts than one user may hold, and its
# positive-data check (ST202) reads the quota's 422 `quota_exceeded` as schema-valid data refused:
# the quotas are proved by the suite (StorageQuotaEndpointTests), so this server runs without them.
export VIPERD_MAX_CONTACTS_PER_USER=0 VIPERD_MAX_ACCOUNTS_PER_USER=0 VIPERD_MAX_OPEN_DRAFTS_PER_USER=0

absolute() { if [[ -n "$1" && "$1" != /* ]]; then echo "$PWD/$1"; else echo "$1"; fi; }
VENV=$(absolute "${VENV:-}")
VIPERD_BIN=$(absolute "${VIPERD_BIN:-}")
OPENAPI_SCHEMA=$(absolute "${OPENAPI_SCHEMA:-}")
cd "$(dirname "$0")/../.."

SCHEMATHESIS_VERSION=4.32.5
VENV=${VENV:-.venv-schemathesis}
VIPERD_BIN=${VIPERD_BIN:-.build/debug/viperd}
MAX_EXAMPLES=${MAX_EXAMPLES:-50}
SEED=${SEED:-20261122}

log() { echo "schemathesis.sh: $*" >&2; }

# --- Schemathesis, pinned, in its own virtualenv --------------------------------------------
if [[ "$("$VENV/bin/schemathesis" --version 2>/dev/null || true)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]]; then
    log "installing schemathesis==$SCHEMATHESIS_VERSION into $VENV"
    [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

if [[ ! -x "$VIPERD_BIN" ]]; then
    log "no server binary at $VIPERD_BIN (run swift build first, or set VIPERD_BIN)"
    exit 1
fi
if [[ -n "$OPENAPI_SCHEMA" && ! -f "$OPENAPI_SCHEMA" ]]; then
    log "OPENAPI_SCHEMA=$OPENAPI_SCHEMA is not a file"
    exit 1
fi

# --- the server, on a free port with a database of its own ----------------------------------
source Scripts/lib/viperd-server.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-schemathesis.XXXXXX")
cleanup() {
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT
# Access tokens of an hour: the last pass below uses a session opened before the main run.
start_viperd "$VIPERD_BIN" "$work" --access-token-minutes 60 || exit 1
log "server $server_pid listening on $base"

# --- a user to act as ------------------------------------------------------------------------
# /v1 routes other than registration, login and password resets need `Authorization: Bearer`:
# register one user in the fresh database (202, nothing handed back), sign in for its token
# (Scripts/lib/viperd_accounts.py) and send it with every request (Schemathesis's auth checks take
# it away or spoil it to see 401). It stays unverified, so verifying is fuzzed against a live code
# (a verified user's answers are 200 and 409 whatever the code). Logging out with that token would
# revoke it for the rest of the run, so Scripts/fuzz/schemathesis.toml keeps the `logout` operation out
# of it.
token=$(python3 Scripts/lib/viperd_accounts.py register --base "$base" --name Schemathesis \
    --email schemathesis@example.com --password schemathesis-password) || exit 1
auth=(--header "Authorization: Bearer $token")
# A second session for the last pass, opened now: after the main run the fuzzer's wrong
# passwords have the login limits refusing this client for a while.
last_token=$(python3 Scripts/lib/viperd_accounts.py login --base "$base" \
    --email schemathesis@example.com --password schemathesis-password) || exit 1
log "fuzzing as a registered, signed-in user"

# --- the run --------------------------------------------------------------------------------
if [[ -n "$OPENAPI_SCHEMA" ]]; then
    location=("$OPENAPI_SCHEMA" --url "$base")
else
    location=("$base/openapi.json")
fi

status=0
"$VENV/bin/schemathesis" --config-file Scripts/fuzz/schemathesis.toml run "${location[@]}" \
    --checks all \
    --max-examples "$MAX_EXAMPLES" \
    --seed "$SEED" \
    --generation-database none \
    --workers 1 \
    --request-timeout 10 \
    --no-color \
    ${auth[@]+"${auth[@]}"} \
    "$@" || status=$?

# Writes Scripts/fuzz/schemathesis.toml without the block that disables operation $1 into file $2.
without_block() {
    python3 - Scripts/fuzz/schemathesis.toml "$2" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = re.compile(r'\[\[operations\]\]\ninclude-operation-id = "' + re.escape(sys.argv[3]) + r'"\n(?:#[^\n]*\n)*enabled = false\n')
if not block.search(text):
    sys.exit(f"schemathesis.sh: the {sys.argv[3]} block of schemathesis.toml was not found")
open(sys.argv[2], "w").write(block.sub("", text))
PY
}

# --- the event stream, without a token -------------------------------------------------------
# `GET /v1/events` with a valid token opens a stream that never ends, so the main run leaves it
# out (schemathesis.toml) and it is fuzzed here with no Authorization: every case gets an
# immediate answer (401, or 400 for a bad event id), which every check still judges.
if [[ $status -eq 0 ]]; then
    streamless=$(mktemp "${TMPDIR:-/tmp}/viperd-schemathesis-XXXXXX.toml")
    without_block streamEvents "$streamless" || status=1
    if [[ $status -eq 0 ]]; then
        log "fuzzing the event stream without a token (answers only, no stream opens)"
        "$VENV/bin/schemathesis" --config-file "$streamless" run "${location[@]}" \
            --include-operation-id streamEvents \
            --phases examples,coverage,fuzzing \
            --checks all \
            --max-examples "$MAX_EXAMPLES" \
            --seed "$SEED" \
            --generation-database none \
            --workers 1 \
            --request-timeout 10 \
            --no-color || status=$?
    fi
    rm -f "$streamless"
fi

# --- signing out everywhere, last --------------------------------------------------------------
# `DELETE /v1/sessions` revokes every session of the run's user, its own token included, so the
# main run leaves it out (schemathesis.toml) and it is fuzzed here, after everything else, with a
# session of its own: its first call signs out (204) and the rest must be 401 with a problem
# document.
if [[ $status -eq 0 ]]; then
    everywhere=$(mktemp "${TMPDIR:-/tmp}/viperd-schemathesis-XXXXXX.toml")
    # The same configuration without the block that disables the operation.
    without_block logoutEverywhere "$everywhere"
    log "fuzzing sign-out-everywhere with a session of its own"
    "$VENV/bin/schemathesis" --config-file "$everywhere" run "${location[@]}" \
        --include-operation-id logoutEverywhere \
        --phases examples,coverage,fuzzing \
        --checks all \
        --max-examples 20 \
        --seed "$SEED" \
        --generation-database none \
        --workers 1 \
        --request-timeout 10 \
        --no-color \
        --header "Authorization: Bearer $last_token" || status=$?
    rm -f "$everywhere"
fi

# --- stop the server; a crash or an unclean exit fails the run ------------------------------
stop_viperd
if [[ $server_status -ne 0 ]]; then
    log "the end of the server's log:"
    tail -n 50 "$work/server.log" >&2
fi

if [[ $status -ne 0 ]]; then
    log "schemathesis failed (exit status $status)"
    exit "$status"
fi
if [[ $server_status -ne 0 ]]; then
    exit "$server_status"
fi
log "passed"
