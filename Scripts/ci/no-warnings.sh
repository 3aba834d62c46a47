#!/usr/bin/env bash
# Fails when a build log holds a compiler warning about our own code: Sources/, Tests/ or
# Clients/ (code generated into Clients/Swift's build folder included; dependencies' checkouts
# are not ours). Each unique warning is printed once.
#
#   bash Scripts/ci/no-warnings.sh BUILD-LOG...
#   bash Scripts/ci/no-warnings.sh --self-test    (.ci/run, before the real check: the check must
#                                                 fail on a warning swiftc really wrote, and pass a
#                                                 clean log, or its pass proves nothing)
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
# NO_WARNINGS_ROOT: the self-test's planted tree stands in for the repository.
root=${NO_WARNINGS_ROOT:-"$(cd "$(dirname "$0")/../.." && pwd)"}

if [[ ${1:-} == --self-test ]]; then
    plant=$(mktemp -d "${TMPDIR:-/tmp}/viperd-no-warnings.XXXXXX")
    trap 'rm -rf "$plant"' EXIT
    mkdir -p "$plant/Sources/Planted" "$plant/.build/checkouts/dependency/Sources"
    # An unused variable: a warning in every Swift version, written in the compiler's own format.
    printf 'func planted() {\n    var unused = 0\n}\n' >"$plant/Sources/Planted/Planted.swift"
    cp "$plant/Sources/Planted/Planted.swift" "$plant/.build/checkouts/dependency/Sources/Theirs.swift"
    printf 'func clean() -> Int {\n    1\n}\n' >"$plant/Sources/Planted/Clean.swift"
    swiftc -typecheck "$plant/Sources/Planted/Planted.swift" >"$plant/ours.log" 2>&1 || true
    swiftc -typecheck "$plant/.build/checkouts/dependency/Sources/Theirs.swift" >"$plant/theirs.log" 2>&1 || true
    swiftc -typecheck "$plant/Sources/Planted/Clean.swift" >"$plant/clean.log" 2>&1 || true
    grep -q 'warning:' "$plant/ours.log" || { echo "no-warnings.sh: self-test: swiftc wrote no warning for the planted file" >&2; exit 1; }
    failed=0
    if NO_WARNINGS_ROOT=$plant bash "$0" "$plant/ours.log" 2>/dev/null; then
        echo "no-warnings.sh: self-test: a planted warning in Sources/ PASSED the check" >&2
        failed=1
    fi
    if ! NO_WARNINGS_ROOT=$plant bash "$0" "$plant/theirs.log" "$plant/clean.log"; then
        echo "no-warnings.sh: self-test: a dependency's warning or a clean log FAILED the check" >&2
        failed=1
    fi
    ((failed == 0)) && echo "no-warnings.sh: self-test: a planted warning fails the check, a clean log passes" >&2
    exit $failed
fi

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
