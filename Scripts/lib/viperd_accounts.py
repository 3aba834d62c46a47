#!/usr/bin/env python3
"""Users the way a person gets one (docs/API.md, "Users and sessions"), for the scripts that drive
a viperd they started: register (202, nothing handed back), sign in (201, the token) and, when the
script needs a user others can pay, verify the address with the six-digit code mailed to it.

With no --smtp-url, viperd writes every message whole to its log at `info` (docs/API.md, "Mail"),
so the code is read from there: a log file the script points viperd's stderr at, several (the
instances of a cluster share one outbox, and any of them may deliver), or a callable returning the
log's text (`podman logs`, say). The delivery worker polls the outbox every second, so the code is
awaited a few seconds. Standard library only.

From Python (a script adds this folder to sys.path):

    import viperd_accounts
    user = viperd_accounts.register(viperd_accounts.sender(base), "Ada", email, password,
                                    mail_log=log_path)   # mail_log: verify too; None: do not
    user["token"], user["verified"]

A script with its own HTTP client (Locust) passes its own `send` (see `sender`). From a shell,
the token is printed:

    token=$(python3 Scripts/lib/viperd_accounts.py register --base URL --name N --email E \\
                --password P [--verify-from-log FILE]...)
    code=$(python3 Scripts/lib/viperd_accounts.py code --log FILE --email E [--nth N])
"""
import argparse
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request

# How long a code is awaited: the worker's 1 s poll, plus a busy debug server's slack.
CODE_WAIT_SECONDS = 15
# 503 `server_busy` (password hashing queue full) names its Retry-After; these many are waited out.
BUSY_RETRIES = 5

# The verification message's subject in each language the server speaks (Presentation's catalog,
# `mailVerificationSubject`): the code ends it. A JSON log may escape the accented letter.
_SUBJECTS = r"(?:Your Viperd verification code: |Votre code de v(?:é|\\u00e9)rification Viperd : )"


class AccountError(Exception):
    """A step of registration answered what the API does not promise, or no code came."""


