#!/usr/bin/env bash
# The SMTP server the Mail tests talk to: installs aiosmtpd (pinned) into its own virtualenv,
# then runs Scripts/mail/smtp-sink.py with the arguments given (see that file for them).
#
#   bash Scripts/mail/smtp-sink.sh --port 0 --spool DIR [--mode MODE ...]
#   bash Scripts/mail/smtp-sink.sh --decode FILE
#
# Environment:
#   VENV   virtualenv holding aiosmtpd (default .venv-smtp at the repository root; created, or
#          reinstalled when its aiosmtpd is not the pinned version). Needs python3 with venv
#          (python3-venv on Debian) and PyPI the first time.
# Relative paths given in the environment are taken from the current directory.
set -euo pipefail
absolute() { if [[ -n "$1" && "$1" != /* ]]; then echo "$PWD/$1"; else echo "$1"; fi; }
VENV=$(absolute "${VENV:-}")
cd "$(dirname "$0")/../.."

AIOSMTPD_VERSION=1.4.6
VENV=${VENV:-$PWD/.venv-smtp}

installed() { "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("aiosmtpd"))' 2>/dev/null || true; }

# The tests start several sinks at once: one installs while the others wait for it.
exec 9>"$VENV.lock"
flock 9
if [[ "$(installed)" != "$AIOSMTPD_VERSION" ]]; then
    echo "smtp-sink.sh: installing aiosmtpd==$AIOSMTPD_VERSION into $VENV" >&2
    [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "aiosmtpd==$AIOSMTPD_VERSION" >&2
fi
exec 9>&-

exec "$VENV/bin/python" Scripts/mail/smtp-sink.py "$@"
