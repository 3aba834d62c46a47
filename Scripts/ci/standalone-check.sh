#!/usr/bin/env bash
# Proves the repository stands alone: a copy of the tracked files, in a temporary folder with
# nothing beside it, loads as a package and finds its own docs and test data.
#
# Usage: bash Scripts/ci/standalone-check.sh      (from anywhere; .ci/run runs it before the tests)
#
# Cheap on purpose (no second build): a test that read ../shared, or a README link out of the
# repository, shows up as a reference to ../shared in a tracked file, which the grep catches; the
# package loading and the compose validation then run in the copy, where ../shared does not exist.
# Exit status: 0 standalone; 1 a check failed (each failure printed).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

failures=0
fail() {
    echo "standalone-check: $*" >&2
    failures=$((failures + 1))
}

# 1. No tracked file refers to ../shared, except the benchmark scripts (the harness and the peer
#    servers are deliberately not part of the repository, and no test runs them).
if hits=$(git ls-files -z | grep -zv -e '^Scripts/bench' -e '^Scripts/ci/standalone-check.sh$' | xargs -0 grep -n -F '../shared' -- 2>/dev/null); then
    fail "tracked files refer to ../shared:"$'\n'"$hits"
fi

# 2. The tracked files alone, copied where nothing sits beside them. Uncommitted edits of
#    tracked files are included, so the check runs before a commit too.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
copy="$scratch/viperd"
mkdir "$copy"
git ls-files -z | while IFS= read -r -d '' file; do
    [[ -e "$file" ]] || continue # deleted in the work tree, not yet committed
    mkdir -p "$copy/$(dirname "$file")"
    cp -p "$file" "$copy/$file"
done

for required in docs/API.md Tests/Conformance/compose-spec.json Tests/Conformance/compose-spec.LICENSE \
    Tests/Conformance/llhttp-request-vectors/LICENSE Tests/Conformance/llhttp-request-vectors/sample.md; do
    [[ -f "$copy/$required" ]] || fail "$required is not tracked"
done

# Every relative Markdown link of the README resolves inside the copy.
while IFS= read -r target; do
    target=${target%%#*}
    [[ -z "$target" || "$target" == *://* || "$target" == mailto:* ]] && continue
    [[ -e "$copy/$target" ]] || fail "README.md links to $target, which is not in the repository"
done < <(grep -o '\](\([^)]*\))' README.md | sed 's/^](\(.*\))$/\1/' | sort -u)

# 3. The package loads in the copy (manifest, targets, custom paths, resources), without building.
if ! describe=$(cd "$copy" && swift package --scratch-path "$scratch/build" describe --type json 2>&1); then
    fail "swift package describe fails in a standalone copy:"$'\n'"$describe"
elif ! grep -q '"viperd"' <<<"$describe"; then
    fail "swift package describe in the copy does not name the viperd product"
fi

# 4. The compose validator finds its vendored schema in the copy.
if ! output=$(python3 "$copy/Scripts/deploy/validate-compose.py" 2>&1); then
    fail "Scripts/deploy/validate-compose.py fails in the copy:"$'\n'"$output"
fi

if ((failures > 0)); then
    echo "standalone-check: $failures check(s) failed" >&2
    exit 1
fi
echo "standalone-check: a copy of the tracked files loads and finds its docs and test data on its own"