def sender(base, timeout=60, headers=None, context=None):
    """A `send(method, path, body=None, token=None, expect=None) -> (status, JSON or None)` over
    urllib to `base` (http://host:port, or https verified by the ssl `context` when given).
    `expect` is the status the caller wants: this sender has no use for it (a Locust one marks the
    request failed by it); the caller checks the status."""
    base = base.rstrip("/")

    def send(method, path, body=None, token=None, expect=None):
        all_headers = dict(headers or {})
        data = None
        if body is not None:
            all_headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode()
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(base + path, data=data, method=method, headers=all_headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
                status, raw, retry_after = response.status, response.read(), response.headers.get("Retry-After")
        except urllib.error.HTTPError as error:
            status, raw, retry_after = error.code, error.read(), error.headers.get("Retry-After")
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        if status == 503 and isinstance(parsed, dict):
            parsed.setdefault("retryAfter", retry_after)
        return status, parsed

    return send


def _call(send, expected, method, path, body=None, token=None):
    """Sends, waiting out a 503 `server_busy` (no capacity now); any other status but `expected`,
    a 503 `storage_unavailable` included, raises AccountError with what came: a failing database
    is what the scripts must report, not wait out."""
    for attempt in range(BUSY_RETRIES + 1):
        status, answer = send(method, path, body=body, token=token, expect=expected)
        if status == 503 and isinstance(answer, dict) and answer.get("code") == "server_busy" and attempt < BUSY_RETRIES:
            try:
                time.sleep(min(5.0, float((answer or {}).get("retryAfter") or 1)))
            except (TypeError, ValueError):
                time.sleep(1)
            continue
        if status != expected:
            raise AccountError(f"{method} {path}: expected {expected}, got {status}: {json.dumps(answer)[:300]}")
        return answer
    raise AssertionError("unreachable")


def _log_text(mail_log):
    """The text of the log(s) the server writes its mail to: a path, a list of paths, or a callable."""
    if callable(mail_log):
        return mail_log()
    paths = [mail_log] if isinstance(mail_log, (str, os.PathLike)) else list(mail_log)
    texts = []
    for path in paths:
        try:
            with open(path, "rb") as handle:
                texts.append(handle.read().decode("utf-8", "replace"))
        except FileNotFoundError:
            pass
    return "\n".join(texts)


def codes_mailed(mail_log, email):
    """Every verification code logged for `email`, oldest first (within each log)."""
    pattern = re.compile(r"mail \(no --smtp-url: logged, not sent\) to " + re.escape(email.strip().lower())
                         + r": " + _SUBJECTS + r"(\d{6})\b", re.IGNORECASE)
    return pattern.findall(_log_text(mail_log))


def wait_for_code(mail_log, email, nth, wait=CODE_WAIT_SECONDS):
    """The `nth` (1-based) verification code mailed to `email`, once the server has logged it."""
    deadline = time.monotonic() + wait
    while True:
        codes = codes_mailed(mail_log, email)
        if len(codes) >= nth:
            return codes[nth - 1]
        if time.monotonic() >= deadline:
            raise AccountError(f"no verification code #{nth} for {email} in the server's log after {wait} s "
                               f"(found {len(codes)}; is it written at --log-level info or lower, with no --smtp-url?)")
        time.sleep(0.1)


def sign_in(send, email, password):
    """POST /v1/sessions → {token, expiresAt}."""
    return _call(send, 201, "POST", "/v1/sessions", body={"email": email, "password": password})


def verify(send, token, email, mail_log, nth=None):
    """Enters the code mailed to `email` (the `nth`, else the newest one logged) → the user (200)."""
    if nth is None:
        nth = max(1, len(codes_mailed(mail_log, email)))
    code = wait_for_code(mail_log, email, nth)
    return _call(send, 200, "POST", "/v1/users/verify", body={"code": code}, token=token)


def register(send, name, email, password, mail_log=None):
    """Registers `email` (202), signs in (201) and, given the server's `mail_log`, verifies it with
    the code mailed for this registration. → {email, token, expiresAt, verified}."""
    already = len(codes_mailed(mail_log, email)) if mail_log is not None else 0
    accepted = _call(send, 202, "POST", "/v1/users", body={"name": name, "email": email, "password": password})
    if not isinstance(accepted, dict) or not accepted.get("email"):
        raise AccountError(f"POST /v1/users: 202 without the Accepted body: {json.dumps(accepted)[:300]}")
    session = sign_in(send, email, password)
    user = {"email": accepted["email"], "token": session["token"], "expiresAt": session["expiresAt"], "verified": False}
    if mail_log is not None:
        verified = verify(send, user["token"], email, mail_log, nth=already + 1)
        if verified.get("emailVerified") is not True:
            raise AccountError(f"POST /v1/users/verify: 200 but not verified: {json.dumps(verified)[:300]}")
        user["verified"] = True
    return user


def main():
    parser = argparse.ArgumentParser(description="Register a viperd user or sign one in (printing its token), or read a mailed code.")
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("register", help="register, sign in, optionally verify; prints the token")
    add.add_argument("--base", required=True, help="http://host:port of the server")
    add.add_argument("--name", required=True)
    add.add_argument("--email", required=True)
    add.add_argument("--password", required=True)
    add.add_argument("--verify-from-log", action="append", metavar="FILE",
                     help="the server's log (repeat for several instances): verify the address with the code there")
    login = commands.add_parser("login", help="sign an existing user in; prints the access token")
    login.add_argument("--base", required=True, help="http://host:port of the server")
    login.add_argument("--email", required=True)
    login.add_argument("--password", required=True)
    code = commands.add_parser("code", help="print the Nth verification code mailed to an address")
    code.add_argument("--log", required=True, action="append", metavar="FILE")
    code.add_argument("--email", required=True)
    code.add_argument("--nth", type=int, default=1)
    arguments = parser.parse_args()
    try:
        if arguments.command == "register":
            user = register(sender(arguments.base), arguments.name, arguments.email, arguments.password,
                            mail_log=arguments.verify_from_log)
            print(user["token"])
        elif arguments.command == "login":
            print(sign_in(sender(arguments.base), arguments.email, arguments.password)["token"])
        else:
            print(wait_for_code(arguments.log, arguments.email, arguments.nth))
    except (AccountError, OSError) as error:
        sys.exit(f"viperd_accounts: {error}")


if __name__ == "__main__":
    main()
