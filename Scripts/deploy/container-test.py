#!/usr/bin/env python3
"""The HTTP half of Scripts/deploy/container-test.sh: journeys, write loads and their ledgers, checked
against a Viperd deployment reached through a published loopback port. Standard library only.

    python3 Scripts/deploy/container-test.py journey URL STATE [--mail-log COMMAND]... -- FUND_COMMAND...
        registers a user (202), signs in and, given --mail-log, verifies its address with the code
        mailed to it, read from what COMMAND prints (`podman logs CONTAINER`, one per viperd
        container: with no --smtp-url each logs the mail it delivers); adds a contact, funds the
        user's first account by FUND_COMMAND (an operator's `viperd import-transactions`, run with
        {account} replaced and the feed on its standard input), pays an order from it, transfers
        to the second account, reads the report listing; saves what it made in STATE (JSON).
    python3 Scripts/deploy/container-test.py rows URL STATE
        everything the journey made is still there, unchanged: login, contact, order, transfer,
        account balances.
    python3 Scripts/deploy/container-test.py load URL STATE LEDGER STOP_FILE [--writers N]
        writers create contacts for the journey's user until STOP_FILE exists; every request's
        start, end, status and id goes to LEDGER (JSON).
    python3 Scripts/deploy/container-test.py verify URL STATE LEDGER [--recovered] [--clean-after EPOCH]
        every acknowledged (201) write is listed now; with --recovered, writes were acknowledged
        after the last failure (the service came back); with --clean-after, no request that
        started after EPOCH failed.

An https URL is reached over TLS, verified against the certificate in CONTAINER_TEST_CA_FILE
(the compose deployment's self-signed one) when it is set, else against the system's.

Each command prints one line of figures and exits 0, or prints what was expected and found and
exits 1.
"""
import http.client
import json
import os
import ssl
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import viperd_accounts  # noqa: E402  (Scripts/lib: registration, sign-in and the mailed code)

PASSWORD = "container-test-password-1"
FUNDING_MINOR = 100_000


class Failure(Exception):
    pass


def require(condition, message):
    if not condition:
        raise Failure(message)


def request(url, method, path, body=None, token=None, headers=None, timeout=60):
    """(status, headers, parsed JSON or None); raises OSError / HTTPException when the exchange was cut."""
    parsed = urllib.parse.urlsplit(url)
    all_headers = {"Connection": "close"}
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        all_headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    all_headers.update(headers or {})
    if parsed.scheme == "https":
        connection = http.client.HTTPSConnection(parsed.hostname, parsed.port, timeout=timeout, context=tls_context(url))
    else:
        connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
    try:
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        raw = response.read()
        try:
            parsed_body = json.loads(raw) if raw else None
        except ValueError:
            parsed_body = None
        return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed_body
    finally:
        connection.close()


def expect(url, status, method, path, **kwargs):
    got, _, body = request(url, method, path, **kwargs)
    require(got == status, f"{method} {path}: expected {status}, got {got} {json.dumps(body)[:300]}")
    return body


def list_all(url, path, token):
    items, cursor = [], None
    while True:
        page = f"{path}?limit=100" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        answer = expect(url, 200, "GET", page, token=token)
        items += answer["items"]
        cursor = answer.get("nextCursor")
        if not cursor:
            return items


def tls_context(url):
    """The deployment's own certificate for an https URL (see the module's docstring), else None."""
    if urllib.parse.urlsplit(url).scheme != "https":
        return None
    return ssl.create_default_context(cafile=os.environ.get("CONTAINER_TEST_CA_FILE") or None)


def logs_of(commands):
    """What the commands print, stdout and stderr (where viperd logs) alike: the mail log."""
    def read():
        runs = [subprocess.run(command, shell=True, capture_output=True, text=True, errors="replace") for command in commands]
        return "\n".join(run.stdout + run.stderr for run in runs)
    return read


