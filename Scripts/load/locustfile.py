"""Viperd load-test journeys: a mobile client's day, mostly reads.

Every request is named by its route template (`/v1/contacts/{id}`), so Locust's report shows
per-step p50/p95/p99 and failures. A business failure (a 422 where a 201 was expected) is a
failure. Each simulated user registers itself on start and signs in (Scripts/lib/viperd_accounts.py:
its own data, no shared state), so the journeys run against any Viperd, empty or not.

`StreamHolder` users (off unless `run.sh --stream-holders WEIGHT`) hold `GET /v1/events` open and
report each event's delay as the request type `SSE event`; funded `MobileClient`s pay them, so
their transfers fan out as live events (see the class).

Run through `run.sh`, which installs the pinned Locust into its own virtualenv.
"""
import collections
import datetime
import itertools
import json
import os
import random
import subprocess
import sys
import time
import uuid

import requests
from locust import HttpUser, between, constant, events, task

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import viperd_accounts  # noqa: E402  (Scripts/lib: registration and sign-in, written once for every script)

_counter = itertools.count()
# A burst of sign-ups (50 users spawned in two seconds) queues 100 password hashes on a server
# that hashes two at a time: 3 retries a second apart were outlasted, each wave of retries meeting
# the next full queue. Real clients back off with jitter; so do these.
BUSY_RETRIES = 8


def is_server_busy(response):
    """A 503 whose problem document says `server_busy`: the one answer worth waiting out."""
    if response.status_code != 503:
        return False
    try:
        problem = response.json()
    except ValueError:
        return False
    return isinstance(problem, dict) and problem.get("code") == "server_busy"


# Route name → 503 answers retried after their Retry-After (printed when the run stops).
busy_retries = {}


@events.quitting.add_listener
def _report_busy_retries(environment, **_kwargs):
    if busy_retries:
        print("locustfile: 503 server_busy answers retried after Retry-After: "
              + ", ".join(f"{name} {count}" for name, count in sorted(busy_retries.items())))
FIRST_NAMES = ["Charlie", "Lucy", "Linus", "Sally", "Peppermint", "Marcie", "Schroeder", "Zoë", "Franklin"]
LAST_NAMES = ["Brown", "van Pelt", "Patty", "Reichardt", "Müller", "O'Neil", "Nguyen"]


@events.init_command_line_parser.add_listener
def _options(parser):
    parser.add_argument("--journeys", default=os.environ.get("LOADTEST_JOURNEYS", "all"),
                        help="comma-separated: contacts,orders,accounts,transfers (all = every one the server serves)")
    parser.add_argument("--fund-command", default=os.environ.get("LOADTEST_FUND_COMMAND", ""),
                        help="a command given an account id that puts money in it (the operator's `viperd import-transactions`"
                             " on the server's database); without it users hold no money and no transfer is sent")
    parser.add_argument("--mail-log", default=os.environ.get("LOADTEST_MAIL_LOG", ""),
                        help="the server's log (--log-level info, no --smtp-url): stream holders verify their address with"
                             " the code written there, so others can pay them; without it nobody pays them")


