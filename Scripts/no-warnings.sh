#!/usr/bin/env bash
# Fails when a build log holds a compiler warning about our own code: Sources/, Tests/ or
# Clients/ (code generated into Clients/Swift's build folder included; dependencies' checkouts
# are not ours). Each unique warning is printed once.
#
#   bash Scripts/no-warnings.sh BUILD-LOG...
#
# A warning only appears when its file is compiled, so the log must come from a clean build
# (CI's fresh clone) for the check to cover everything.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

ours=$(grep -hE "^$root/(Sources|Tests|Clients)/[^ ]*:[0-9]+:[0-9]+: warning:" "$@" | grep -v '/\.build/checkouts/' | sort -u || true)
if [[ -n "$ours" ]]; then
    echo "$ours" >&2
    echo "no-warnings.sh: $(wc -l <<< "$ours") unique warning(s) in Sources/, Tests/ or Clients/" >&2
    exit 1
fi