def journey(url, state_path, fund_command, mail_logs):
    email = f"container-{uuid.uuid4().hex[:10]}@example.com"
    try:
        user = viperd_accounts.register(viperd_accounts.sender(url, context=tls_context(url)), "Container Test", email,
                                        PASSWORD, mail_log=logs_of(mail_logs) if mail_logs else None)
    except viperd_accounts.AccountError as error:
        raise Failure(str(error)) from error
    token = user["token"]
    accounts = [item["id"] for item in expect(url, 200, "GET", "/v1/accounts", token=token)["items"]]
    if len(accounts) < 2:
        accounts.append(expect(url, 201, "POST", "/v1/accounts", body={"name": "Savings", "currency": "CAD"}, token=token)["id"])
    contact = expect(url, 201, "POST", "/v1/contacts", token=token,
                     body={"firstName": "Lucy", "lastName": "Van Pelt", "email": "lucy@example.com"})["id"]
    feed = json.dumps([{"group": "P", "date": time.strftime("%Y-%m-%d", time.gmtime()), "description": "container-test funding",
                        "amount": f"{FUNDING_MINOR // 100}.{FUNDING_MINOR % 100:02d}", "debit": "C"}])
    command = [part.replace("{account}", accounts[0]) for part in fund_command]
    funded = subprocess.run(command, input=feed, capture_output=True, text=True)
    require(funded.returncode == 0, f"funding with {' '.join(command)} failed: {funded.stdout}{funded.stderr}")
    products = expect(url, 200, "GET", "/v1/products?limit=100", token=token)["items"]
    require(products, "GET /v1/products lists no product to order")
    product = min(products, key=lambda item: item["price"]["minor"])
    address = {"street": "1 Container Street", "city": "Toronto", "postalCode": "M5V 1A1", "country": "Canada"}
    order = expect(url, 201, "POST", "/v1/orders", token=token, headers={"Idempotency-Key": uuid.uuid4().hex}, body={
        "customer": {"firstName": "Charlie", "lastName": "Brown", "email": "charlie@example.com"},
        "billingAddress": address, "shipmentAddress": address, "shipmentMethod": "standard",
        "items": [{"productId": product["id"], "quantity": 1}], "payFromAccountId": accounts[0]})
    transfer = expect(url, 201, "POST", "/v1/transfers", token=token, headers={"Idempotency-Key": uuid.uuid4().hex},
                      body={"fromAccountId": accounts[0], "toAccountId": accounts[1], "amount": "12.34", "memo": "container-test"})
    report = expect(url, 200, "GET", "/api/sortedTransactions/all", token=token)
    require(report, "the report listing is empty")
    balances = {account: expect(url, 200, "GET", f"/v1/accounts/{account}", token=token) for account in accounts}
    state = {"email": email, "token": token, "accounts": accounts, "contact": contact, "order": order["id"],
             "transfer": transfer["id"], "balances": balances}
    with open(state_path, "w") as handle:
        json.dump(state, handle)
    return f"user {email}{' (verified)' if user['verified'] else ''}: contact, order {order['id']} ({order['orderTotal']['minor']} minor), transfer 12.34, report listed"


def rows(url, state_path):
    with open(state_path) as handle:
        state = json.load(handle)
    token = expect(url, 201, "POST", "/v1/sessions", body={"email": state["email"], "password": PASSWORD})["token"]
    expect(url, 200, "GET", f"/v1/contacts/{state['contact']}", token=token)
    expect(url, 200, "GET", f"/v1/orders/{state['order']}", token=token)
    expect(url, 200, "GET", f"/v1/transfers/{state['transfer']}", token=token)
    for account, before in state["balances"].items():
        now = expect(url, 200, "GET", f"/v1/accounts/{account}", token=token)
        require(now == before, f"account {account} changed: before {json.dumps(before)}, now {json.dumps(now)}")
    return f"user {state['email']}: login, contact, order, transfer and {len(state['balances'])} account balances unchanged"


