#!/usr/bin/env python3
"""Crash consistency: writers hammer viperd while it is killed with SIGKILL at random moments.

Run through Scripts/crash/crash-test.sh (which finds or builds the binary). Python standard library only.

    python3 Scripts/crash/crash-test.py BINARY WORKDIR KILLS

Two users are registered and verified (each is paid through a contact, and only a verified address
is paid; the mailed code is read from the log of the first start, at `--log-level info`); user A
has two accounts, B one, each funded with an imported posted credit. Writer threads then create
contacts, place paid orders (one product, quantity 1, `Idempotency-Key`, `payFromAccountId`) and,
when the server serves `POST /v1/transfers`, transfer money between A's accounts and between A and
B (through a contact carrying the other's email). Two more threads move money that waits: A sends
pending transfers (holds) to contacts whose address nobody verified, and cancels some of them;
payees registered (unverified) at the start verify their address one per restart, with the code
the first start logged, and then claim what waits for them; the server runs with
`--transfer-hold-hours 0.001` (3.6 s) and `--purge-interval-seconds 1`, so the rest expires.
Every 2xx is logged as acknowledged; a request cut by the kill is "unknown" (it may or may not
have committed). After each SIGKILL the server is restarted on the same database, the writers are
paused, and these must hold:

  1. PRAGMA integrity_check is ok and PRAGMA foreign_key_check is empty;
  2. every acknowledged contact, order and transfer is in the database, and the ones acknowledged
     since the previous check are served by GET (with the order's payment, the transfer's amount);
  3. every paid order has its authorized debit (its account, its total); every completed transfer
     has both posted legs (debit on the source, credit on the destination, its amount); no
     transaction exists that is neither funding, an order's debit nor a completed transfer's leg
     (a lost half); every acknowledged hold is stored, every acknowledged cancel is `cancelled` by
     the sender, every acknowledged claim `completed` into the claimant's account, every 409 told
     the status stored (a cancel cut by a kill may have won), and no hold expired before its end;
  4. money: the sum of the balances the API reports equals the funding minus the totals of the
     paid orders stored (transfers are internal: they move money, never create or destroy it);
     and that sum lies between funding − acknowledged orders − unknown orders and funding −
     acknowledged orders (acknowledged payments all stand; only cut ones may or may not);
  5. orders stored − orders acknowledged is between 0 and the unknown order attempts;
  6. the last acknowledged orders replay byte-identical by their Idempotency-Key
     (`Idempotent-Replayed: true`, same id) and no order is added;
  7. `viperd verify-ledger` passes on the database (balances and holds against their rows, each
     transfer resolved once with its legs, transfers only move money), beside the live server.
After the last kill the writers stop, every hold still pending must expire (the upkeep runs every
second once the server is up), and the checks run once more on that state.
Exits 1 on the first violated check, with what was expected and found.
"""
import http.client
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import viperd_accounts  # noqa: E402  (Scripts/lib: registration, sign-in and the mailed code)

FUNDING_MINOR = 10_000_000_000  # 100,000,000.00 per account: 50 kills place ~6,000 orders
FUNDING_DESCRIPTION = "crash-test funding"
PASSWORD = "crash-test-password"
HOLD_HOURS = "0.001"  # 3.6 s: holds expire within a few rounds, so every resolution is exercised
# Payees registered at the start, one verified per restart: each costs two scrypt hashes (its
# registration and sign-in), seconds on a debug build, so a few, registered side by side.
MOST_PAYEES = 2
# What each 409 of a cancel or a claim says was stored first.
RESOLVED_BY = {"transfer_completed": "completed", "transfer_cancelled": "cancelled", "transfer_expired": "expired"}


def log(message):
    print(f"crash-test: {message}", file=sys.stderr, flush=True)


def fail(message):
    log(f"VIOLATION: {message}")
    raise SystemExit(1)


class Server:
    """One viperd process at a time on the same database; a new free port each start."""

    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        self.db = os.path.join(work, "db.sqlite")
        self.log_path = os.path.join(work, "server.log")
        self.process = None
        self.port = None

    def start(self, log_level="notice"):
        """`info` (which adds an access line per request) only where a mailed code must be read."""
        offset = os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0
        log_file = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--db", self.db, "--log-level", log_level,
             "--transfer-hold-hours", HOLD_HOURS, "--purge-interval-seconds", "1", "--max-pending-transfers-per-user", "0"],
            stdout=subprocess.DEVNULL, stderr=log_file)
        log_file.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(self.log_path, "rb") as handle:
                handle.seek(offset)
                text = handle.read().decode("utf-8", "replace")
            marker = "listening on http://127.0.0.1:"
            if marker in text:
                self.port = int(text.split(marker, 1)[1].split()[0].strip("\"',}"))
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        fail(f"the server did not start (exit {self.process.poll()}); its log:\n{text}")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.process = None

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Refused(Exception):
    """Nothing was sent: the server was not listening."""


