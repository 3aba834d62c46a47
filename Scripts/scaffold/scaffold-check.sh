#!/usr/bin/env bash
# Proves the scaffold: three scenes of the three shapes it writes (a read, a create with a body, a
# delete with no content) are generated, must build with no warning, and their generated tests
# must pass (each asserts the scene's 501 until its UseCase is written). Also: a second run
# refuses and writes nothing, and --dry-run writes nothing.
#
#   bash Scripts/scaffold/scaffold-check.sh              # into a fresh clone; the repository is never touched
#   bash Scripts/scaffold/scaffold-check.sh --in-place   # into this tree, restored after (CI)
#
# --in-place generates into this working tree and builds it incrementally beside the build
# `swift test` left (about 3 minutes, against 6 to 7 for the clone's clean build, most of it
# swift-crypto's C), then puts every file back: tracked ones with `git checkout`, the generated
# ones deleted. It refuses a tree with uncommitted changes (they could not be told from the
# scaffold's), and leaves .build holding the scenes, so CI runs it after every step that uses the
# debug binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
in_place=false
case "${1:-}" in
    "") ;;
    --in-place) in_place=true ;;
    *) echo "usage: bash Scripts/scaffold/scaffold-check.sh [--in-place]" >&2; exit 2 ;;
esac
work="$(mktemp -d)"
if $in_place; then
    cd "$root"
    if [ -n "$(git status --porcelain -- Sources Tests)" ]; then
        echo "scaffold-check: --in-place needs Sources/ and Tests/ as committed (commit or stash the changes first)" >&2
        exit 1
    fi
    # Sources/ and Tests/ back as committed, whatever stopped the run.
    trap 'git checkout -q -- Sources Tests; git clean -fdq -- Sources Tests; rm -rf "$work"' EXIT
else
    trap 'rm -rf "$work"' EXIT
    copy="$work/repo"
    git clone -q --no-hardlinks "$root" "$copy"
    # A clone holds what is committed; a check run from a working tree also sees its changes.
    (cd "$root" && git diff HEAD --binary) | (cd "$copy" && git apply --allow-empty --whitespace=nowarn)
    (cd "$root" && git ls-files --others --exclude-standard -z) | (cd "$root" && xargs -0 -r cp --parents -t "$copy")
    cd "$copy"
fi
scaffold() { python3 Scripts/scaffold/new-scene.py "$@"; }

read_scene=(--feature Products --scene ProductAvailabilityShow --case availability --method GET --path '/v1/products/{id}/availability'
    --view-model ProductViewModel --view-model-init 'ProductViewModel($0, language: messages.language)'
    --manager products:ProductManager --id-type ProductID)

before="$(git status --porcelain)"
scaffold "${read_scene[@]}" --dry-run > "$work/dry-run.txt"
grep -q "would write:" "$work/dry-run.txt"
if [ "$(git status --porcelain)" != "$before" ]; then echo "scaffold-check: --dry-run wrote files" >&2; exit 1; fi

scaffold "${read_scene[@]}"
scaffold --feature Contacts --scene ContactMerge --case merge --method POST --path '/v1/contacts/{id}/merge' \
    --view-model ContactViewModel --view-model-init 'ContactViewModel($0, language: messages.language)' --manager contacts:ContactManager --id-type ContactID
scaffold --feature Orders --scene OrderArchive --case archive --method DELETE --path '/v1/orders/{id}/archive' \
    --manager orders:OrderManager --id-type OrderID

after="$(git status --porcelain)"
if scaffold "${read_scene[@]}" 2> "$work/refusal.txt"; then echo "scaffold-check: a second run did not refuse" >&2; exit 1; fi
grep -q "refused, nothing written" "$work/refusal.txt"
if [ "$(git status --porcelain)" != "$after" ]; then echo "scaffold-check: a refused run wrote files" >&2; exit 1; fi

if ! swift build --build-tests > "$work/build.log" 2>&1; then
    grep -E "error:" "$work/build.log" | sort -u >&2 || tail -20 "$work/build.log" >&2
    echo "scaffold-check: the generated scenes do not build" >&2; exit 1
fi
if grep -q "warning:" "$work/build.log"; then
    grep "warning:" "$work/build.log" | sort -u >&2
    echo "scaffold-check: the generated scenes build with warnings" >&2; exit 1
fi
swift test --skip-build --filter 'ProductAvailabilityShowEndpointTests|ContactMergeEndpointTests|OrderArchiveEndpointTests' 2>&1 | tee "$work/test.log" | tail -3
grep -q "Test run with 6 tests in 3 suites passed" "$work/test.log"
echo "scaffold-check: 3 scenes generated, built without warnings, 6 generated tests passed"
