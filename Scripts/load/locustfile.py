"""Viperd load-test journeys: a mobile client's day, mostly reads.

Every request is named by its route template (`/v1/contacts/{id}`), so Locust's report shows
per-step p50/p95/p99 and failures. A business failure (a 422 where a 201 was expected) is a
failure. Each simulated user registers itself on start and signs in (Scripts/lib/viperd_accounts.py:
its own data, no shared state), so the journeys run against any Viperd, empty or not.

Run through `run.sh`, which installs the pinned Locust into its own virtualenv.
"""
import itertools
import os
import random
import subprocess
import sys
import time
import uuid

from locust import HttpUser, between, events, task

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import viperd_accounts  # noqa: E402  (Scripts/lib: registration and sign-in, written once for every script)

_counter = itertools.count()
BUSY_RETRIES = 3


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


class MobileClient(HttpUser):
    """One app install: registers, then browses its address book, orders, and its account."""

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
        after the `Retry-After` it names, at most `BUSY_RETRIES` times; the retries are counted
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
                    delay = min(int(retry_after), 5)
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