class Client:
    def __init__(self, server):
        self.server = server

    def request(self, method, path, body=None, token=None, headers=None, timeout=10):
        """(status, headers, parsed JSON or None). Raises Refused, or OSError/HTTPException when cut."""
        all_headers = {"Connection": "close"}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        if body is not None:
            all_headers["Content-Type"] = "application/json"
            if not isinstance(body, bytes):
                body = json.dumps(body).encode()
        all_headers.update(headers or {})
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=timeout)
        try:
            try:
                connection.connect()
            except ConnectionRefusedError as error:
                raise Refused() from error
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            data = response.read()
            parsed = json.loads(data) if data and "json" in (response.getheader("Content-Type") or "") else None
            return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed
        finally:
            connection.close()

    def expect(self, status, method, path, **kwargs):
        got, headers, body = self.request(method, path, **kwargs)
        if got != status:
            fail(f"{method} {path}: expected {status}, got {got}: {json.dumps(body)[:300]}")
        return headers, body


class Ledger:
    """What the writers were told (acknowledged) and what they could not learn (unknown)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.contacts = []        # (id, token)
        self.orders = []          # dict(id, total, account, key, body, token)
        self.transfers = []       # (id, amount, token)
        self.holds = []           # dict(id, amount, payee): acknowledged pending transfers
        self.cancelled = set()    # ids whose cancel was acknowledged
        self.claimed = {}         # id -> the account its acknowledged claim credited
        self.refused = []         # (id, action, code): a 409 naming who resolved it first
        self.unknown = {"contact": 0, "order": 0, "transfer": 0, "hold": 0, "resolve": 0}
        self.unexpected = []      # answers no writer should get

    def counts(self):
        with self.lock:
            return len(self.contacts), len(self.orders), len(self.transfers)


class Writers:
    """Threads that write while `running` is set; `pause()` waits until none is mid-request."""

    def __init__(self, client, ledger, setup, transfers_served, rng_seed):
        self.client, self.ledger, self.setup = client, ledger, setup
        self.transfers_served = transfers_served
        self.running = threading.Event()
        self.stopped = False
        self.busy = 0
        self.condition = threading.Condition()
        kinds = ["contact", "order", "order"] + (["transfer", "transfer", "hold", "resolve"] if transfers_served else [])
        self.threads = [threading.Thread(target=self.loop, args=(kind, random.Random(rng_seed + i)), daemon=True)
                        for i, kind in enumerate(kinds)]

    def start(self):
        self.running.set()
        for thread in self.threads:
            thread.start()

    def resume(self):
        self.running.set()

    def pause(self):
        self.running.clear()
        with self.condition:
            self.condition.wait_for(lambda: self.busy == 0, timeout=30)

    def finish(self):
        self.stopped = True
        self.pause()
        self.running.set()  # let the threads see `stopped`

    def loop(self, kind, rng):
        while True:
            self.running.wait()
            if self.stopped:
                return
            with self.condition:
                if not self.running.is_set():
                    continue
                self.busy += 1
            try:
                getattr(self, f"write_{kind}")(rng)
            except Refused:
                time.sleep(0.02)  # the server is down: nothing was sent
            except (OSError, http.client.HTTPException):
                with self.ledger.lock:
                    self.ledger.unknown[kind] += 1
            finally:
                with self.condition:
                    self.busy -= 1
                    self.condition.notify_all()

    def unexpected(self, what, status, body):
        with self.ledger.lock:
            self.ledger.unexpected.append(f"{what}: {status} {json.dumps(body)[:200]}")

    def write_contact(self, rng):
        user = rng.choice(self.setup["users"])
        body = {"firstName": rng.choice(["Charlie", "Lucy", "Linus", "Sally"]), "lastName": f"Crash {rng.randrange(10**6)}",
                "email": f"c{rng.randrange(10**9)}@example.com"}
        status, _, answer = self.client.request("POST", "/v1/contacts", body=body, token=user["token"])
        if status == 201:
            with self.ledger.lock:
                self.ledger.contacts.append((answer["id"], user["token"]))
        else:
            self.unexpected("POST /v1/contacts", status, answer)

    def write_order(self, rng):
        user = rng.choice(self.setup["users"])
        account = rng.choice(user["accounts"])
        address = {"street": "1 Crash Street", "city": "Toronto", "postalCode": "M5V 1A1", "country": "Canada"}
        body = json.dumps({
            "customer": {"firstName": "Charlie", "lastName": "Brown", "email": "charlie@example.com"},
            "billingAddress": address, "shipmentAddress": address, "shipmentMethod": "standard",
            "items": [{"productId": self.setup["product"], "quantity": 1}], "payFromAccountId": account,
        }).encode()
        key = uuid.uuid4().hex
        status, _, answer = self.client.request("POST", "/v1/orders", body=body, token=user["token"],
                                                headers={"Idempotency-Key": key})
        if status == 201:
            with self.ledger.lock:
                self.ledger.orders.append({"id": answer["id"], "total": answer["orderTotal"]["minor"], "account": account,
                                           "key": key, "body": body, "token": user["token"]})
        else:
            self.unexpected("POST /v1/orders", status, answer)

    def write_transfer(self, rng):
        a, b = self.setup["users"]
        route = rng.randrange(4)
        if route == 0:
            user, body = a, {"fromAccountId": a["accounts"][0], "toAccountId": a["accounts"][1]}
        elif route == 1:
            user, body = a, {"fromAccountId": a["accounts"][1], "toAccountId": a["accounts"][0]}
        elif route == 2:
            user, body = a, {"fromAccountId": a["accounts"][0], "toContactId": a["contactOfOther"]}
        else:
            user, body = b, {"fromAccountId": b["accounts"][0], "toContactId": b["contactOfOther"]}
        minor = rng.randrange(1, 50_000)
        body.update({"amount": f"{minor // 100}.{minor % 100:02d}", "memo": "crash-test"})
        status, _, answer = self.client.request("POST", "/v1/transfers", body=body, token=user["token"],
                                                headers={"Idempotency-Key": uuid.uuid4().hex})
        if status == 201:
            with self.ledger.lock:
                self.ledger.transfers.append((answer["id"], minor, user["token"]))
        else:
            self.unexpected("POST /v1/transfers", status, answer)

    def write_hold(self, rng):
        """A sends money to an address nobody verified: the payee whose turn it is, or one nobody owns."""
        a = self.setup["users"][0]
        waiting = self.setup["payees"][self.setup["nextPayee"]:]
        payee = waiting[0] if waiting and rng.random() < 0.7 else self.setup["nobody"]
        minor = rng.randrange(1, 5_000)
        body = {"fromAccountId": a["accounts"][0], "toContactId": payee["contact"], "amount": f"{minor // 100}.{minor % 100:02d}"}
        status, _, answer = self.client.request("POST", "/v1/transfers", body=body, token=a["token"],
                                                headers={"Idempotency-Key": uuid.uuid4().hex})
        if status == 201 and answer.get("status") == "pending":
            with self.ledger.lock:
                self.ledger.holds.append({"id": answer["id"], "amount": minor, "payee": payee})
        else:
            self.unexpected("POST /v1/transfers (a hold)", status, answer)
        time.sleep(0.02)  # a few dozen holds a round: enough to resolve every way, few enough to check

    def write_resolve(self, rng):
        """A recent hold is claimed by its verified payee, or cancelled by A; others are left to expire."""
        with self.ledger.lock:
            done = self.ledger.cancelled.union(self.ledger.claimed)
            recent = [hold for hold in self.ledger.holds[-30:] if hold["id"] not in done]
        if not recent:
            time.sleep(0.05)
            return
        hold = rng.choice(recent)
        payee = hold["payee"]
        if payee.get("account") and rng.random() < 0.7:
            action, token, body = "claim", payee["token"], {"toAccountId": payee["account"]}
        elif rng.random() < 0.4:
            action, token, body = "cancel", self.setup["users"][0]["token"], None
        else:
            time.sleep(0.05)  # left to expire
            return
        status, _, answer = self.client.request("POST", f"/v1/transfers/{hold['id']}/{action}", body=body, token=token,
                                                headers={"Idempotency-Key": uuid.uuid4().hex})
        with self.ledger.lock:
            if status == 200 and action == "claim" and answer.get("status") == "completed":
                self.ledger.claimed[hold["id"]] = payee["account"]
            elif status == 200 and action == "cancel" and answer.get("status") == "cancelled":
                self.ledger.cancelled.add(hold["id"])
            elif status == 409 and (answer or {}).get("code") in RESOLVED_BY:
                self.ledger.refused.append((hold["id"], action, answer["code"]))
            else:
                self.ledger.unexpected.append(f"POST /v1/transfers/{hold['id']}/{action}: {status} {json.dumps(answer)[:200]}")


def register(client, name):
    """A verified user: each pays the other through a contact, and only a verified address is paid."""
    email = f"crash-{name.lower()}-{uuid.uuid4().hex[:8]}@example.com"
    try:
        token = viperd_accounts.register(viperd_accounts.sender(f"http://127.0.0.1:{client.server.port}"), name, email,
                                         PASSWORD, mail_log=client.server.log_path)["token"]
    except viperd_accounts.AccountError as error:
        fail(f"registering {name}: {error}")
    _, accounts = client.expect(200, "GET", "/v1/accounts", token=token)
    return {"name": name, "email": email, "token": token, "accounts": [item["id"] for item in accounts["items"]]}


def register_payees(client, sender, count):
    """`count` users who register an address A has a contact for, unverified (so what A sends them
    waits), and keep the code the server logged (this start logs at `info`) for their turn; and an
    address nobody registers, whose holds can only be cancelled or expire."""
    send = viperd_accounts.sender(f"http://127.0.0.1:{client.server.port}")
    payees = []
    for index in range(count + 1):
        email = f"crash-payee-{index}-{uuid.uuid4().hex[:8]}@example.com"
        _, contact = client.expect(201, "POST", "/v1/contacts", token=sender["token"],
                                   body={"firstName": "Payee", "lastName": f"Crash {index}", "email": email})
        payees.append({"email": email, "contact": contact["id"]})
    failures = []

    def register(index):
        try:
            payees[index]["token"] = viperd_accounts.register(send, f"Payee {index}", payees[index]["email"], PASSWORD)["token"]
        except (viperd_accounts.AccountError, OSError) as error:
            failures.append(f"registering payee {index}: {error}")

    threads = [threading.Thread(target=register, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        fail("; ".join(failures))
    for payee in payees[:count]:
        try:
            payee["code"] = viperd_accounts.wait_for_code(client.server.log_path, payee["email"], 1)
        except viperd_accounts.AccountError as error:
            fail(f"payee {payee['email']}: {error}")
    return payees[:count], payees[count]


def promote_payee(client, setup):
    """The next payee verifies their address (writers paused): from now on A's money to it is paid at
    once, and what waits for them may be claimed into their first account."""
    if setup["nextPayee"] >= len(setup["payees"]):
        return
    payee = setup["payees"][setup["nextPayee"]]
    client.expect(200, "POST", "/v1/users/verify", body={"code": payee["code"]}, token=payee["token"])
    _, accounts = client.expect(200, "GET", "/v1/accounts", token=payee["token"])
    payee["account"] = accounts["items"][0]["id"]
    setup["nextPayee"] += 1


def verify_ledger(binary, server, where):
    """`viperd verify-ledger` on the live server's database: every check must hold."""
    result = subprocess.run([binary, "verify-ledger", "--db", server.db], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        fail(f"{where}: viperd verify-ledger exited {result.returncode}:\n{result.stdout}{result.stderr}")


def fund(binary, server, account, work):
    feed = os.path.join(work, f"fund-{account}.json")
    with open(feed, "w") as handle:
        json.dump([{"group": "P", "date": time.strftime("%Y-%m-%d", time.gmtime()), "description": FUNDING_DESCRIPTION,
                    "amount": f"{FUNDING_MINOR // 100}.{FUNDING_MINOR % 100:02d}", "debit": "C"}], handle)
    result = subprocess.run([binary, "import-transactions", "--db", server.db, "--account", account, feed],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"funding {account} failed: {result.stdout}{result.stderr}")


def transfers_served(client, token):
    """A route the server does not serve is 404; a served one refuses `{}` with 400 or 422."""
    status, _, body = client.request("POST", "/v1/transfers", body={}, token=token,
                                     headers={"Idempotency-Key": uuid.uuid4().hex})
    if status == 404:
        return False
    if status in (400, 422):
        return True
    fail(f"probing POST /v1/transfers with {{}}: unexpected {status} {json.dumps(body)[:200]}")


class Checker:
    def __init__(self, server, client, ledger, setup):
        self.server, self.client, self.ledger, self.setup = server, client, ledger, setup
        self.checked = {"contacts": 0, "orders": 0, "transfers": 0}
        self.holds = {}
        self.passed = 0

    def database(self):
        connection = sqlite3.connect(f"file:{self.server.db}?mode=ro", uri=True, timeout=10)
        connection.execute("PRAGMA query_only = 1")
        return connection

    def settle(self):
        """Once the writers stop, every hold still pending expires at its end (the upkeep runs each
        second), and the checks pass once more on that state."""
        deadline = time.monotonic() + float(HOLD_HOURS) * 3600 + 15
        while True:
            db = self.database()
            try:
                pending = db.execute("SELECT count(*) FROM transfers WHERE status = 'pending'").fetchone()[0]
            finally:
                db.close()
            if pending == 0:
                break
            if time.monotonic() > deadline:
                fail(f"after the writers stopped: {pending} hold(s) still pending well past their end")
            time.sleep(0.25)
        self.run("once every hold expired")

    def run(self, where):
        with self.ledger.lock:
            contacts = list(self.ledger.contacts)
            orders = list(self.ledger.orders)
            transfers = list(self.ledger.transfers)
            holds = list(self.ledger.holds)
            cancelled = set(self.ledger.cancelled)
            claimed = dict(self.ledger.claimed)
            refused = list(self.ledger.refused)
            unknown = dict(self.ledger.unknown)
            unexpected = list(self.ledger.unexpected)
        if unexpected:
            fail(f"{where}: writers got answers they should not have:\n  " + "\n  ".join(unexpected[:10]))

        db = self.database()
        try:
            db.execute("BEGIN")  # one snapshot for every database check
            integrity = [row[0] for row in db.execute("PRAGMA integrity_check")]
            if integrity != ["ok"]:
                fail(f"{where}: PRAGMA integrity_check: {integrity[:10]}")
            self.passed += 1
            foreign = db.execute("PRAGMA foreign_key_check").fetchall()
            if foreign:
                fail(f"{where}: PRAGMA foreign_key_check: {foreign[:10]}")
            self.passed += 1

            # 2. Every acknowledged write is stored.
            stored_contacts = {row[0] for row in db.execute("SELECT id FROM contacts")}
            stored_orders = {row[0]: row for row in db.execute(
                "SELECT id, order_total_minor, pay_from_account_id, payment_transaction_id, status FROM orders")}
            has_transfers = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'transfers'").fetchone()
            stored_transfers = {row[0]: row for row in db.execute(
                "SELECT id, from_account_id, to_account_id, amount_minor, debit_transaction_id, credit_transaction_id, status, "
                "cancelled_by, expires_at, resolved_at FROM transfers")} if has_transfers else {}
            lost = [c for c, _ in contacts if c not in stored_contacts] + [o["id"] for o in orders if o["id"] not in stored_orders] \
                + [t for t, _, _ in transfers if t not in stored_transfers] + [h["id"] for h in holds if h["id"] not in stored_transfers]
            if lost:
                fail(f"{where}: {len(lost)} acknowledged write(s) missing from the database: {lost[:10]}")
            self.passed += 1

            # 3. Every movement whole: order debits, both transfer legs, no orphan row.
            transactions = {row[0]: row for row in db.execute(
                "SELECT id, account_id, txn_group, direction, amount, description FROM transactions")}
            explained = set()
            for order_id, total, account, payment, status in stored_orders.values():
                if account is None:
                    continue
                debit = transactions.get(payment)
                if debit is None or debit[1:5] != (account, "authorized", "debit", total):
                    fail(f"{where}: order {order_id} (total {total} on {account}) has payment {payment} = {debit}")
                if status != "placed":
                    fail(f"{where}: order {order_id} is {status}; nothing cancels orders here")
                explained.add(payment)
            for transfer_id, source, destination, amount, debit_id, credit_id, status, *_ in stored_transfers.values():
                if status != "completed":
                    if debit_id or credit_id:
                        fail(f"{where}: transfer {transfer_id} is {status} with legs {debit_id}, {credit_id}")
                    continue
                debit, credit = transactions.get(debit_id), transactions.get(credit_id)
                if debit is None or credit is None:
                    fail(f"{where}: transfer {transfer_id} has one leg: debit {debit}, credit {credit}")
                if debit[1:5] != (source, "posted", "debit", amount) or credit[1:5] != (destination, "posted", "credit", amount):
                    fail(f"{where}: transfer {transfer_id} ({amount} from {source} to {destination}) has legs {debit} and {credit}")
                explained.update((debit_id, credit_id))
            orphans = [row for txn_id, row in transactions.items()
                       if txn_id not in explained and row[5] != FUNDING_DESCRIPTION]
            if orphans:
                fail(f"{where}: {len(orphans)} transaction(s) belong to no order or transfer (half a movement): {orphans[:5]}")
            self.passed += 1
            self.check_holds(where, stored_transfers, holds, cancelled, claimed, refused)
            paid_stored = sum(row[1] for row in stored_orders.values() if row[2] is not None)
            orders_stored = len(stored_orders)
        finally:
            db.close()

        # 4. Money: the API's balances against the stored and the acknowledged movements.
        balances = 0
        for user in self.setup["users"]:
            for account in user["accounts"]:
                _, answer = self.client.expect(200, "GET", f"/v1/accounts/{account}", token=user["token"])
                balances += answer["balance"]["minor"]
        for payee in self.setup["payees"]:  # claims moved money to them
            if payee.get("account"):
                _, answer = self.client.expect(200, "GET", f"/v1/accounts/{payee['account']}", token=payee["token"])
                balances += answer["balance"]["minor"]
        funding = FUNDING_MINOR * self.setup["accountCount"]
        if balances != funding - paid_stored:
            fail(f"{where}: sum of balances {balances} != funding {funding} - paid orders stored {paid_stored}")
        acknowledged_paid = sum(o["total"] for o in orders)
        most = funding - acknowledged_paid
        least = most - unknown["order"] * self.setup["orderTotal"]
        if not least <= balances <= most:
            fail(f"{where}: sum of balances {balances} outside [{least}, {most}] (acknowledged orders {len(orders)}, "
                 f"unknown {unknown['order']} of at most {self.setup['orderTotal']} each)")
        self.passed += 1

        # 5. No phantom orders beyond the cut requests.
        extra = orders_stored - len(orders)
        if not 0 <= extra <= unknown["order"]:
            fail(f"{where}: {orders_stored} orders stored, {len(orders)} acknowledged, {unknown['order']} cut by kills")
        self.passed += 1

        # 2b. The writes acknowledged since the last check are served.
        for contact_id, token in contacts[self.checked["contacts"]:]:
            self.client.expect(200, "GET", f"/v1/contacts/{contact_id}", token=token)
        for order in orders[self.checked["orders"]:]:
            _, answer = self.client.expect(200, "GET", f"/v1/orders/{order['id']}", token=order["token"])
            if (answer.get("payment") or {}).get("accountId") != order["account"]:
                fail(f"{where}: order {order['id']} is served with payment {answer.get('payment')}")
        for transfer_id, amount, token in transfers[self.checked["transfers"]:]:
            _, answer = self.client.expect(200, "GET", f"/v1/transfers/{transfer_id}", token=token)
            if (answer.get("amount") or {}).get("minor") != amount:
                fail(f"{where}: transfer {transfer_id} of {amount} is served with amount {answer.get('amount')}")
        self.checked = {"contacts": len(contacts), "orders": len(orders), "transfers": len(transfers)}
        self.passed += 1

        # 6. Idempotent replays survive the crash and act no more.
        for order in orders[-3:]:
            headers, answer = self.client.expect(201, "POST", "/v1/orders", body=order["body"], token=order["token"],
                                                 headers={"Idempotency-Key": order["key"]})
            if headers.get("idempotent-replayed") != "true" or answer.get("id") != order["id"]:
                fail(f"{where}: replaying order {order['id']}'s key gave {answer.get('id')} "
                     f"(Idempotent-Replayed: {headers.get('idempotent-replayed')})")
        db = self.database()
        try:
            after = db.execute("SELECT count(*) FROM orders").fetchone()[0]
        finally:
            db.close()
        if after != orders_stored:
            fail(f"{where}: replays changed the order count from {orders_stored} to {after}")
        self.passed += 1

        # 7. The ledger's own checks, beside the live server.
        verify_ledger(self.server.binary, self.server, where)
        self.passed += 1

    def check_holds(self, where, stored, holds, cancelled, claimed, refused):
        """Every acknowledged resolution stands, every 409 told the truth, and nothing expired early."""
        for hold_id in cancelled:
            row = stored[hold_id]
            if row[6:8] != ("cancelled", "sender"):
                fail(f"{where}: hold {hold_id}'s cancel was acknowledged, but it is stored {row[6]} (by {row[7]})")
        for hold_id, account in claimed.items():
            row = stored[hold_id]
            if row[6] != "completed" or row[2] != account:
                fail(f"{where}: hold {hold_id}'s claim into {account} was acknowledged, but it is stored {row[6]} to {row[2]}")
        for hold_id, action, code in refused:
            if stored[hold_id][6] != RESOLVED_BY[code]:
                fail(f"{where}: a {action} of hold {hold_id} was told {code}, but it is stored {stored[hold_id][6]}")
        for hold in holds:
            row = stored[hold["id"]]
            if row[6] == "expired" and (row[9] is None or row[9] < row[8]):
                fail(f"{where}: hold {hold['id']} expired at {row[9]}, before its end {row[8]}")
        statuses = [stored[hold["id"]][6] for hold in holds]
        self.holds = {status: statuses.count(status) for status in ("pending", "completed", "cancelled", "expired")}
        self.passed += 1


def main():
    binary, work, kills = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seed = int(os.environ.get("CRASH_SEED", random.randrange(2**31)))
    rng = random.Random(seed)
    log(f"seed {seed} (CRASH_SEED={seed} repeats the kill timings), {kills} kills")

    server = Server(binary, work)
    client = Client(server)
    server.start(log_level="info")
    try:
        a, b = register(client, "Ada"), register(client, "Bob")
        _, second = client.expect(201, "POST", "/v1/accounts", body={"name": "Savings", "currency": "CAD"}, token=a["token"])
        a["accounts"].append(second["id"])
        for user, other in ((a, b), (b, a)):
            _, contact = client.expect(201, "POST", "/v1/contacts", token=user["token"],
                                       body={"firstName": other["name"], "lastName": "Crash", "email": other["email"]})
            user["contactOfOther"] = contact["id"]
        accounts = a["accounts"] + b["accounts"]
        for account in accounts:
            fund(binary, server, account, work)
        _, products = client.expect(200, "GET", "/v1/products?limit=100", token=a["token"])
        cheapest = min(products["items"], key=lambda product: product["price"]["minor"])
        setup = {"users": [a, b], "accountCount": len(accounts), "product": cheapest["id"], "payees": [], "nextPayee": 0}
        ledger = Ledger()
        served = transfers_served(client, a["token"])
        if served:
            setup["payees"], setup["nobody"] = register_payees(client, a, min(kills, MOST_PAYEES))
        else:
            log("POST /v1/transfers is not served by this binary (404): transfers skipped, orders and contacts only")

        # One order first, outside the kills, tells the total every order has (one product, quantity 1).
        writers = Writers(client, ledger, setup, served, seed)
        writers.write_order(random.Random(seed))
        if not ledger.orders:
            fail(f"the first order was refused: {ledger.unexpected}")
        setup["orderTotal"] = ledger.orders[0]["total"]
        checker = Checker(server, client, ledger, setup)

        writers.start()
        for round_number in range(1, kills + 1):
            time.sleep(rng.uniform(0.2, 1.5))
            server.kill()
            writers.pause()
            server.start()
            checker.run(f"after kill {round_number}")
            contacts, orders, transfers = ledger.counts()
            if round_number % 10 == 0 or round_number == kills:
                log(f"kill {round_number}/{kills}: acknowledged {contacts} contacts, {orders} orders, {transfers} transfers; "
                    f"holds {checker.holds}; cut {sum(ledger.unknown.values())}")
            if served:
                promote_payee(client, setup)
            writers.resume()
        writers.finish()
        if served:
            checker.settle()
        contacts, orders, transfers = ledger.counts()
        transfer_note = f"{transfers} transfers, holds now {checker.holds}" if served else "transfers not served (skipped)"
        print(f"crash-test: {kills} kills survived; acknowledged writes {contacts + orders + transfers} "
              f"({contacts} contacts, {orders} paid orders, {transfer_note}); cut by kills {ledger.unknown}; "
              f"{checker.passed} checks passed")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
