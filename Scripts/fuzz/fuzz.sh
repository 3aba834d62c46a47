#!/usr/bin/env bash
# libFuzzer over the HTTP parser and over JSON body decoding + the Presenters' input conversion.
#
#   bash Scripts/fuzz/fuzz.sh [minutes] [target]     minutes: per target (default 1; fractions allowed)
#                                               target: http-parser, json-input or all (default)
#   bash Scripts/fuzz/fuzz.sh check                  exits 0 when this toolchain links -sanitize=fuzzer
#                                               (CI runs its smoke only then)
#
# The targets are compiled with swiftc directly, with -sanitize=fuzzer,address, from the package's
# own sources (Sources/HTTPServer, Sources/Domain, Sources/Presentation and swift-log's checkout),
# so `swift build` and `swift test` never see them. Each harness (Scripts/fuzz/*Fuzz.swift) is
# compiled into one module with the sources it fuzzes, which lets it reach internal types.
# Output goes to .build-fuzz/: the binaries, the seed corpus (regenerated from the tests by
# Scripts/fuzz/seeds.py), the corpus each run grows, and any finding under findings/.
# Exits 1 when a target crashes, reports a sanitizer error or breaks an invariant; the input is
# in .build-fuzz/findings/ — turn it into a regression test.
#
# Environment: FUZZ_OUT (default .build-fuzz), FUZZ_JOBS (parallel fuzzing processes, default 1).
set -euo pipefail
cd "$(dirname "$0")/../.."

# A one-line libFuzzer target: does swiftc here link -sanitize=fuzzer,address at all?
fuzzer_supported() {
    local probe
    probe=$(mktemp -d "${TMPDIR:-/tmp}/viperd-fuzz-check.XXXXXX")
    cat >"$probe/probe.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }
SWIFT
    local status=0
    swiftc -sanitize=fuzzer,address -parse-as-library "$probe/probe.swift" -o "$probe/probe" >"$probe/log" 2>&1 \
        && "$probe/probe" -runs=1 >>"$probe/log" 2>&1 || status=1
    ((status == 0)) || { echo "fuzz.sh: this toolchain cannot build libFuzzer targets:" >&2; tail -n 5 "$probe/log" >&2; }
    rm -rf "$probe"
    return $status
}
if [[ "${1:-}" == check ]]; then
    fuzzer_supported
    exit $?
fi

MINUTES=${1:-1}
TARGET=${2:-all}
OUT=${FUZZ_OUT:-.build-fuzz}
JOBS=${FUZZ_JOBS:-1}
log() { echo "fuzz.sh: $*" >&2; }

case "$TARGET" in
    http-parser) targets=(http-parser) ;;
    json-input) targets=(json-input) ;;
    values) targets=(values) ;;
    all) targets=(http-parser json-input values) ;;
    *) log "unknown target '$TARGET' (http-parser, json-input, values or all)"; exit 2 ;;
esac
seconds=$(python3 -c "import sys; print(max(1, int(float(sys.argv[1]) * 60)))" "$MINUTES")

LOG_SOURCES=.build/checkouts/swift-log/Sources/Logging
if [[ ! -d "$LOG_SOURCES" ]]; then
    log "resolving packages for swift-log's sources"
    swift package resolve >/dev/null
fi

mkdir -p "$OUT/lib" "$OUT/obj" "$OUT/findings"
# Whole-module: one frontend per module, its code generated on every core. Per-file frontends
# each parsed the whole module again: 182 s for Domain and the values target against 78 s.
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -wmo -num-threads "$(nproc)" -g -suppress-warnings -I "$OUT/lib" -L "$OUT/lib")
# The package's own modules build as the package does (Swift 6 and its upcoming features).
OWN=(-swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility)

# A module as a static library from the sources under `folder`, rebuilt only when one of them is
# newer; the remaining arguments are compiler flags.
library() {
    local name=$1 folder=$2; shift 2
    local archive="$OUT/lib/lib$name.a"
    if [[ -f "$archive" ]] && [[ -z "$(find "$folder" -newer "$archive" -print -quit)" ]]; then return; fi
    log "compiling $name"
    swiftc "${FLAGS[@]}" "$@" -emit-library -static -module-name "$name" \
        -emit-module -emit-module-path "$OUT/lib/$name.swiftmodule" -o "$archive" $(find "$folder" -name '*.swift' | sort)
}

# The fuzz executable: its harness and the sources under test in one module.
executable() {
    local name=$1 harness=$2 sources=$3; shift 3
    local binary="$OUT/fuzz-$name"
    if [[ -x "$binary" ]] && [[ -z "$(find "$harness" "$sources" "$SHARED" "$OUT/lib" -newer "$binary" -print -quit)" ]]; then return; fi
    log "compiling fuzz-$name"
    # Whole-module with -g also writes the module (for the debugger), by default into the working
    # directory: into $OUT/obj instead.
    swiftc "${FLAGS[@]}" "${OWN[@]}" -module-name "Fuzz${name//-/}" "$@" -emit-executable -emit-module-path "$OUT/obj/Fuzz${name//-/}.swiftmodule" \
        -o "$binary" "$harness" $(find "$sources" -name '*.swift' | sort)
}

# The checks of the JSON and value targets, shared with the suite's replay of their findings.
SHARED=Tests/PresentationTests/Fuzzing
started=$(date +%s)
for target in "${targets[@]}"; do
    case "$target" in
        http-parser)
            library Logging "$LOG_SOURCES" -swift-version 5 -package-name swift_log
            # CLinuxEvents: the event loops' epoll and eventfd headers (a module map, nothing to link).
            executable http-parser Scripts/fuzz/HTTPParserFuzz.swift Sources/HTTPServer -lLogging -I Sources/CLinuxEvents ;;
        json-input)
            library Domain Sources/Domain "${OWN[@]}"
            executable json-input Scripts/fuzz/JSONInputFuzz.swift Sources/Presentation -lDomain -D FUZZING "$SHARED/JSONInputConversions.swift" ;;
        values)
            library Domain Sources/Domain "${OWN[@]}"
            executable values Scripts/fuzz/ValueFuzz.swift Sources/Presentation -lDomain -D FUZZING "$SHARED/ValueConversions.swift" ;;
    esac
done
log "build took $(( $(date +%s) - started )) s"

rm -rf "$OUT/seeds"
python3 Scripts/fuzz/seeds.py "$OUT/seeds" >&2

status=0
for target in "${targets[@]}"; do
    seeds="$OUT/seeds/${target%%-*}"
    corpus="$OUT/corpus/$target"
    mkdir -p "$corpus"
    log "fuzzing $target for ${seconds}s"
    # -rss_limit_mb: the parser's own limits keep memory small; more is a finding.
    # -jobs makes libFuzzer write fuzz-N.log into the working directory: only when asked for.
    parallel=()
    ((JOBS > 1)) && parallel=(-jobs="$JOBS" -workers="$JOBS")
    if ! "$OUT/fuzz-$target" "$corpus" "$seeds" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$OUT/findings/$target-" -rss_limit_mb=2048 -timeout=10 -max_len=8192 \
        "${parallel[@]}" 2>"$OUT/$target.log"; then
        status=1
        log "$target FAILED: see $OUT/$target.log and $OUT/findings/"
        grep -E "ERROR|Fatal error|SUMMARY|Test unit written" "$OUT/$target.log" >&2 || true
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$target.log" | tail -n 1)
    log "$target: ${runs:-?} executions, corpus $(ls "$corpus" | wc -l) inputs"
done
exit $status