class MobileClient(HttpUser):
    """One app install: registers, then browses its address book, orders, and its account."""

    # Against StreamHolder's `--stream-holders` weight: 10 clients to its W holders.
    weight = 10
    wait_time = between(0.05, 0.5)

    def on_start(self):
        n = next(_counter)
        email = f"load-{uuid.uuid4().hex[:12]}-{n}@example.com"
        self.headers = {}
        try:
            # Registration answers 202 and hands out nothing; the token comes from signing in. Nobody
            # here pays these users, so their address is left unverified (its code is never read).
            self.token = viperd_accounts.register(self.send, f"Load {n}", email, "load-test-password")["token"]
        except viperd_accounts.AccountError:
            self.token = None  # the failed request is already marked failed in Locust's report
            return
        self.headers = {"Authorization": f"Bearer {self.token}"}
        self.contact_ids = []
        self.holder_contacts = {}  # a stream holder's email → this user's contact for it
        self.order_ids = []
        self.products = []
        self.account_id = None
        wanted = self.environment.parsed_options.journeys if self.environment.parsed_options else "all"
        self.journeys = set(wanted.split(",")) if wanted != "all" else {"contacts", "orders", "accounts", "transfers"}
        # A few contacts to read from the first moment.
        for _ in range(3):
            self.create_contact()
        if "orders" in self.journeys:
            self.load_products()
        self.savings_id = None
        if "accounts" in self.journeys or "transfers" in self.journeys:
            self.load_account()
        if "transfers" in self.journeys and self.account_id:
            response = self.expect("POST", "/v1/accounts", "/v1/accounts", 201, json={"name": "Savings", "currency": "CAD"})
            if response is not None:
                self.savings_id = response.json()["id"]
        self.funded = "transfers" in self.journeys and self.account_id is not None and self.fund(self.account_id)
        if self.funded:
            # Once at start as well as in the mix: a short smoke, its users mostly registering,
            # might otherwise draw no hold at all.
            self.pending_transfer()

    # --- helpers ---------------------------------------------------------------------------
    def expect(self, method, path, name, status, **kwargs):
        """Sends one request and marks it failed unless it got `status`.

        A 503 `server_busy` (no capacity now: its password hashing queue full, say) is retried
        after the `Retry-After` it names (up to twice that, at random, so the retries of a burst
        do not arrive together again), at most `BUSY_RETRIES` times; the retries are counted
        and printed at the end, and a 503 that outlasts them is a failure. Any other 503
        (`storage_unavailable`: the database failing) is a failure at once: the smoke must
        show it, not wait it out."""
        headers = dict(self.headers)
        headers.update(kwargs.pop("headers", {}))
        for attempt in range(BUSY_RETRIES + 1):
            with self.client.request(method, path, name=name, headers=headers, catch_response=True, **kwargs) as response:
                retry_after = response.headers.get("Retry-After", "")
                if is_server_busy(response) and retry_after.isdigit() and attempt < BUSY_RETRIES:
                    response.success()
                    busy_retries[name] = busy_retries.get(name, 0) + 1
                    delay = min(int(retry_after), 5) * (1 + random.random())
                else:
                    if response.status_code != status:
                        response.failure(f"expected {status}, got {response.status_code}: {response.text[:200]}")
                        return None
                    response.success()
                    return response
            time.sleep(delay)
        return None

    def send(self, method, path, body=None, token=None, expect=None):
        """viperd_accounts' transport through Locust's client, so registration and sign-in are
        measured and a wrong status is a failure in the report like any other step."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.expect(method, path, path, expect, json=body, headers=headers)
        if response is None:
            return None, None
        return response.status_code, response.json() if response.content else None

    def create_contact(self):
        body = {"firstName": random.choice(FIRST_NAMES), "lastName": random.choice(LAST_NAMES),
                "email": f"c{random.randrange(10**9)}@example.com", "phone": f"+1 416 555 {random.randrange(10000):04d}",
                "birthday": f"19{random.randrange(40, 99)}-0{random.randrange(1, 9)}-1{random.randrange(0, 9)}",
                "address": {"city": "Toronto", "country": "Canada"}}
        response = self.expect("POST", "/v1/contacts", "/v1/contacts", 201, json=body)
        if response is not None:
            self.contact_ids.append(response.json()["id"])

    def load_products(self):
        response = self.expect("GET", "/v1/products?limit=20", "/v1/products", 200)
        if response is not None:
            self.products = [item["id"] for item in response.json()["items"]]

    def fund(self, account_id):
        """Money for the account, by the operator's hand (`--fund-command`); False without one.
        A command that fails is a failure in the report, and the user then sends nothing; one that
        succeeds is not reported, as it is no request of the API's and would only skew its timings."""
        command = self.environment.parsed_options.fund_command if self.environment.parsed_options else ""
        if not command:
            return False
        result = subprocess.run([command, account_id], capture_output=True, text=True)
        if result.returncode != 0:
            events.request.fire(request_type="FUND", name="fund command", response_time=0, response_length=0,
                                exception=RuntimeError(f"exit {result.returncode}: {result.stderr[-200:]}"))
        return result.returncode == 0

    def load_account(self):
        response = self.expect("GET", "/v1/accounts", "/v1/accounts", 200)
        if response is not None and response.json()["items"]:
            self.account_id = response.json()["items"][0]["id"]

    # --- contacts: the bulk of a day -------------------------------------------------------
    @task(30)
    def list_contacts(self):
        if self.token:
            self.expect("GET", "/v1/contacts?limit=20", "/v1/contacts", 200)

    @task(10)
    def search_contacts(self):
        if self.token:
            query = random.choice(["brown", "pelt", "zoë", "416", "example"])
            self.expect("GET", f"/v1/contacts?q={query}", "/v1/contacts?q", 200)

    @task(25)
    def show_contact(self):
        if self.token and self.contact_ids:
            contact_id = random.choice(self.contact_ids)
            self.expect("GET", f"/v1/contacts/{contact_id}", "/v1/contacts/{id}", 200)

    @task(5)
    def add_contact(self):
        if self.token:
            self.create_contact()

    @task(4)
    def edit_contact(self):
        if not (self.token and self.contact_ids):
            return
        contact_id = random.choice(self.contact_ids)
        shown = self.expect("GET", f"/v1/contacts/{contact_id}", "/v1/contacts/{id}", 200)
        if shown is None:
            return
        self.expect("PATCH", f"/v1/contacts/{contact_id}", "/v1/contacts/{id}", 200,
                    json={"phone": f"+1 647 555 {random.randrange(10000):04d}"},
                    headers={"If-Match": shown.headers["ETag"]})

    @task(3)
    def me(self):
        if self.token:
            self.expect("GET", "/v1/me", "/v1/me", 200)

    # --- orders ------------------------------------------------------------------------------
    @task(4)
    def place_order(self):
        if not (self.token and "orders" in self.journeys and self.products):
            return
        body = {
            "customer": {"firstName": "Load", "lastName": "Tester", "email": "load@example.com", "phone": "+1 416 555 0100"},
            "billingAddress": {"street": "1 Main St", "city": "Toronto", "province": "ON", "postalCode": "M5V 1A1", "country": "Canada"},
            "shipmentAddress": {"street": "1 Main St", "city": "Toronto", "province": "ON", "postalCode": "M5V 1A1", "country": "Canada"},
            "shipmentMethod": random.choice(["standard", "twoDay", "oneDay"]),
            "items": [{"productId": product, "quantity": random.randrange(1, 4)}
                      for product in random.sample(self.products, min(3, len(self.products)))],
        }
        key = uuid.uuid4().hex
        response = self.expect("POST", "/v1/orders", "/v1/orders", 201, json=body, headers={"Idempotency-Key": key})
        if response is None:
            return
        self.order_ids.append(response.json()["id"])
        # A mobile client on a flaky network retries: the same key must replay, never act twice.
        replay = self.expect("POST", "/v1/orders", "/v1/orders (retry)", 201, json=body, headers={"Idempotency-Key": key})
        if replay is not None and replay.json()["id"] != response.json()["id"]:
            events.request.fire(request_type="CHECK", name="idempotent replay", response_time=0, response_length=0,
                                exception=AssertionError("a retry created a second order"))

    @task(6)
    def list_orders(self):
        if self.token and "orders" in self.journeys:
            self.expect("GET", "/v1/orders?sort=-placedAt&limit=20", "/v1/orders", 200)

    @task(4)
    def show_order(self):
        if self.token and "orders" in self.journeys and self.order_ids:
            self.expect("GET", f"/v1/orders/{random.choice(self.order_ids)}", "/v1/orders/{id}", 200)

    # --- accounts and the report ----------------------------------------------------------------
    @task(4)
    def report(self):
        if self.token and "accounts" in self.journeys and self.account_id:
            self.expect("GET", f"/v1/accounts/{self.account_id}/report", "/v1/accounts/{id}/report", 200)

    @task(3)
    def transactions(self):
        if self.token and "accounts" in self.journeys and self.account_id:
            self.expect("GET", f"/v1/accounts/{self.account_id}/transactions?limit=20", "/v1/accounts/{id}/transactions", 200)

    @task(2)
    def account(self):
        if self.token and "accounts" in self.journeys and self.account_id:
            self.expect("GET", f"/v1/accounts/{self.account_id}", "/v1/accounts/{id}", 200)

    # --- transfers: the send-money flow, one request per screen -----------------------------------
    # Registered users start with no money and the API has no deposit, so the flow is walked up to
    # submit and then abandoned; every step must succeed.
    @task(2)
    def transfer_flow(self):
        if not (self.token and "transfers" in self.journeys and self.account_id and self.savings_id):
            return
        created = self.expect("POST", "/v1/transfer-drafts", "/v1/transfer-drafts", 201, json={"fromAccountId": self.account_id})
        if created is None:
            return
        draft = created.json()["id"]
        path = f"/v1/transfer-drafts/{draft}"
        name = "/v1/transfer-drafts/{id}"
        self.expect("PATCH", path, name, 200, json={"amount": f"{random.randrange(1, 5000)}.{random.randrange(0, 100):02d}"})
        self.expect("PATCH", path, name, 200, json={"toAccountId": self.savings_id})
        self.expect("PATCH", path, name, 200, json={"memo": "load test"})
        shown = self.expect("GET", path, name, 200)
        if shown is not None and shown.json()["missing"]:
            events.request.fire(request_type="CHECK", name="draft complete", response_time=0, response_length=0,
                                exception=AssertionError(f"draft still misses {shown.json()['missing']}"))
        self.expect("DELETE", path, name, 204)

    @task(2)
    def transfer_history(self):
        if self.token and "transfers" in self.journeys:
            self.expect("GET", "/v1/transfers?limit=20", "/v1/transfers", 200)

    # --- pending transfers: money held for an address nobody has proven yet -------------------------
    # A contact with a fresh address no user holds verified: the transfer is created pending (the
    # source's available drops, its balance does not), then the sender takes it back. Each hold
    # lives a moment, so the funded balance never runs out. Needs money: only with --fund-command.
    @task(2)
    def pending_transfer(self):
        if not (self.token and "transfers" in self.journeys and self.funded):
            return
        created = self.expect("POST", "/v1/contacts", "/v1/contacts", 201,
                              json={"firstName": "Unclaimed", "lastName": random.choice(LAST_NAMES),
                                    "email": f"nobody-{uuid.uuid4().hex[:12]}@example.com"})
        if created is None:
            return
        body = {"fromAccountId": self.account_id, "toContactId": created.json()["id"],
                "amount": f"{random.randrange(1, 10)}.{random.randrange(0, 100):02d}", "memo": "load test hold"}
        sent = self.expect("POST", "/v1/transfers", "/v1/transfers (pending)", 201, json=body,
                           headers={"Idempotency-Key": uuid.uuid4().hex})
        if sent is None:
            return
        transfer = sent.json()
        if transfer["status"] != "pending":
            events.request.fire(request_type="CHECK", name="transfer to an unverified address held", response_time=0,
                                response_length=0, exception=AssertionError(f"status {transfer['status']!r}, not pending"))
            return
        cancelled = self.expect("POST", f"/v1/transfers/{transfer['id']}/cancel", "/v1/transfers/{id}/cancel", 200,
                                headers={"Idempotency-Key": uuid.uuid4().hex})
        if cancelled is not None and (cancelled.json()["status"], cancelled.json()["cancelledBy"]) != ("cancelled", "sender"):
            events.request.fire(request_type="CHECK", name="pending transfer cancelled by its sender", response_time=0,
                                response_length=0,
                                exception=AssertionError(f"{cancelled.json()['status']!r} by {cancelled.json()['cancelledBy']!r}"))

    @task(1)
    def incoming_money(self):
        # The users here never prove their address, so the list answers why it shows nothing.
        if self.token and "transfers" in self.journeys:
            self.expect("GET", "/v1/transfers/incoming", "/v1/transfers/incoming", 403)

    # --- paying the stream holders: transfers that fan out as live events ----------------------------
    @task(2)
    def pay_stream_holder(self):
        if not (self.token and "transfers" in self.journeys and self.funded):
            return
        # A holder no other transfer is on its way to: each then receives its transfers in the
        # order they were sent, which is how StreamHolder matches an event to its transfer.
        idle = [holder for holder in stream_holders.values() if not holder.transfer_in_flight]
        if not idle:
            return
        holder = random.choice(idle)
        contact_id = self.holder_contacts.get(holder.email)
        if contact_id is None:
            created = self.expect("POST", "/v1/contacts", "/v1/contacts", 201,
                                  json={"firstName": "Stream", "lastName": "Holder", "email": holder.email})
            if created is None:
                return
            contact_id = self.holder_contacts[holder.email] = created.json()["id"]
        if holder.transfer_in_flight:
            return  # taken while the contact was being made
        holder.transfer_in_flight = True
        sent = holder.expect_transfer()
        try:
            response = self.expect("POST", "/v1/transfers", "/v1/transfers (to a stream holder)", 201,
                                   json={"fromAccountId": self.account_id, "toContactId": contact_id,
                                         "amount": f"0.{random.randrange(1, 100):02d}", "memo": "load test live event"},
                                   headers={"Idempotency-Key": uuid.uuid4().hex})
            if response is None or response.json()["status"] != "completed":
                holder.forget_transfer(sent)
                if response is not None:
                    events.request.fire(request_type="CHECK", name="transfer to a verified stream holder completed",
                                        response_time=0, response_length=0,
                                        exception=AssertionError(f"status {response.json()['status']!r}"))
        finally:
            holder.transfer_in_flight = False


