#!/usr/bin/env bash
# Proves the scaffold on a copy of the repository: three scenes of the three shapes it writes (a
# read, a create with a body, a delete with no content) are generated into a fresh clone, which
# must build with no warning and whose generated tests must pass (each asserts the scene's 501
# until its UseCase is written). Also: a second run refuses and writes nothing, and --dry-run
# writes nothing. The repository itself is never touched.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
copy="$work/repo"
git clone -q --no-hardlinks "$root" "$copy"
# A clone holds what is committed; a check run from a working tree also sees its changes.
(cd "$root" && git diff HEAD --binary) | (cd "$copy" && git apply --allow-empty --whitespace=nowarn)
(cd "$root" && git ls-files --others --exclude-standard -z) | (cd "$root" && xargs -0 -r cp --parents -t "$copy")
cd "$copy"
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
