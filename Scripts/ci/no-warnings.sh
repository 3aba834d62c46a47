#!/usr/bin/env bash
# Fails when a build log holds a compiler warning about our own code: Sources/, Tests/ or
# Clients/ (code generated into Clients/Swift's build folder included; dependencies' checkouts
# are not ours). Each unique warning is printed once.
#
#   bash Scripts/ci/no-warnings.sh BUILD-LOG...
#
# A warning only appears when its file is compiled, so the log must come from a clean build
# (CI's fresh clone) for the check to cover everything.
#
# One known exception, while the compiler is older than Swift 6.4: swift-openapi-generator
# writes the same `public import`s into every generated file, and Swift warns about each one a
# file does not use. The generator marks them `@diagnose(UnusedImportAccess, as: ignored)`,
# which only Swift 6.4 understands; `accessModifier: internal` would silence them too, but would
# leave the ViperdClient library with no public API for apps. So, before 6.4 only, exactly that
# warning in exactly the generator's output is not counted.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"

ours=$(grep -hE "^$root/(Sources|Tests|Clients)/[^ ]*:[0-9]+:[0-9]+: warning:" "$@" | grep -v '/\.build/checkouts/' | sort -u || true)
version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -n 1)
read -r major minor <<< "${version:-0 0}"
if ((major < 6 || (major == 6 && minor < 4))); then
    ours=$(grep -vE "/Clients/Swift/\.build/plugins/outputs/.*/OpenAPIGenerator/GeneratedSources/[^ ]*: warning: public import of '[A-Za-z]+' was not used in public declarations or inlinable code$" <<< "$ours" || true)
fi
if [[ -n "$ours" ]]; then
    echo "$ours" >&2
    echo "no-warnings.sh: $(wc -l <<< "$ours") unique warning(s) in Sources/, Tests/ or Clients/" >&2
    exit 1
fi
