#!/usr/bin/env python3
"""Several viperd instances over one database behind nginx: the promises hold across instances.

Run through Scripts/deploy/cluster-test.sh (which starts a cluster with Scripts/deploy/cluster.sh and stops it).
Python standard library only.

    python3 Scripts/deploy/cluster-test.py CLUSTER_DIR [--only NAME]...

CLUSTER_DIR holds the cluster.env Scripts/deploy/cluster.sh wrote (BALANCER, INSTANCE_n, INSTANCE_n_PID,
DATABASE_URL or DATABASE_PATH, BINARY) and each instance's log (viperd-n.log). Each check
registers its own user, verified with the code an instance logs (no --smtp-url), and prints one
line with its figures; a violated check prints what was expected and found, and the run exits 1.
The checks, in order (`kill` is last: it leaves instance 1 dead; `live` kills it too, and starts it
again on its port before the checks after it):

  retries      the committed nginx policy (deploy/nginx/viperd-locations.conf) on its own nginx, in
               front of two stand-ins: one that reads each request and hangs up, one that answers.
               A POST or PATCH that reached the first is not passed to the second (503
               upstream_unavailable, a problem document with Retry-After: 1); a GET, PUT or
               DELETE is (200); X-Forwarded-For gets the peer appended, X-Request-ID passes.

  transfers    an account with exactly 100.00 available (funded by `viperd import-transactions`,
               the only way money enters the system) sends 50 concurrent 10.00 transfers to
               another of its user's accounts, alternating instances: exactly 10 are 201 and 40
               are 422 insufficient_funds; available ends at 0.00; both accounts' transactions
               explain their balances; the transfer history lists exactly the 10.
  crossing     transfers crossing between the same accounts on both instances at once, for
               CROSSING_SECONDS (default 10; 60 for the issue's run): 3 users with 3 funded
               accounts each and a contact for each other user; 6 pairs of threads each release
               together A→B on instance 1 and B→A on instance 2 (two accounts of one user, or two
               users' first accounts: money to a verified contact lands there at once), 2 threads
               more through the balancer; each on a keep-alive connection, each request with its
               own Idempotency-Key. Every answer must be 201 completed into the expected account
               or 422 insufficient_funds: a 5xx (the 503 storage_unavailable a deadlock or
               serialization failure becomes once the server's retries run out), a 409 or any
               other answer fails it. Then each balance is its start plus the acknowledged
               transfers and is explained by its transactions, the sum is the fundings', and
               `viperd verify-ledger` passes on the cluster's database. Prints the answers
               counted, transfers/s, and the retries the servers hid (their /metrics).
  idempotency  one Idempotency-Key, one body, sent at once to both instances (3 each), for a
               transfer and for a paid order: one 201 acts, the others are 409
               idempotency_in_flight (with Retry-After) or its replay; then a replay on each
               instance is byte for byte the first answer with Idempotent-Replayed: true; one
               transfer, one order, one debit each; the key with another body is 409
               idempotency_key_reused.
  throttle     failed logins alternating between the instances are refused (429) from the 6th for
               one email from one client address and from the 21st for one client address
               (X-Forwarded-For, believed because the instances trust 127.0.0.1): the
               single-instance limits of LoginThrottle (5 per client, 20 per address), not twice
               them; the owner signs in from another address meanwhile; past 10 failures for the
               email, a client that failed on one instance is paced on the other (429 with
               Retry-After) while a fresh client is not; and of 40 wrong logins for one email from
               one address released together on both instances, at most 5 are checked.
  revocation   a token logged out (DELETE /v1/sessions/current) on instance 1 is refused (401) on
               instance 2 within 1.5 s, while instance 2 is asked for it every 20 ms; the user's
               other session keeps working.
  live         live events across instances (GET /v1/events, Server-Sent Events): the recipient holds
               four streams, three through the balancer (round robin: both instances) and one
               on instance 1 directly; the sender pays them through instance 2, and every stream
               gets that transfer.received within 2 s (those on instance 1 through PostgreSQL's
               LISTEN/NOTIFY wake-up). Instance 1 is then killed with SIGKILL: its streams end;
               the sender pays twice more through instance 2; each ended stream reconnects through
               the balancer with its Last-Event-ID and gets exactly those two events, once, in
               order, then `ready` at the last one; the surviving streams get the two live, once.
               Instance 1 is started again on its port afterwards.
  kill         writers create contacts through the balancer and directly on each instance for
               about 10 s; instance 1 is killed with SIGKILL after 5 s. The balancer's failures
               must all end within 2 s of the kill and it must keep acknowledging writes after
               that; instance 2 never fails; connection errors from the dead instance itself are
               expected. Every acknowledged (201) write is then listed through instance 2.
"""
import argparse
import http.client
import http.server
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import viperd_accounts  # noqa: E402  (Scripts/lib: registration, sign-in and the mailed code)

PASSWORD = "cluster-test-password"
# LoginThrottle's defaults (Sources/Domain/Throttling/LoginThrottle.swift): the limits one
# instance enforces; the shared count (PostgresAttemptCounter) must enforce the same across instances.
CLIENT_LIMIT = 5
ADDRESS_LIMIT = 20
SLOWDOWN_THRESHOLD = 10
REVOCATION_LIMIT_SECONDS = 1.5
# How soon a committed event must reach an open stream, on its instance or the other one.
LIVE_DELIVERY_SECONDS = 2.0
KILL_AFTER_SECONDS = 5.0
WRITE_SECONDS = 10.0
BLIP_SECONDS = 2.0
# The crossing check: how long (CROSSING_SECONDS overrides it: 60 for the run), how many
# users (each registration costs about 2 s of password hashing on the debug binary: 3 keep the
# check within 20 s) and accounts each, what each account is funded with (no transfer of 0.01 to 5.00 then
# runs short: 422 insufficient_funds stays possible, not expected), the pairs of threads released
# together on both instances, and the threads that go through the balancer besides.
CROSSING_SECONDS = 10.0
CROSSING_USERS = 3
CROSSING_ACCOUNTS = 3
CROSSING_FUNDING = 1_000_000
CROSSING_PAIRS = 6
CROSSING_THROUGH_BALANCER = 2
CHECKS = ["retries", "transfers", "crossing", "idempotency", "throttle", "revocation", "live", "kill"]
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def log(message):
    print(f"cluster-test: {message}", file=sys.stderr, flush=True)


class Violation(Exception):
    """A promise did not hold; the message says what was expected and found."""


def require(condition, message):
    if not condition:
        raise Violation(message)


class Refused(Exception):
    """Nothing was sent: nobody listens at that address."""


class Response:
    def __init__(self, status, headers, raw):
        self.status, self.headers, self.raw = status, headers, raw
        try:
            self.json = json.loads(raw) if raw and "json" in headers.get("content-type", "") else None
        except ValueError:
            self.json = None

    @property
    def code(self):
        return (self.json or {}).get("code") if isinstance(self.json, dict) else None

    def brief(self):
        return f"{self.status} {self.raw[:200].decode('utf-8', 'replace')}"


class Endpoint:
    """One base URL: the balancer or one instance."""

    def __init__(self, name, url):
        parsed = urllib.parse.urlsplit(url)
        self.name, self.url, self.host, self.port = name, url, parsed.hostname, parsed.port

    def request(self, method, path, body=None, token=None, headers=None, timeout=20):
        """A Response. Raises Refused, or OSError / HTTPException when the exchange was cut."""
        all_headers = {"Connection": "close"}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        if body is not None:
            all_headers["Content-Type"] = "application/json"
            if not isinstance(body, bytes):
                body = json.dumps(body).encode()
        all_headers.update(headers or {})
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            try:
                connection.connect()
            except ConnectionRefusedError as error:
                raise Refused() from error
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            raw = response.read()
            return Response(response.status, {k.lower(): v for k, v in response.getheaders()}, raw)
        finally:
            connection.close()

    def expect(self, status, method, path, **kwargs):
        response = self.request(method, path, **kwargs)
        require(response.status == status,
                f"{method} {path} on {self.name}: expected {status}, got {response.brief()}")
        return response


