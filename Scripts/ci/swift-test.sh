#!/usr/bin/env bash
# Runs the README's test command, `swift test`, copying everything it prints to LOG (the warning
# check reads it next). When it fails, the failed tests and the issues they recorded are printed
# again at the very end: the full output is thousands of lines, and a reader who sees only its
# tail (a CI summary shows the last hundred or so) must still learn which test failed and why.
# Usage: swift-test.sh LOG
set -uo pipefail
log=${1:?usage: swift-test.sh LOG}
swift test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if ((status != 0)); then
    echo
    echo "swift-test.sh: swift test exited $status; what failed, repeated from above:"
    # An issue's line names the test, file:line and the expectation or error; a multi-line
    # value (a captured log) continues on the lines after it, until the next event. Each issue
    # is shown with its first 3 and last 4 lines, and at most 120 lines in all, so a run where
    # everything failed still ends with the summary line.
    awk 'function flush() { if (n == 0) return
             for (i = 1; i <= n; i++) if (i <= 3 || i > n - 4) print block[i]; else if (i == 4) print "    …"
             n = 0 }
         / recorded an issue/ { flush(); block[++n] = $0; open = 1; next }
         /^[◇✔✘↳]/ { flush(); open = 0; next }
         open { block[++n] = $0 }
         END { flush() }' "$log" | head -n 120
    grep -E '^✘ Test .*(failed after|with [0-9]+ issues?)' "$log" | head -n 20
    grep -E 'error:|fatal error|Fatal error' "$log" | head -n 10
fi
exit "$status"