# Stream holders whose address is verified (others can pay them at once), by email.
stream_holders = {}


def _rfc3339_seconds(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp()


class StreamHolder(HttpUser):
    """A device with the app open: signs in and holds `GET /v1/events` (Bearer token), reconnecting
    with `Last-Event-ID` when the stream ends as the server's `retry:` says, and reports every event
    it receives to Locust as request type `SSE event`, named by the event's type, its response time
    the event's delay:
      - `transfer.received` of a transfer a MobileClient here sent it: arrival − the moment that
        client began its POST /v1/transfers (the commit falls after it, so this is at most a few
        ms above the commit-to-arrival time);
      - any other event: arrival − its `occurredAt` (the server's clock, the same machine's), which
        has whole seconds: up to a second too long, so read it as "under n + 1 s".
    Off by default; `run.sh --stream-holders WEIGHT` adds them, WEIGHT to MobileClient's 10."""

    weight = int(os.environ.get("LOADTEST_STREAM_HOLDER_WEIGHT", "1") or "1")
    wait_time = constant(0)
    # The server's `retry:` (2 s), until a stream says otherwise.
    DEFAULT_RETRY = 2.0

    def on_start(self):
        n = next(_counter)
        self.email = f"stream-{uuid.uuid4().hex[:12]}-{n}@example.com"
        self.headers = {}
        self.last_id = None
        self.retry = self.DEFAULT_RETRY
        self.ended = False
        self.transfer_in_flight = False
        self.verified = False
        self.sent = collections.deque()  # start times of transfers to this holder, oldest first
        mail_log = self.environment.parsed_options.mail_log if self.environment.parsed_options else ""
        try:
            user = viperd_accounts.register(self.send, f"Holder {n}", self.email, "load-test-password",
                                            mail_log=mail_log or None)
        except viperd_accounts.AccountError as error:
            self.token = None
            events.request.fire(request_type="CHECK", name="stream holder registered", response_time=0,
                                response_length=0, exception=error)
            return
        self.token = user["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}
        # Payable once its stream is caught up (`ready`): an event before that would be missed.
        self.verified = bool(user.get("verified"))

    def on_stop(self):
        stream_holders.pop(getattr(self, "email", None), None)

    def send(self, method, path, body=None, token=None, expect=None):
        """viperd_accounts' transport through Locust's client (as MobileClient's); viperd_accounts
        waits out a 503 `server_busy` itself, so that answer is counted, not failed."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        with self.client.request(method, path, name=path, json=body, headers=headers, catch_response=True) as response:
            if is_server_busy(response):
                response.success()
                busy_retries[path] = busy_retries.get(path, 0) + 1
            elif response.status_code != expect:
                response.failure(f"expected {expect}, got {response.status_code}: {response.text[:200]}")
            else:
                response.success()
        try:
            return response.status_code, response.json() if response.content else None
        except ValueError:
            return response.status_code, None

    def expect_transfer(self):
        """Called by the payer as it begins a transfer to this holder; its event will be matched to it."""
        sent = [time.time()]
        self.sent.append(sent)
        return sent

    def forget_transfer(self, sent):
        """A transfer that was not made: no event will come for it."""
        try:
            self.sent.remove(sent)
        except ValueError:
            pass

    @task
    def hold_stream(self):
        if not self.token or self.ended:
            time.sleep(1)
            return
        headers = dict(self.headers)
        headers["Accept"] = "text/event-stream"
        if self.last_id is not None:
            headers["Last-Event-ID"] = self.last_id
        try:
            # The read timeout outlasts the 15 s heartbeat: a stream silent longer has died. The
            # `with` ends before the body is read, so Locust reports the opening when it happens,
            # not when the stream ends.
            with self.client.get("/v1/events", name="/v1/events", headers=headers, stream=True, timeout=(10, 40),
                                 catch_response=True) as response:
                opened = response.status_code == 200
                if opened:
                    response.success()
                else:
                    response.failure(f"expected 200, got {response.status_code}: {response.text[:200]}")
            if not opened:
                time.sleep(self.retry)
                return
            try:
                self.read_events(response)
            finally:
                response.close()
        except requests.RequestException as error:
            events.request.fire(request_type="SSE", name="/v1/events (stream broken)", response_time=0,
                                response_length=0, exception=error)
        if not self.ended:
            time.sleep(self.retry)

    def read_events(self, response):
        """WHATWG SSE framing: `field: value` lines, a blank line dispatches, `:` starts a comment."""
        buffered = b""
        event = {}
        for chunk in response.iter_content(chunk_size=None):
            buffered += chunk
            *lines, buffered = buffered.split(b"\n")
            for raw in lines:
                line = raw.rstrip(b"\r").decode()
                if not line:
                    if event:
                        self.dispatch(event)
                    event = {}
                    if self.ended:
                        return
                    continue
                if line.startswith(":"):
                    continue
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "retry" and value.isdigit():
                    self.retry = int(value) / 1000
                elif field == "data" and "data" in event:
                    event["data"] += "\n" + value
                else:
                    event[field] = value

    def dispatch(self, event):
        arrived = time.time()
        if "id" in event:
            self.last_id = event["id"]
        kind = event.get("event", "message")
        if kind == "ready" and self.verified:
            stream_holders[self.email] = self
        if kind == "reset":
            # Events were purged unsent: those transfers' arrivals will never come to be matched.
            self.sent.clear()
        if kind in ("ready", "reset") or "data" not in event:
            return
        try:
            data = json.loads(event["data"])
        except ValueError as error:
            events.request.fire(request_type="SSE event", name=kind, response_time=0, response_length=len(event["data"]),
                                exception=error)
            return
        if kind == "session.ended":
            self.ended = True
        if kind == "transfer.received" and self.sent:
            delay = arrived - self.sent.popleft()[0]
        elif "occurredAt" in data:
            delay = arrived - _rfc3339_seconds(data["occurredAt"])
        else:
            delay = 0.0
        events.request.fire(request_type="SSE event", name=kind, response_time=max(0.0, delay) * 1000,
                            response_length=len(event["data"]), exception=None)