class Cluster:
    def __init__(self, directory):
        values = {}
        with open(os.path.join(directory, "cluster.env")) as handle:
            for line in handle:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    values[key] = value
        self.dir = directory
        self.balancer = Endpoint("the balancer", values["BALANCER"])
        count = int(values["INSTANCES"])
        self.instances = [Endpoint(f"instance {i}", values[f"INSTANCE_{i}"]) for i in range(1, count + 1)]
        self.pids = [int(values[f"INSTANCE_{i}_PID"]) for i in range(1, count + 1)]
        # Where Scripts/deploy/cluster.sh points each instance's stderr; their outbox is shared, so any
        # instance's delivery worker may be the one that logs a mailed code.
        self.logs = [os.path.join(directory, f"viperd-{i}.log") for i in range(1, count + 1)]
        self.binary = values["BINARY"]
        if "DATABASE_URL" in values:
            self.database_args = ["--database-url", values["DATABASE_URL"]]
        else:
            self.database_args = ["--db", values["DATABASE_PATH"]]
        require(count >= 2, f"the checks need two instances; the cluster has {count}")
        self.one, self.two = self.instances[0], self.instances[1]


def money(minor):
    return f"{minor // 100}.{minor % 100:02d}"


def register(cluster, endpoint, name):
    """A verified user, registered and signed in through `endpoint`: like any real one, payable."""
    email = f"cluster-{name.lower()}-{uuid.uuid4().hex[:10]}@example.com"
    try:
        token = viperd_accounts.register(viperd_accounts.sender(endpoint.url), name, email, PASSWORD,
                                         mail_log=cluster.logs)["token"]
    except viperd_accounts.AccountError as error:
        raise Violation(f"registering {name} on {endpoint.name}: {error}") from error
    accounts = endpoint.expect(200, "GET", "/v1/accounts", token=token).json
    return {"email": email, "token": token, "accounts": [item["id"] for item in accounts["items"]]}


def fund(cluster, account, minor, description="cluster-test funding"):
    """A posted credit through the operator's importer: the API has no deposit."""
    feed = os.path.join(cluster.dir, f"fund-{account}-{uuid.uuid4().hex[:6]}.json")
    with open(feed, "w") as handle:
        json.dump([{"group": "P", "date": time.strftime("%Y-%m-%d", time.gmtime()), "description": description,
                    "amount": money(minor), "debit": "C"}], handle)
    result = subprocess.run([cluster.binary, "import-transactions", *cluster.database_args, "--account", account, feed],
                            capture_output=True, text=True)
    require(result.returncode == 0, f"funding {account} with viperd import-transactions failed: {result.stdout}{result.stderr}")


def list_all(endpoint, path, token):
    """Every item of a paginated list."""
    items, cursor = [], None
    separator = "&" if "?" in path else "?"
    while True:
        page = path + separator + "limit=100" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        answer = endpoint.expect(200, "GET", page, token=token).json
        items += answer["items"]
        cursor = answer.get("nextCursor")
        if not cursor:
            return items


