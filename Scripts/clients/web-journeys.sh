#!/usr/bin/env bash
# The web client (Clients/Web, served at /app/) in a real browser: headless Debian Chromium driven
# by Selenium (pinned in .venv-browser), against a fresh debug server with its own database.
# Scripts/clients/web-journeys.py walks every scene in English, then in French; any console error, CSP
# violation or failed check fails the run, with a screenshot of the page in $VIPERD_WEB_ARTIFACTS.
#
#   bash Scripts/clients/web-journeys.sh             (VIPERD_BIN may be set; default .build/debug/viperd)
#   bash Scripts/clients/web-journeys.sh --screenshots   (also refreshes docs/screenshots/)
#
# A missing chromium or chromedriver fails the run: CI installs them (.ci/run), it never skips.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
VIPERD_BIN=${VIPERD_BIN:-$root/.build/debug/viperd}
[[ -x "$VIPERD_BIN" ]] || { echo "web-journeys.sh: no server binary at $VIPERD_BIN (swift build first)" >&2; exit 1; }
for tool in chromium chromedriver; do
    command -v "$tool" >/dev/null || { echo "web-journeys.sh: $tool not found (apt-get install chromium chromium-driver)" >&2; exit 1; }
done

venv="$root/.venv-browser"
if ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet 'selenium==4.27.1' || { echo "web-journeys.sh: could not install selenium" >&2; exit 1; }
fi

source "$root/Scripts/lib/viperd-server.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-web-journeys.XXXXXX")
export VIPERD_WEB_ARTIFACTS=${VIPERD_WEB_ARTIFACTS:-$work/artifacts}
site_pid=""
sink_pid=""
short_pid=""
cleanup() {
    stop_viperd
    [[ -n "$short_pid" ]] && kill "$short_pid" 2>/dev/null
    [[ -n "$site_pid" ]] && kill "$site_pid" 2>/dev/null
    [[ -n "$sink_pid" ]] && kill "$sink_pid" 2>/dev/null
    # Kept when the run failed: the screenshots and the server's log are the evidence.
    [[ ${status:-1} -eq 0 ]] && rm -rf "$work"
}
trap cleanup EXIT

# A second origin hosts a copy of the client (its `viperd-api` meta names the server), to prove the
# client works from elsewhere through `--cors-origin`.
site_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A real SMTP server (aiosmtpd, Scripts/mail/smtp-sink.sh) the server mails its codes to; the journeys
# read each code from the message it received, as a person reads their mail.
mkdir -p "$work/mail"
coproc SINK { exec bash "$root/Scripts/mail/smtp-sink.sh" --port 0 --spool "$work/mail" 2>"$work/sink.log"; }
sink_pid=$SINK_PID
read -r -t 60 sink_port <&"${SINK[0]}" || { echo "web-journeys.sh: the test SMTP server did not start" >&2; cat "$work/sink.log" >&2; exit 1; }
start_viperd "$VIPERD_BIN" "$work" --log-level notice --max-registrations-per-address 0 \
    --cors-origin "http://127.0.0.1:$site_port" --smtp-url "smtp://127.0.0.1:$sink_port" --smtp-retry-seconds 1 || exit 1
mkdir -p "$work/site"
cp -R "$root/Clients/Web/." "$work/site/"
rm -f "$work/site/"*.swift
sed -i "s|<meta name=\"viperd-api\" content=\"\">|<meta name=\"viperd-api\" content=\"$base\">|" "$work/site/index.html"
grep -q "content=\"$base\"" "$work/site/index.html" || { echo "web-journeys.sh: could not point the copy at $base" >&2; exit 1; }
python3 -m http.server "$site_port" --bind 127.0.0.1 --directory "$work/site" >"$work/site.log" 2>&1 &
site_pid=$!
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$site_port/" >/dev/null 2>&1 && break; sleep 0.1; done

# A second server whose access tokens live 3 seconds, for the silent refresh: the app must keep
# working past them without the user noticing. Its own database; start_viperd's globals are the
# first server's again afterwards.
mkdir -p "$work/short"
first_pid=$server_pid first_base=$base
start_viperd "$VIPERD_BIN" "$work/short" --log-level notice --max-registrations-per-address 0 --access-token-minutes 0.05 \
    --smtp-url "smtp://127.0.0.1:$sink_port" --smtp-retry-seconds 1 || exit 1
short_pid=$server_pid short_base=$base
server_pid=$first_pid base=$first_base

# Money the way an operator gives it: a card-processor feed loaded into an account. The journeys
# fund their users with a posted credit of 1,000.00 dated today, and load the report's 58-row
# fixture (Tests/Fixtures/report-demo-feed.json, the report tests' own) for its user.
printf '[{"group": "P", "date": "%s", "description": "Opening deposit", "amount": "1000.00", "debit": "C"}]\n' \
    "$(date -u +%F)" >"$work/deposit.json"
cat >"$work/import.sh" <<IMPORT
#!/usr/bin/env bash
exec "$VIPERD_BIN" import-transactions --db "$work/db.sqlite" --account "\$1" "\$2" >/dev/null
IMPORT
chmod +x "$work/import.sh"

"$venv/bin/python" "$root/Scripts/clients/web-journeys.py" "$base" --import-script "$work/import.sh" \
    --deposit "$work/deposit.json" --report-feed "$root/Tests/Fixtures/report-demo-feed.json" \
    --cross-origin-page "http://127.0.0.1:$site_port/" --mail-spool "$work/mail" --short-session-base "$short_base" "$@"
status=$?
stop_viperd
((server_status == 0)) || { echo "web-journeys.sh: the server crashed or stopped uncleanly" >&2; status=1; }
if ((status != 0)); then
    echo "web-journeys.sh: FAILED; screenshots and the server's log are in $work" >&2
    tail -n 30 "$work/server.log" >&2
fi
exit $status
