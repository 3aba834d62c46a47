#!/usr/bin/env bash
# Regenerates both clients from Sources/Web/OpenAPI/openapi.json, so that a document a generator
# cannot type fails the build rather than a user's first try:
#   - Python: openapi-python-client (pinned, in .venv-openapi-python-client) with
#     --fail-on-warning, into a scratch folder; the generated package must then import.
#   - Swift: Clients/Swift built with swift-openapi-generator's plugin (its first build compiles
#     the generator: a few minutes); a warning in Clients/ (generated code included) fails it.
#
#   bash Scripts/clients/generated-clients.sh [python|swift|all]     (default all; .ci/run runs all)
#
# Environment: VENV (default .venv-openapi-python-client; created if missing); KEEP_PYTHON_CLIENT, a
# folder the generated `viperd_client` package is copied into (python-client-journey.sh runs it).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

GENERATOR_VERSION=0.29.1
VENV=${VENV:-.venv-openapi-python-client}
[[ $VENV == /* ]] || VENV=$root/$VENV
which=${1:-all}
spec=Sources/Web/OpenAPI/openapi.json

log() { echo "generated-clients.sh: $*" >&2; }

python_client() {
    if [[ "$("$VENV/bin/openapi-python-client" --version 2>/dev/null || true)" != *" version: $GENERATOR_VERSION" ]]; then
        log "installing openapi-python-client==$GENERATOR_VERSION into $VENV"
        [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "openapi-python-client==$GENERATOR_VERSION"
    fi
    local scratch
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/viperd-python-client.XXXXXX")
    # No post hooks: the default ones format with ruff, which is not a project dependency.
    printf 'post_hooks: []\nproject_name_override: viperd-client\npackage_name_override: viperd_client\n' > "$scratch/config.yaml"
    if ! "$VENV/bin/openapi-python-client" generate --path "$spec" --config "$scratch/config.yaml" \
        --meta none --output-path "$scratch/viperd_client" --fail-on-warning; then
        rm -rf "$scratch"
        log "openapi-python-client cannot type $spec (see its warnings above)"
        return 1
    fi
    # Numbered names (`…Type0`) mean a schema a generator had to name itself: give it a title.
    local numbered
    numbered=$(cd "$scratch/viperd_client/models" && ls | grep -E '_type_[0-9]+(_|\.py$)' || true)
    if [[ -n "$numbered" ]]; then
        rm -rf "$scratch"
        log "models the generator had to number (give the schema a title or a name):"$'\n'"$numbered"
        return 1
    fi
    # The generator's own dependencies (httpx, attrs, python-dateutil) are what the client needs.
    if ! (cd "$scratch" && "$VENV/bin/python" -c 'import viperd_client, viperd_client.api, viperd_client.models'); then
        rm -rf "$scratch"
        log "the generated Python client does not import"
        return 1
    fi
    if [[ -n "${KEEP_PYTHON_CLIENT:-}" ]]; then
        mkdir -p "$KEEP_PYTHON_CLIENT" && cp -R "$scratch/viperd_client" "$KEEP_PYTHON_CLIENT/"
    fi
    rm -rf "$scratch"
    log "python client: generated and imported"
}

swift_client() {
    local output status=0
    output=$(mktemp)
    swift build --package-path Clients/Swift --build-tests 2>&1 | tee "$output" || status=$?
    if [[ $status -ne 0 ]]; then
        rm -f "$output"
        log "the Swift client package does not build"
        return 1
    fi
    if ! bash Scripts/ci/no-warnings.sh "$output"; then
        rm -f "$output"
        return 1
    fi
    rm -f "$output"
    log "swift client: generated and built without warnings"
}

case $which in
    python) python_client ;;
    swift) swift_client ;;
    all) python_client && swift_client ;;
    *) log "unknown argument '$which' (python, swift or all)"; exit 2 ;;
esac