def at_once(calls):
    """Runs the calls on one thread each, released together; their results (or exceptions) in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=30)
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - reported by the caller with the others
            results[index] = error

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def account(endpoint, token, account_id):
    return endpoint.expect(200, "GET", f"/v1/accounts/{account_id}", token=token).json


def net_of(transactions):
    return sum(t["amount"]["minor"] if t["direction"] == "credit" else -t["amount"]["minor"] for t in transactions)


# --- the checks ---------------------------------------------------------------------------------------

def check_retries(cluster):
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    require(nginx, "nginx not found")
    hung_up = []

    hole = socket.socket()
    hole.bind(("127.0.0.1", 0))
    hole.listen(16)

    def hang_up():
        while True:
            try:
                connection, _ = hole.accept()
            except OSError:
                return
            with connection:
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = connection.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                hung_up.append(data.split(b" ", 1)[0].decode())

    seen = []

    class Answer(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def answer(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            seen.append((self.command, self.headers.get("X-Forwarded-For"), self.headers.get("X-Request-ID")))
            body = b'{"ok":true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

        def log_message(self, *arguments):
            pass

    answering = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    folder = os.path.join(cluster.dir, "retries-nginx")
    os.makedirs(os.path.join(folder, "tmp"), exist_ok=True)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    with open(os.path.join(REPOSITORY, "deploy", "nginx", "viperd.conf")) as handle:
        # Every map of the http context: the request id's and HSTS's (empty here, plain HTTP).
        http_level = "\n".join(re.findall(r"^map .*?^}", handle.read(), re.M | re.S))
    temp = "".join(f"    {kind}_temp_path {folder}/tmp/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    # max_fails=0: strict alternation, so that of two requests in a row one starts at the stand-in
    # that hangs up, whatever happened before.
    user = ""
    if os.geteuid() == 0:  # as Scripts/deploy/cluster.sh: the workers run as nobody
        import grp
        import pwd
        user = f"user nobody {grp.getgrgid(pwd.getpwnam('nobody').pw_gid).gr_name};\n"
    config = (user +
              f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\nhttp {{\n{temp}"
              f"    access_log {folder}/access.log;\n{http_level}\n"
              f"    upstream viperd {{ server 127.0.0.1:{hole.getsockname()[1]} max_fails=0; "
              f"server 127.0.0.1:{answering.server_address[1]} max_fails=0; keepalive 8; }}\n"
              f"    server {{ listen 127.0.0.1:{port}; include {REPOSITORY}/deploy/nginx/viperd-locations.conf; }}\n}}\n")
    with open(os.path.join(folder, "nginx.conf"), "w") as handle:
        handle.write(config)
    threading.Thread(target=hang_up, daemon=True).start()
    threading.Thread(target=answering.serve_forever, daemon=True).start()
    process = subprocess.Popen([nginx, "-p", folder + "/", "-c", os.path.join(folder, "nginx.conf"), "-e",
                                os.path.join(folder, "error.log"), "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        front = Endpoint("the retry nginx", f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + 10
        while True:
            try:
                front.request("GET", "/warm-up")
                break
            except Refused:
                require(process.poll() is None and time.monotonic() < deadline,
                        f"nginx did not start: {process.stderr.read().decode() if process.poll() is not None else 'timeout'}")
                time.sleep(0.05)
        outcomes = {}
        for method in ("POST", "PATCH", "GET", "PUT", "DELETE"):
            before = len(hung_up)
            answers = [front.request(method, "/v1/anything", body={"n": n},
                                     headers={"X-Forwarded-For": "203.0.113.9", "X-Request-ID": f"retry-{method}-{n}"})
                       for n in range(2)]
            reached = hung_up[before:]
            require(reached == [method], f"{method}: the stand-in that hangs up got {reached}, expected one {method}")
            statuses = sorted(answer.status for answer in answers)
            if method in ("POST", "PATCH"):
                require(statuses == [200, 503], f"{method}: answers {statuses}; a {method} that reached an instance must "
                                                f"not be passed to another (expected one 503 and one 200)")
                refused = next(answer for answer in answers if answer.status == 503)
                require(refused.code == "upstream_unavailable" and refused.headers.get("retry-after") == "1"
                        and refused.headers.get("content-type") == "application/problem+json",
                        f"{method}: nginx's own error is not the problem document: {refused.headers} {refused.brief()}")
            else:
                require(statuses == [200, 200], f"{method}: answers {statuses}; an idempotent request must be retried (200, 200)")
            outcomes[method] = "/".join(str(s) for s in statuses)
        forwarded = [entry for entry in seen if entry[2] and entry[2].startswith("retry-")]
        require(all(entry[1] == "203.0.113.9, 127.0.0.1" for entry in forwarded),
                f"X-Forwarded-For reached the instance as {sorted({entry[1] for entry in forwarded})}, not '203.0.113.9, 127.0.0.1'")
    finally:
        process.terminate()
        process.wait(timeout=10)
        answering.shutdown()
        hole.close()
    return (f"a request the first instance read and dropped: POST {outcomes['POST']}, PATCH {outcomes['PATCH']} (not passed on, "
            f"503 upstream_unavailable), GET {outcomes['GET']}, PUT {outcomes['PUT']}, DELETE {outcomes['DELETE']} (passed on); "
            f"X-Forwarded-For appended, X-Request-ID passed")


def check_transfers(cluster):
    one, two = cluster.one, cluster.two
    user = register(cluster, one, "Transfers")
    token, source = user["token"], user["accounts"][0]
    before = account(one, token, source)
    currency = before["currency"]
    destination = two.expect(201, "POST", "/v1/accounts", token=token,
                             body={"name": "Savings", "currency": currency}).json["id"]
    need = 10_000 - before["available"]["minor"]
    require(need > 0, f"a new account already has {before['available']} available; the check needs less than 100.00")
    fund(cluster, source, need)
    funded = account(two, token, source)
    require(funded["available"]["minor"] == 10_000, f"after funding, instance 2 shows available {funded['available']}, not 100.00")

    def transfer(index):
        endpoint = cluster.instances[index % 2]
        return endpoint, endpoint.request("POST", "/v1/transfers", token=token,
                                          headers={"Idempotency-Key": uuid.uuid4().hex},
                                          body={"fromAccountId": source, "toAccountId": destination,
                                                "amount": "10.00", "memo": f"cluster {index}"})

    started = time.monotonic()
    results = at_once([lambda i=i: transfer(i) for i in range(50)])
    elapsed = time.monotonic() - started
    created, refused, other, per_instance = [], 0, [], {one.name: 0, two.name: 0}
    for result in results:
        if isinstance(result, Exception):
            other.append(repr(result))
            continue
        endpoint, response = result
        if response.status == 201:
            created.append(response.json["id"])
            per_instance[endpoint.name] += 1
        elif response.status == 422 and response.code == "insufficient_funds":
            refused += 1
        else:
            other.append(f"{endpoint.name}: {response.brief()}")
    require(not other, f"{len(other)} of 50 transfers were neither 201 nor 422 insufficient_funds: {other[:5]}")
    require(len(created) == 10 and refused == 40,
            f"expected exactly 10 × 201 and 40 × 422 insufficient_funds, got {len(created)} × 201 and {refused} × 422")

    after = account(two, token, source)
    require(after["available"]["minor"] == 0, f"available after the transfers is {after['available']}, not 0.00")
    require(after["balance"]["minor"] == funded["balance"]["minor"] - 10_000,
            f"balance went from {funded['balance']['minor']} to {after['balance']['minor']}, not down by 10000")
    received = account(one, token, destination)
    require(received["balance"]["minor"] == 10_000, f"the destination holds {received['balance']}, not 100.00")

    history = list_all(one, f"/v1/accounts/{source}/transactions", token)
    debits = [t for t in history if t["direction"] == "debit"]
    require(len(debits) == 10 and all(t["amount"]["minor"] == 1000 and t["group"] == "posted" for t in debits),
            f"the source has {len(debits)} debits, expected 10 posted debits of 10.00: {debits[:3]}")
    require(net_of(history) == after["balance"]["minor"],
            f"the source's transactions add up to {net_of(history)}, its balance is {after['balance']['minor']}")
    credits = list_all(two, f"/v1/accounts/{destination}/transactions", token)
    require(net_of(credits) == 10_000 and len(credits) == 10,
            f"the destination has {len(credits)} transactions adding up to {net_of(credits)}, expected 10 adding up to 10000")
    transfers = list_all(two, "/v1/transfers", token)
    require(sorted(t["id"] for t in transfers) == sorted(created),
            f"the transfer history lists {len(transfers)} transfers, not exactly the 10 acknowledged")
    return (f"50 concurrent 10.00 transfers from 100.00 in {elapsed:.2f} s: 10 × 201 "
            f"({per_instance[one.name]} on instance 1, {per_instance[two.name]} on instance 2), 40 × 422 insufficient_funds; "
            f"available 0.00; {len(history)} + {len(credits)} transactions explain both balances; history lists the 10")


class KeptConnection:
    """One client's keep-alive connection to one endpoint: a client sending transfers back to back
    does not open a socket per request (60 s of that would run through the loopback's ports)."""

    def __init__(self, endpoint):
        self.endpoint, self.connection = endpoint, None

    def post(self, path, body, token, key):
        """A Response to a keyed POST. A connection the server closed between two requests is met
        as a cut before any answer: the request goes again with the same Idempotency-Key on a fresh
        connection, so at most one transfer comes of it (a replay if the first one acted)."""
        raw = json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Idempotency-Key": key}
        resent, deadline = False, None
        while True:
            reused = self.connection is not None
            if not reused:
                self.connection = http.client.HTTPConnection(self.endpoint.host, self.endpoint.port, timeout=30)
            try:
                self.connection.request("POST", path, body=raw, headers=headers)
                response = self.connection.getresponse()
                answer = Response(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
                if response.will_close:
                    self.close()
            except (OSError, http.client.HTTPException):
                self.close()
                if not reused or resent:
                    raise
                resent, deadline = True, time.monotonic() + 10
                continue
            if resent and answer.code == "idempotency_in_flight" and time.monotonic() < deadline:
                time.sleep(0.2)  # the first send is still running: its answer is what the replay will be
                continue
            return answer, resent

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def metrics_of(cluster, index):
    """Instance `index`'s (0-based) /metrics as {series: value}, read from the listener its log names;
    {} when it names none or does not answer."""
    with open(cluster.logs[index], "rb") as handle:
        found = re.findall(r"metrics on (http://[0-9.:\[\]a-z]+)", handle.read().decode("utf-8", "replace"))
    if not found:
        return {}
    try:
        endpoint = Endpoint(f"instance {index + 1}'s metrics", found[-1])
        text = endpoint.request("GET", "/metrics", timeout=5).raw.decode("utf-8", "replace")
    except (OSError, http.client.HTTPException, Refused):
        return {}
    values = {}
    for line in text.splitlines():
        name, _, value = line.rpartition(" ")
        if name and not line.startswith("#"):
            try:
                values[name] = float(value)
            except ValueError:
                pass
    return values


# Words of a problem document that would mean the database's contention reached the client: the
# server retries a deadlock (40P01) or serialization failure (40001) up to its retry limit and,
# past it, answers 503 storage_unavailable; no such answer may get out.
CONTENTION_WORDS = re.compile(r"deadlock|serializ|conflict|40P01|40001", re.IGNORECASE)


def check_crossing(cluster):
    one, two, balancer = cluster.one, cluster.two, cluster.balancer
    seconds = float(os.environ.get("CROSSING_SECONDS", CROSSING_SECONDS))
    require(seconds > 0, f"CROSSING_SECONDS must be positive, not {seconds}")
    started = time.monotonic()
    registered = at_once([lambda n=n: register(cluster, cluster.instances[n % 2], f"Crossing{n}") for n in range(CROSSING_USERS)])
    for result in registered:
        if isinstance(result, Exception):
            raise result
    users = registered
    currency = account(one, users[0]["token"], users[0]["accounts"][0])["currency"]
    for n, user in enumerate(users):
        for k in range(1, CROSSING_ACCOUNTS):
            user["accounts"].append(cluster.instances[(n + k) % 2].expect(
                201, "POST", "/v1/accounts", token=user["token"], body={"name": f"Crossing {k}", "currency": currency}).json["id"])
        # A contact for every other user, by their verified address: paid at once, into that
        # user's first account in the currency (docs/API.md, Transfers).
        user["contacts"] = {}
        for m, other in enumerate(users):
            if m != n:
                user["contacts"][m] = one.expect(201, "POST", "/v1/contacts", token=user["token"], body={
                    "firstName": "Crossing", "lastName": f"User {m}", "email": other["email"]}).json["id"]
    owner = {a: n for n, user in enumerate(users) for a in user["accounts"]}
    order = {a: i for i, a in enumerate(owner)}  # which of two accounts sends on instance 1

    def balances():
        found = {}
        for user in users:
            for item in two.expect(200, "GET", "/v1/accounts", token=user["token"]).json["items"]:
                found[item["id"]] = item["balance"]["minor"]
        return found

    before = balances()
    funded = at_once([lambda a=a: fund(cluster, a, CROSSING_FUNDING, "cluster-test crossing") for a in owner])
    for result in funded:
        if isinstance(result, Exception):
            raise result
    start = balances()
    require(all(start[a] == before[a] + CROSSING_FUNDING for a in owner),
            f"after funding, the balances are {start}, not {CROSSING_FUNDING} above {before}")

    def leg(source, destination):
        """(source, the body's recipient field and id, the account credited) of one transfer."""
        if owner[source] == owner[destination]:
            return source, {"toAccountId": destination}, destination
        to = owner[destination]
        return source, {"toContactId": users[owner[source]]["contacts"][to]}, users[to]["accounts"][0]

    def crossing_pair(rng):
        """Two transfers between the same two accounts in opposite directions, the one from the
        account first in `order` first: it goes to instance 1, the other to instance 2."""
        x = rng.randrange(len(users))
        if rng.random() < 0.5:
            a, b = rng.sample(users[x]["accounts"], 2)
        else:
            y = rng.choice([n for n in range(len(users)) if n != x])
            # Money to another user lands in their first account: the pair is the two first accounts.
            a, b = users[x]["accounts"][0], users[y]["accounts"][0]
        a, b = sorted((a, b), key=order.get)
        return leg(a, b), leg(b, a)

    lock = threading.Lock()
    outcomes = {}  # (endpoint name, status, code) -> count
    created = {}  # transfer id -> (source, credited, minor)
    problems = []  # answers that fail the check
    resent = [0]
    stop = threading.Event()

    def send(client, leg_, token):
        source, recipient, credited = leg_
        minor = random.randint(1, 500)
        body = {"fromAccountId": source, "amount": money(minor), "memo": "crossing", **recipient}
        try:
            response, again = client.post("/v1/transfers", body, token, uuid.uuid4().hex)
        except (OSError, http.client.HTTPException) as error:
            with lock:
                outcomes[(client.endpoint.name, "cut", None)] = outcomes.get((client.endpoint.name, "cut", None), 0) + 1
                problems.append(f"{client.endpoint.name}: the exchange was cut: {error!r}")
            return
        key = (client.endpoint.name, response.status, response.code)
        problem = None
        if response.status == 201:
            data = response.json or {}
            if data.get("status") != "completed" or data.get("toAccountId") != credited:
                problem = (f"{client.endpoint.name}: a transfer to {recipient} was {data.get('status')} into "
                           f"{data.get('toAccountId')}, expected completed into {credited}")
        elif not (response.status == 422 and response.code == "insufficient_funds"):
            words = CONTENTION_WORDS.search(json.dumps(response.json) if response.json is not None else "")
            problem = (f"{client.endpoint.name}: {response.brief()}"
                       + (f" (the database's contention reached the client: {words.group(0)!r})" if words else ""))
        with lock:
            outcomes[key] = outcomes.get(key, 0) + 1
            resent[0] += 1 if again else 0
            if problem:
                problems.append(problem)
            elif response.status == 201:
                created[response.json["id"]] = (source, credited, minor)

    seed = random.randrange(10**9)
    barriers = [threading.Barrier(2) for _ in range(CROSSING_PAIRS)]

    def crossing_worker(pair_index, side):
        """One side of a pair of threads: both draw the same crossing pairs (one seed per pair)
        and are released together each round, side 0 on instance 1, side 1 on instance 2."""
        rng = random.Random(seed + pair_index)
        client = KeptConnection(cluster.instances[side])
        barrier = barriers[pair_index]
        try:
            while not stop.is_set():
                pair = crossing_pair(rng)
                try:
                    barrier.wait(timeout=60)
                except threading.BrokenBarrierError:
                    return
                chosen = pair[side]
                send(client, chosen, users[owner[chosen[0]]]["token"])
        finally:
            client.close()
            barrier.abort()  # the other side stops at its next round too

    def balancer_worker(index):
        """Free-running transfers through nginx, which spreads them over both instances."""
        rng = random.Random(seed - 1 - index)
        client = KeptConnection(balancer)
        try:
            while not stop.is_set():
                chosen = crossing_pair(rng)[rng.randrange(2)]
                send(client, chosen, users[owner[chosen[0]]]["token"])
        finally:
            client.close()

    threads = [threading.Thread(target=crossing_worker, args=(p, side)) for p in range(CROSSING_PAIRS) for side in (0, 1)]
    threads += [threading.Thread(target=balancer_worker, args=(n,)) for n in range(CROSSING_THROUGH_BALANCER)]
    metrics_before = [metrics_of(cluster, i) for i in range(2)]
    running = time.monotonic()
    set_up = running - started
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - running
    checking = time.monotonic()
    metrics_after = [metrics_of(cluster, i) for i in range(2)]

    def counted(predicate):
        return sum(count for key, count in outcomes.items() if predicate(key))

    total = counted(lambda key: True)
    summary = ", ".join(f"{status}{' ' + code if code else ''} × {counted(lambda k: k[1:] == (status, code))}"
                        for status, code in sorted({key[1:] for key in outcomes}, key=str))
    per_endpoint = ", ".join(f"{e.name} {counted(lambda k, e=e: k[0] == e.name)}" for e in (one, two, balancer))
    log(f"crossing: {total} transfers in {elapsed:.1f} s ({total / elapsed:.0f}/s): {summary}; {per_endpoint}; "
        f"{resent[0]} sent again on a fresh connection")
    if problems:
        # The server's own words (SQLSTATE, message) for what reached the clients.
        said = []
        for path in cluster.logs:
            with open(path, "rb") as handle:
                said += [line for line in handle.read().decode("utf-8", "replace").splitlines() if "PostgreSQL error" in line]
        raise Violation(f"{len(problems)} of {total} transfers were neither 201 completed nor 422 insufficient_funds: "
                        f"{problems[:5]} (answers: {summary}); the instances logged {len(said)} PostgreSQL errors: {said[-5:]}")
    require(created, "no transfer was acknowledged")

    # Money is conserved: each account's balance is its start plus what the acknowledged transfers
    # moved, and is explained by its transactions; the whole is the start plus the fundings.
    end = balances()
    expected = dict(start)
    for source, credited, minor in created.values():
        expected[source] -= minor
        expected[credited] += minor
    off = {a: (end[a], expected[a]) for a in owner if end[a] != expected[a]}
    require(not off, f"balances that are not their start plus the {len(created)} acknowledged transfers: {off}")
    funded_total = sum(before[a] for a in owner) + CROSSING_FUNDING * len(owner)
    require(sum(end[a] for a in owner) == funded_total,
            f"the balances add up to {sum(end[a] for a in owner)}, the fundings to {funded_total}")
    rows = 0
    for a in owner:
        history = list_all(one, f"/v1/accounts/{a}/transactions", users[owner[a]]["token"])
        rows += len(history)
        require(net_of(history) == end[a], f"account {a}'s transactions add up to {net_of(history)}, its balance is {end[a]}")
    ledger = subprocess.run([cluster.binary, "verify-ledger", *cluster.database_args], capture_output=True, text=True, timeout=120)
    require(ledger.returncode == 0, f"viperd verify-ledger exited {ledger.returncode}:\n{ledger.stdout}{ledger.stderr}")
    held = [line[5:].strip() for line in ledger.stdout.splitlines() if line.startswith("ok  ")]
    log("crossing: viperd verify-ledger: " + "; ".join(held))

    def grown(series):
        values = [after.get(series, 0) - before_.get(series, 0) for before_, after in zip(metrics_before, metrics_after)
                  if series in after]
        return "/".join(f"{value:.0f}" for value in values) if values else "n/a"

    return (f"{CROSSING_USERS} users × {CROSSING_ACCOUNTS} accounts, each pair crossed (A→B on instance 1 while B→A on "
            f"instance 2, {2 * CROSSING_PAIRS} threads) plus {CROSSING_THROUGH_BALANCER} through the balancer, for {elapsed:.0f} s: "
            f"{total} transfers ({total / elapsed:.0f}/s): {summary}; no 5xx, no contention reached a client; "
            f"retries hidden on instances 1/2: {grown('viperd_postgres_retries_total')}, groups run again: "
            f"{grown('viperd_postgres_abandoned_groups_total')}; every balance is its start plus the {len(created)} "
            f"acknowledged transfers and explained by its transactions ({rows} rows), the sum {money(funded_total)} "
            f"is the fundings'; verify-ledger: {len(held)} checks hold; set up in {set_up:.1f} s, checked in "
            f"{time.monotonic() - checking:.1f} s")




def once_with_one_key(cluster, token, path, body, kind):
    """Sends one keyed POST 6 times at once over both instances, then replays it on each; the first answer."""
    key = f"cluster-{kind}-{uuid.uuid4().hex}"
    raw = json.dumps(body).encode()
    endpoints = [cluster.instances[i % 2] for i in range(6)]
    results = at_once([lambda e=e: e.request("POST", path, body=raw, token=token, headers={"Idempotency-Key": key})
                       for e in endpoints])
    originals, replays, in_flight, other = [], [], 0, []
    for endpoint, response in zip(endpoints, results):
        if isinstance(response, Exception):
            other.append(f"{endpoint.name}: {response!r}")
        elif response.status == 201 and response.headers.get("idempotent-replayed") == "true":
            replays.append(response)
        elif response.status == 201:
            originals.append(response)
        elif response.status == 409 and response.code == "idempotency_in_flight":
            require(response.headers.get("retry-after") == "1", f"a 409 idempotency_in_flight without Retry-After: 1: {response.headers}")
            in_flight += 1
        else:
            other.append(f"{endpoint.name}: {response.brief()}")
    require(not other, f"{kind}: answers that are neither 201 nor 409 idempotency_in_flight: {other[:5]}")
    require(len(originals) == 1, f"{kind}: {len(originals)} requests acted (201 without Idempotent-Replayed) for one key; expected 1")
    first = originals[0]
    for replay in replays:
        require(replay.raw == first.raw, f"{kind}: a concurrent replay differs from the first answer:\n{replay.raw[:300]}\n{first.raw[:300]}")
    later = []
    for endpoint in (cluster.one, cluster.two):
        deadline = time.monotonic() + 10
        while True:
            response = endpoint.request("POST", path, body=raw, token=token, headers={"Idempotency-Key": key})
            if response.status == 409 and response.code == "idempotency_in_flight" and time.monotonic() < deadline:
                time.sleep(0.2)
                continue
            break
        require(response.status == 201 and response.headers.get("idempotent-replayed") == "true",
                f"{kind}: replaying on {endpoint.name} gave {response.brief()} (Idempotent-Replayed: {response.headers.get('idempotent-replayed')})")
        require(response.raw == first.raw, f"{kind}: the replay on {endpoint.name} is not byte for byte the first answer")
        require(response.headers.get("location") == first.headers.get("location"),
                f"{kind}: the replay on {endpoint.name} has Location {response.headers.get('location')}, not {first.headers.get('location')}")
        later.append(response)
    changed = dict(body)
    changed["memo" if kind == "transfer" else "shipmentMethod"] = "another" if kind == "transfer" else "oneDay"
    response = cluster.two.request("POST", path, body=changed, token=token, headers={"Idempotency-Key": key})
    require(response.status == 409 and response.code == "idempotency_key_reused",
            f"{kind}: the key with another body gave {response.brief()}, expected 409 idempotency_key_reused")
    return first.json, len(replays), in_flight


def check_idempotency(cluster):
    one, two = cluster.one, cluster.two
    user = register(cluster, one, "Idempotency")
    token, source = user["token"], user["accounts"][0]
    currency = account(one, token, source)["currency"]
    destination = two.expect(201, "POST", "/v1/accounts", token=token, body={"name": "Savings", "currency": currency}).json["id"]
    fund(cluster, source, 1_000_000)
    funded = account(one, token, source)

    transfer, transfer_replays, transfer_in_flight = once_with_one_key(
        cluster, token, "/v1/transfers", {"fromAccountId": source, "toAccountId": destination, "amount": "12.34", "memo": "once"},
        "transfer")
    products = one.expect(200, "GET", "/v1/products?limit=100", token=token).json["items"]
    cheapest = min(products, key=lambda product: product["price"]["minor"])
    address = {"street": "1 Cluster Street", "city": "Toronto", "postalCode": "M5V 1A1", "country": "Canada"}
    order, order_replays, order_in_flight = once_with_one_key(cluster, token, "/v1/orders", {
        "customer": {"firstName": "Charlie", "lastName": "Brown", "email": "charlie@example.com"},
        "billingAddress": address, "shipmentAddress": address, "shipmentMethod": "standard",
        "items": [{"productId": cheapest["id"], "quantity": 1}], "payFromAccountId": source}, "order")

    transfers = list_all(two, "/v1/transfers", token)
    require([t["id"] for t in transfers] == [transfer["id"]], f"one key, {len(transfers)} transfers stored: {[t['id'] for t in transfers]}")
    orders = list_all(one, "/v1/orders", token)
    require([o["id"] for o in orders] == [order["id"]], f"one key, {len(orders)} orders stored: {[o['id'] for o in orders]}")
    history = list_all(two, f"/v1/accounts/{source}/transactions", token)
    debits = sorted((t["group"], t["amount"]["minor"]) for t in history if t["direction"] == "debit")
    expected = sorted([("posted", 1234), ("authorized", order["orderTotal"]["minor"])])
    require(debits == expected, f"the source's debits are {debits}, expected one transfer and one order payment {expected}")
    after = account(two, token, source)
    require(after["balance"]["minor"] == funded["balance"]["minor"] - 1234 - order["orderTotal"]["minor"],
            f"balance {after['balance']['minor']} != {funded['balance']['minor']} - 1234 - {order['orderTotal']['minor']}")
    return (f"one key sent 6 times at once over both instances: transfer 1 × 201 + {transfer_replays} replays + "
            f"{transfer_in_flight} × 409 in flight, order 1 × 201 + {order_replays} replays + {order_in_flight} × 409 in flight; "
            f"replays on each instance byte-identical; 1 transfer, 1 order, 2 debits; other body → 409 idempotency_key_reused")


def random_address():
    """A client address (100.64.0.0/10, shared address space) no earlier run used."""
    return f"100.{random.randrange(64, 128)}.{random.randrange(256)}.{random.randrange(1, 255)}"


def failed_login(endpoint, email, address, shed=False):
    """A wrong password's status: 401, or 429 with Retry-After; with `shed`, also 503 server_busy
    (a login of a burst shed before its password was hashed: not checked, not counted)."""
    response = endpoint.request("POST", "/v1/sessions", body={"email": email, "password": "not-the-password"},
                                headers={"X-Forwarded-For": address})
    if shed and response.status == 503 and response.code == "server_busy":
        return response.status
    if response.status == 429:
        require(response.headers.get("retry-after", "").isdigit(), f"a 429 without Retry-After: {response.headers}")
    else:
        require(response.status == 401 and response.code == "invalid_credentials",
                f"a failed login on {endpoint.name} gave {response.brief()}, expected 401 invalid_credentials or 429")
    return response.status


def login(endpoint, email, password, address):
    return endpoint.request("POST", "/v1/sessions", body={"email": email, "password": password},
                            headers={"X-Forwarded-For": address})


def check_throttle(cluster):
    one, two = cluster.one, cluster.two
    started = time.monotonic()
    user = register(cluster, one, "Throttle")
    problems = []
    # Per client: one email from one address, alternating instances; only the shared count trips at 6.
    client = random_address()
    statuses = [failed_login(cluster.instances[n % 2], user["email"], client) for n in range(CLIENT_LIMIT + 3)]
    first = statuses.index(429) + 1 if 429 in statuses else None
    if not (first == CLIENT_LIMIT + 1 and all(s == 429 for s in statuses[CLIENT_LIMIT:])):
        problems.append(f"per client: answers {statuses}; expected {CLIENT_LIMIT} × 401 then 429 on both instances "
                        f"(a first 429 at attempt {2 * CLIENT_LIMIT + 1} means each instance counted its own)")
    # The stranger's failures do not hold the owner back at another address.
    owner = login(two, user["email"], PASSWORD, random_address())
    if owner.status != 201:
        problems.append(f"per client: the owner at another address got {owner.brief()}, expected 201")
    # Per email: fresh clients (one failure each, alternating instances) to 3 past the threshold,
    # then a client that failed on one instance asks again at once on the other: paced, with a
    # wait (8 s by then, so a slow hash between the two cannot outlast it).
    fresh = [random_address() for _ in range(SLOWDOWN_THRESHOLD - CLIENT_LIMIT + 3)]
    paced_statuses = [failed_login(cluster.instances[n % 2], user["email"], address) for n, address in enumerate(fresh)]
    if any(status != 401 for status in paced_statuses):
        problems.append(f"per email: fresh clients got {paced_statuses}, expected 401 each (a fresh client is not paced)")
    again = login(cluster.instances[len(fresh) % 2], user["email"], "not-the-password", fresh[-1])
    if again.status != 429 or not again.headers.get("retry-after", "").isdigit():
        problems.append(f"per email: a failing client past {SLOWDOWN_THRESHOLD} failures, asking again on the other "
                        f"instance, got {again.brief()}; expected 429 with Retry-After (each instance paced its own?)")
    owner = login(cluster.instances[(len(fresh) + 1) % 2], user["email"], PASSWORD, random_address())
    if owner.status != 201:
        problems.append(f"per email: the owner at a fresh address got {owner.brief()}, expected 201 (not paced)")
    # Per address: unknown emails (each once), all from one address. Pairs at once (one per
    # instance) while far below the limit, one at a time near it, where order decides.
    address = random_address()
    statuses = []
    pairs = (ADDRESS_LIMIT - 2) // 2
    for _ in range(pairs):
        results = at_once([lambda e=e: failed_login(e, f"nobody-{uuid.uuid4().hex}@example.com", address) for e in (one, two)])
        for result in results:
            if isinstance(result, Exception):
                raise result
            statuses.append(result)
    while len(statuses) < ADDRESS_LIMIT + 2:
        statuses.append(failed_login(cluster.instances[len(statuses) % 2], f"nobody-{uuid.uuid4().hex}@example.com", address))
    first_address = statuses.index(429) + 1 if 429 in statuses else None
    if not (first_address == ADDRESS_LIMIT + 1 and statuses[ADDRESS_LIMIT:] == [429, 429]):
        problems.append(f"per address: first 429 at attempt {first_address} of {len(statuses)} ({statuses.count(401)} × 401); "
                        f"expected {ADDRESS_LIMIT} × 401 then 429 on both instances (none by attempt {ADDRESS_LIMIT + 2}, "
                        f"or one near {2 * ADDRESS_LIMIT + 1}, means each instance counted its own)")
    # A burst: 40 wrong logins released together for one email from one address, half on each
    # instance. Each takes its place in the shared count before its password is hashed, so at most
    # CLIENT_LIMIT of them are checked however they interleave.
    burst_user = register(cluster, one, "Burst")
    burst_address = random_address()
    burst = at_once([lambda n=n: failed_login(cluster.instances[n % 2], burst_user["email"], burst_address, shed=True)
                     for n in range(40)])
    for result in burst:
        if isinstance(result, Exception):
            raise result
    checked = sum(1 for status in burst if status == 401)
    if checked > CLIENT_LIMIT:
        problems.append(f"burst: {checked} of 40 parallel wrong logins were checked (401), more than the limit {CLIENT_LIMIT}")
    require(not problems, "; ".join(problems))
    return (f"failed logins alternating instances: per client 429 from attempt {first} (limit {CLIENT_LIMIT}), "
            f"the owner elsewhere 201; past {SLOWDOWN_THRESHOLD} for the email a failing client paced ({again.status}, "
            f"Retry-After {again.headers.get('retry-after')}), a fresh one not; "
            f"per address 429 from attempt {first_address} (limit {ADDRESS_LIMIT}), on both instances; "
            f"40 at once: {checked} checked; {time.monotonic() - started:.1f} s")


def check_revocation(cluster):
    one, two = cluster.one, cluster.two
    user = register(cluster, one, "Revocation")
    token = user["token"]
    other = two.expect(201, "POST", "/v1/sessions", body={"email": user["email"], "password": PASSWORD}).json["token"]
    for endpoint in (one, two):
        endpoint.expect(200, "GET", "/v1/me", token=token)

    polls = []  # (sent, answered, status)
    stop = threading.Event()

    def poll():
        while not stop.is_set():
            sent = time.monotonic()
            try:
                status = two.request("GET", "/v1/me", token=token, timeout=5).status
            except (OSError, http.client.HTTPException, Refused) as error:
                status = repr(error)
            polls.append((sent, time.monotonic(), status))
            time.sleep(0.02)

    poller = threading.Thread(target=poll)
    poller.start()
    time.sleep(0.3)  # instance 2 has the token cached, as a busy instance would
    try:
        one.expect(204, "DELETE", "/v1/sessions/current", token=token)
        logged_out = time.monotonic()
        deadline = logged_out + REVOCATION_LIMIT_SECONDS + 1.0
        while time.monotonic() < deadline and not any(p[0] > logged_out and p[2] == 401 for p in polls):
            time.sleep(0.02)
        time.sleep(0.2)
    finally:
        stop.set()
        poller.join()
    after = [p for p in polls if p[0] > logged_out]
    odd = [p[2] for p in polls if p[2] not in (200, 401)]
    require(not odd, f"polling instance 2 got answers other than 200 and 401: {odd[:5]}")
    refused = [p for p in after if p[2] == 401]
    require(refused, f"instance 2 still accepted the token {REVOCATION_LIMIT_SECONDS + 1:.1f} s after the logout on instance 1")
    lag = refused[0][1] - logged_out
    late = [p for p in after if p[2] == 200 and p[0] - logged_out > REVOCATION_LIMIT_SECONDS]
    require(not late and lag <= REVOCATION_LIMIT_SECONDS,
            f"instance 2 accepted the token until {max([p[1] - logged_out for p in after if p[2] == 200] or [0]):.2f} s "
            f"after the logout on instance 1 (limit {REVOCATION_LIMIT_SECONDS} s)")
    back = [p for p in after if p[0] > refused[0][1] and p[2] == 200]
    require(not back, f"instance 2 accepted the token again after refusing it ({len(back)} times)")
    for endpoint in (one, two, cluster.balancer):
        endpoint.expect(401, "GET", "/v1/me", token=token)
        endpoint.expect(200, "GET", "/v1/me", token=other)
    accepted_after = len([p for p in after if p[2] == 200])
    return (f"logout on instance 1, token refused on instance 2 after {lag:.2f} s (limit {REVOCATION_LIMIT_SECONDS} s; "
            f"{len(polls)} polls, {accepted_after} accepted after the logout); the user's other session still works everywhere")


class EventStream:
    """One `GET /v1/events` response (text/event-stream), read on a thread of its own: its events as
    they come, framed as WHATWG HTML's server-sent events say (what an EventSource would dispatch)."""

    def __init__(self, endpoint, token, last_event_id=None, timeout=30):
        self.endpoint, self.events, self.last_event_id = endpoint, [], last_event_id
        self.ended = threading.Event()
        self.changed = threading.Condition()
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream", "Cache-Control": "no-store"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.connection = http.client.HTTPConnection(endpoint.host, endpoint.port, timeout=timeout)
        self.connection.request("GET", "/v1/events", headers=headers)
        # Kept before getresponse, which may let go of it: close() shuts it to end the reader.
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()
        content_type = self.response.getheader("Content-Type", "")
        if self.response.status != 200 or not content_type.startswith("text/event-stream"):
            body = self.response.read(300).decode("utf-8", "replace")
            self.connection.close()
            raise Violation(f"GET /v1/events on {endpoint.name}: expected 200 text/event-stream, "
                            f"got {self.response.status} {content_type} {body}")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        kind, data, ident = "", [], None
        try:
            while True:
                line = self.response.readline()
                if not line:
                    break
                line = line.decode("utf-8").rstrip("\r\n")
                if not line:
                    # A blank line dispatches the event gathered; one without data is not one.
                    if ident is not None:
                        self.last_event_id = ident
                    if data:
                        with self.changed:
                            self.events.append({"id": self.last_event_id, "event": kind or "message",
                                                "data": json.loads("\n".join(data)), "at": time.monotonic()})
                            self.changed.notify_all()
                    kind, data, ident = "", [], None
                    continue
                if line.startswith(":"):
                    continue  # a comment: the heartbeat
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "event":
                    kind = value
                elif field == "data":
                    data.append(value)
                elif field == "id" and "\0" not in value:
                    ident = value
        except (OSError, ValueError, http.client.HTTPException):
            pass  # the stream was cut: what it delivered stays in `events`
        finally:
            self.connection.close()
            with self.changed:
                self.ended.set()
                self.changed.notify_all()

    def wait_for(self, condition, seconds):
        """Waits up to `seconds` until condition(events) holds or the stream ends; whether it holds."""
        deadline = time.monotonic() + seconds
        with self.changed:
            while not condition(self.events) and not self.ended.is_set() and time.monotonic() < deadline:
                self.changed.wait(max(0.0, deadline - time.monotonic()))
            return condition(self.events)

    def close(self):
        """Ends the stream, as a client gone; the reader closes the connection as it stops."""
        try:
            if self.socket:
                self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def restart_instance(cluster, index):
    """Starts instance `index` (0-based) again on its port after a kill, as Scripts/deploy/cluster.sh
    started it (its log appended to, its pid file rewritten so that `cluster.sh stop` stops it)."""
    endpoint = cluster.instances[index]
    log_file = open(cluster.logs[index], "ab")
    process = subprocess.Popen(
        [cluster.binary, "serve", *cluster.database_args, "--host", "127.0.0.1", "--port", str(endpoint.port),
         "--trusted-proxy", "127.0.0.1", "--no-auto-migrate", "--metrics-address", "127.0.0.1:0",
         *os.environ.get("VIPERD_SERVE_ARGS", "").split()],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log_file, start_new_session=True)
    log_file.close()
    cluster.pids[index] = process.pid
    with open(os.path.join(cluster.dir, f"viperd-{index + 1}.pid"), "w") as handle:
        handle.write(f"{process.pid}\n")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        require(process.poll() is None, f"{endpoint.name} exited with status {process.returncode} when started again")
        try:
            if endpoint.request("GET", "/health/ready", timeout=2).status == 200:
                return
        except (OSError, http.client.HTTPException, Refused):
            pass
        time.sleep(0.1)
    raise Violation(f"{endpoint.name} started again did not answer /health/ready within 30 s")


def check_live(cluster):
    one, two, balancer = cluster.one, cluster.two, cluster.balancer
    started = time.monotonic()
    sender = register(cluster, two, "LiveSender")
    recipient = register(cluster, one, "LiveRecipient")
    source = sender["accounts"][0]
    fund(cluster, source, 10_000, "cluster-test live events")
    contact = two.expect(201, "POST", "/v1/contacts", token=sender["token"],
                         body={"firstName": "Live", "lastName": "Recipient", "email": recipient["email"]}).json["id"]

    def pay(amount):
        """A transfer to the recipient through instance 2, completed at once (a verified address)."""
        answer = two.expect(201, "POST", "/v1/transfers", token=sender["token"], headers={"Idempotency-Key": uuid.uuid4().hex},
                            body={"fromAccountId": source, "toContactId": contact, "amount": amount}).json
        require(answer["status"] == "completed", f"a transfer to a verified recipient is {answer['status']}, not completed")

    def ready_at(events):
        return next((int(e["id"]) for e in events if e["event"] == "ready"), None)

    def received(events):
        return [(int(e["id"]), e["event"]) for e in events if e["event"] != "ready"]

    streams, resumed, killed = [], [], None
    try:
        # Round robin puts the balancer's streams on both instances; the direct one makes sure
        # instance 1 holds one whatever nginx chose.
        for endpoint in (balancer, balancer, balancer, one):
            streams.append(EventStream(endpoint, recipient["token"]))
        for stream in streams:
            require(stream.wait_for(lambda events: ready_at(events) is not None, 5),
                    f"a stream on {stream.endpoint.name} sent no `ready` within 5 s: {stream.events}")
        start = ready_at(streams[0].events)
        require(all(ready_at(s.events) == start for s in streams),
                f"the streams are ready at different positions: {[ready_at(s.events) for s in streams]}")

        paid = time.monotonic()
        pay("1.00")
        first = (start + 1, "transfer.received")
        for stream in streams:
            require(stream.wait_for(lambda events: first in received(events), LIVE_DELIVERY_SECONDS),
                    f"a stream on {stream.endpoint.name} did not get the transfer made on instance 2 within "
                    f"{LIVE_DELIVERY_SECONDS} s: {received(stream.events)}")
        slowest = max(next(e["at"] for e in s.events if e["event"] != "ready") for s in streams) - paid
        data = next(e["data"] for e in streams[-1].events if e["event"] != "ready")
        require(data.get("type") == "transfer.received" and data.get("position") == start + 1,
                f"the event's data does not match its frame: {data}")

        os.kill(cluster.pids[0], signal.SIGKILL)
        killed = time.monotonic()
        require(streams[-1].ended.wait(3), "the stream held by instance 1 did not end within 3 s of its SIGKILL")
        time.sleep(0.5)  # the balancer's streams on instance 1 end at the same moment
        cut = [s for s in streams if s.ended.is_set()]
        alive = [s for s in streams if not s.ended.is_set()]
        through_balancer = len([s for s in cut if s.endpoint is balancer])

        pay("2.00")
        pay("3.00")
        expected = [(start + 2, "transfer.received"), (start + 3, "transfer.received")]
        for stream in cut:
            last = int(stream.last_event_id)
            require(last == start + 1, f"a cut stream's Last-Event-ID is {last}, expected {start + 1}")
            again = EventStream(balancer, recipient["token"], last_event_id=last)
            resumed.append(again)
            require(again.wait_for(lambda events: ready_at(events) is not None, 5),
                    f"the resumed stream sent no `ready` within 5 s: {again.events}")
        for stream in alive:
            stream.wait_for(lambda events: received(events)[-2:] == expected, LIVE_DELIVERY_SECONDS)
        time.sleep(0.5)  # time for a repeat to show
        for stream in resumed:
            require(received(stream.events) == expected and ready_at(stream.events) == start + 3,
                    f"resumed after {start + 1} through the balancer: got {received(stream.events)} then ready at "
                    f"{ready_at(stream.events)}; expected {expected} once, in order, then ready at {start + 3}")
        for stream in alive:
            require(received(stream.events) == [first] + expected,
                    f"a stream that outlived the kill got {received(stream.events)}, expected {[first] + expected}")
    finally:
        for stream in streams + resumed:
            stream.close()
        if killed is not None:
            # Whatever the outcome: the checks after this one need both instances.
            restart_instance(cluster, 0)
    return (f"4 streams (3 through the balancer, 1 on instance 1), ready at {start}; a transfer on instance 2 reached "
            f"all within {slowest:.2f} s; SIGKILL of instance 1 cut {len(cut)} ({through_balancer} through the balancer), "
            f"{len(alive)} lived on; two more transfers: each cut stream resumed through the balancer with Last-Event-ID "
            f"{start + 1} got exactly {start + 2} and {start + 3}, once, in order, the others got them live; "
            f"instance 1 started again ({time.monotonic() - killed:.1f} s after the kill); {time.monotonic() - started:.1f} s")


def check_kill(cluster):
    one, two, balancer = cluster.one, cluster.two, cluster.balancer
    pid = cluster.pids[0]
    try:
        os.kill(pid, 0)
    except OSError:
        raise Violation(f"instance 1 (pid {pid}) is not running before the kill")
    user = register(cluster, balancer, "Kill")
    token, tag = user["token"], f"k{uuid.uuid4().hex[:10]}"
    records = []  # (target name, sent, answered, outcome: status int or error text, contact id or None)
    lock = threading.Lock()
    stop = threading.Event()
    counter = iter(range(10**9))

    def writer(endpoint):
        while not stop.is_set():
            with lock:
                number = next(counter)
            sent = time.monotonic()
            try:
                response = endpoint.request("POST", "/v1/contacts", token=token, timeout=10,
                                            body={"firstName": "Kill", "lastName": f"{tag} {number:06d}"})
                outcome = response.status
                ident = response.json.get("id") if response.status == 201 and response.json else None
            except Refused:
                outcome, ident = "refused", None
            except (OSError, http.client.HTTPException) as error:
                outcome, ident = f"cut: {error!r}", None
            with lock:
                records.append((endpoint.name, sent, time.monotonic(), outcome, ident))
            if outcome == "refused":
                time.sleep(0.05)

    targets = [balancer] * 4 + [one, two]
    threads = [threading.Thread(target=writer, args=(endpoint,)) for endpoint in targets]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(KILL_AFTER_SECONDS)
    os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    time.sleep(WRITE_SECONDS - KILL_AFTER_SECONDS)
    stop.set()
    for thread in threads:
        thread.join()

    def failed(record):
        return record[3] != 201

    before = [r for r in records if r[2] < killed and failed(r)]
    require(not before, f"{len(before)} writes failed before the kill: {[(r[0], r[3]) for r in before[:5]]}")
    on_two = [r for r in records if r[0] == two.name and failed(r)]
    require(not on_two, f"instance 2 failed {len(on_two)} writes: {[r[3] for r in on_two[:5]]}")
    through = [r for r in records if r[0] == balancer.name]
    blip = [r for r in through if failed(r)]
    late = [r for r in blip if r[2] - killed > BLIP_SECONDS]
    require(not late, f"the balancer failed {len(late)} writes more than {BLIP_SECONDS} s after the kill: "
                      f"{[(round(r[2] - killed, 2), r[3]) for r in late[:5]]}")
    after = [r for r in through if r[1] - killed > BLIP_SECONDS and r[3] == 201]
    require(after, "the balancer acknowledged no write after the kill")
    odd = [r for r in records if r[0] == one.name and failed(r) and not (r[3] == "refused" or str(r[3]).startswith("cut"))]
    require(not odd, f"instance 1 answered writes with errors: {[r[3] for r in odd[:5]]}")

    acknowledged = {r[4] for r in records if r[3] == 201}
    unknown = len([r for r in records if failed(r) and r[3] != "refused"])
    listed = {item["id"] for item in list_all(two, f"/v1/contacts?q={tag}", token)}
    lost = acknowledged - listed
    require(not lost, f"{len(lost)} acknowledged writes are not listed through instance 2: {sorted(lost)[:5]}")
    extra = len(listed - acknowledged)
    require(extra <= unknown, f"{extra} contacts stored that nobody was told about, but only {unknown} writes were cut")
    counts = {name: len([r for r in records if r[0] == name and r[3] == 201]) for name in (balancer.name, one.name, two.name)}
    blip_span = max((r[2] - killed for r in blip), default=0.0)
    blip_text = (f"{len(blip)} balancer failure(s), the last {blip_span:.2f} s after the kill" if blip
                 else "no balancer failure")
    return (f"{len(acknowledged)} writes acknowledged in {time.monotonic() - started:.1f} s (balancer {counts[balancer.name]}, "
            f"instance 1 {counts[one.name]} before its SIGKILL at {KILL_AFTER_SECONDS:.0f} s, instance 2 {counts[two.name]}); "
            f"{blip_text}, {len(after)} acknowledged through it after {BLIP_SECONDS:.0f} s; "
            f"all {len(acknowledged)} listed through instance 2 ({extra} cut writes stored too)")


def main():
    parser = argparse.ArgumentParser(description="Promises across several viperd instances (see the module docstring).")
    parser.add_argument("cluster_dir", help="the folder Scripts/deploy/cluster.sh start was given")
    parser.add_argument("--only", action="append", choices=CHECKS, help="run only this check (repeatable)")
    arguments = parser.parse_args()
    cluster = Cluster(arguments.cluster_dir)
    selected = [name for name in CHECKS if not arguments.only or name in arguments.only]
    failures = 0
    run_started = time.monotonic()
    for name in selected:
        started = time.monotonic()
        try:
            summary = globals()[f"check_{name}"](cluster)
            print(f"cluster-test: PASS {name}: {summary} [{time.monotonic() - started:.1f} s]", flush=True)
        except Violation as violation:
            failures += 1
            print(f"cluster-test: FAIL {name}: {violation} [{time.monotonic() - started:.1f} s]", flush=True)
        except (OSError, http.client.HTTPException, Refused, KeyError, TypeError, ValueError) as error:
            failures += 1
            print(f"cluster-test: FAIL {name}: unexpected {error!r} [{time.monotonic() - started:.1f} s]", flush=True)
    print(f"cluster-test: {len(selected) - failures} of {len(selected)} checks passed in {time.monotonic() - run_started:.1f} s",
          flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