def load(url, state_path, ledger_path, stop_file, writers):
    with open(state_path) as handle:
        token = json.load(handle)["token"]
    records, lock = [], threading.Lock()

    # Paced under the user's budget of changes (600 a minute by default, `RateLimit-Policy` on
    # every answer): together the writers send at most 8 a second, as a client that reads the
    # RateLimit fields would, so every refusal the ledger records is the event under test.
    interval = writers / 8.0

    def writer(index):
        number = 0
        next_at = time.time()
        while not os.path.exists(stop_file):
            time.sleep(max(0.0, next_at - time.time()))
            next_at = max(next_at + interval, time.time())
            number += 1
            started = time.time()
            try:
                status, _, body = request(url, "POST", "/v1/contacts", token=token, timeout=60,
                                          body={"firstName": "Load", "lastName": f"W{index}-{number}", "email": f"w{index}.{number}@example.com"})
                record = {"start": started, "end": time.time(), "status": status,
                          "id": body.get("id") if status == 201 and isinstance(body, dict) else None}
            except (OSError, http.client.HTTPException) as error:
                record = {"start": started, "end": time.time(), "status": None, "error": type(error).__name__}
                time.sleep(0.05)
            with lock:
                records.append(record)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with open(ledger_path, "w") as handle:
        json.dump(records, handle)
    acknowledged = sum(1 for record in records if record["status"] == 201)
    return f"{len(records)} writes sent, {acknowledged} acknowledged"


def verify(url, state_path, ledger_path, recovered, clean_after):
    with open(state_path) as handle:
        token = json.load(handle)["token"]
    with open(ledger_path) as handle:
        records = json.load(handle)
    acknowledged = [record for record in records if record["status"] == 201]
    failed = [record for record in records if record["status"] != 201]
    require(acknowledged, "no write was acknowledged at all")
    listed = {item["id"] for item in list_all(url, "/v1/contacts", token)}
    lost = [record["id"] for record in acknowledged if record["id"] not in listed]
    require(not lost, f"{len(lost)} of {len(acknowledged)} acknowledged writes are missing, e.g. {lost[:3]}")
    kinds = {}
    for record in failed:
        kind = str(record["status"] or record.get("error"))
        kinds[kind] = kinds.get(kind, 0) + 1
    end = max(record["end"] for record in records)
    if recovered and failed:
        last_failure = max(record["start"] for record in failed)
        require(any(record["start"] > last_failure for record in acknowledged),
                f"no write was acknowledged after the last failure ({len(failed)} failed {kinds}, the last "
                f"{end - last_failure:.1f} s before the load ended): the service did not come back")
    if clean_after is not None:
        late = [record for record in failed if record["start"] > clean_after]
        require(not late, f"{len(late)} requests started after the event had ended failed ({kinds} in all), e.g. {late[:3]}")
    return f"{len(acknowledged)} acknowledged writes all listed; {len(failed)} failed {kinds or ''}".rstrip()


def main(arguments):
    command = arguments[0] if arguments else ""
    try:
        if command == "journey" and "--" in arguments[3:] and len(arguments) > arguments.index("--", 3) + 1:
            separator = arguments.index("--", 3)
            options = arguments[3:separator]
            if len(options) % 2 or any(option != "--mail-log" for option in options[::2]):
                print(__doc__, file=sys.stderr)
                return 2
            print(journey(arguments[1], arguments[2], arguments[separator + 1:], options[1::2]))
        elif command == "rows" and len(arguments) == 3:
            print(rows(arguments[1], arguments[2]))
        elif command == "load" and len(arguments) in (5, 7):
            writers = int(arguments[6]) if len(arguments) == 7 and arguments[5] == "--writers" else 4
            print(load(arguments[1], arguments[2], arguments[3], arguments[4], writers))
        elif command == "verify" and len(arguments) >= 4:
            options = arguments[4:]
            recovered = "--recovered" in options
            clean_after = float(options[options.index("--clean-after") + 1]) if "--clean-after" in options else None
            print(verify(arguments[1], arguments[2], arguments[3], recovered, clean_after))
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (Failure, OSError, http.client.HTTPException, KeyError, ValueError) as error:
        print(f"{type(error).__name__}: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
