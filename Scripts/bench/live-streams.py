#!/usr/bin/env python3
"""Live-event streams (GET /v1/events) against a running viperd: what open streams cost the server,
and how long an event takes to reach them. One process, one thread for every stream (selectors /
epoll, non-blocking sockets, HTTP/1.1 chunked and SSE framing parsed here), loopback only.

Users come from `viperd seed-bench --users N --users-file FILE` (lines: email token account-id;
every user verified and signed in). `live-streams.sh` seeds, starts a release server and runs
these modes; run by hand:

  live-streams.py idle   BASE_URL USERS_FILE --pid PID [--streams 10000] [--per-user 8] [--hold 30]
      opens the streams (at most --per-user per user), waits until each is caught up (`event:
      ready`), holds them --hold seconds, and prints the server's RSS (/proc/PID/status VmRSS)
      before opening and while holding them (KiB per stream), and its CPU time (/proc/PID/stat
      utime + stime) spent during the hold (CPU per stream per second: the cost of idle streams,
      heartbeats included).
  live-streams.py hold   BASE_URL USERS_FILE [--streams 1000] [--per-user 1] [--ready-file F]
      opens the streams, touches F once all are caught up, and holds them until SIGTERM or SIGINT
      (live-streams.sh runs the mix beside them).
  live-streams.py fanout BASE_URL USERS_FILE [--streams 1000] [--per-user 1] [--rate 50]
                         [--duration 20] [--ready-file F]
      the first user of USERS_FILE is the writer (its first account must hold money: the wrapper
      imports a deposit) and holds no stream; the streams are spread over the others. The writer
      adds a contact for each stream holder's address, touches F, then for --duration seconds
      sends --rate transfers a second of 0.01 from its account to a random holder's contact
      (POST /v1/transfers, each completed at once: the holders are verified), one at a time on one
      keep-alive connection. Each transfer's `transfer.received` on every stream of its recipient
      is matched to it (a user's events arrive in commit order, and the writer's transfers commit
      in the order it sends them), and two delays are recorded per received event:
        - after the answer: arrival - the moment the writer had read the transfer's 201. The write
          committed before that answer, so this is at most the commit-to-arrival time (negative when
          the push beat the answer to its client);
        - after the request: arrival - the moment the writer began sending the request. The commit
          came after that, so this is at least the commit-to-arrival time.
      The commit-to-arrival time lies between the two; p50 and p99 of each are printed.

Exits non-zero when a stream was refused or closed by the server while held, a transfer was not
answered 201, or (fanout) an event did not arrive within --grace seconds of the last transfer.
"""
import argparse
import errno
import json
import os
import random
import resource
import selectors
import signal
import socket
import sys
import threading
import time
import uuid
from http.client import HTTPConnection
from urllib.parse import urlsplit

# Streams being opened at once: more would overflow the server's listen backlog, and a refused
# SYN is retried a second later by the kernel, which would only slow the opening down.
OPENING_AT_ONCE = 128
# Streams opened and closed before the "before" reading, so that it is a server that has served
# streams (worker stacks touched, allocator warmed), not a cold process (idle-connections.py's way).
WARM_UP_STREAMS = 16


def log(message):
    print(f"live-streams: {message}", file=sys.stderr, flush=True)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid):
    """utime + stime of the whole process (all threads), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # After the command's closing parenthesis, field 3 (state) is at index 0: utime is field 14, stime 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


class Stream:
    """One GET /v1/events: its socket, what it has read, and where its parsers stand."""

    def __init__(self, user_index, token):
        self.user_index = user_index
        self.token = token
        self.socket = None
        self.state = "connecting"  # connecting → head → body → closed
        self.inbound = b""
        self.status = None
        self.problem = ""
        self.chunk_left = 0  # body bytes left in the current chunk; -1: a chunk's trailing CRLF is due
        self.text = b""  # SSE text not yet split into lines
        self.event = {}
        self.last_id = None
        self.ready = False
        self.events = 0
        self.closed_by_server = False


class Streams:
    """Every stream of this run, driven by one selector."""

    def __init__(self, host, port, on_event=None):
        self.host, self.port = host, port
        self.selector = selectors.DefaultSelector()
        self.streams = []
        self.waiting = []  # not opened yet
        self.opening = 0
        self.on_event = on_event or (lambda stream, event, arrived: None)
        self.refused = []

    def add(self, stream):
        self.streams.append(stream)
        self.waiting.append(stream)

    def _connect(self, stream):
        sock = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        code = sock.connect_ex((self.host, self.port))
        if code not in (0, errno.EINPROGRESS):
            sock.close()
            self._refuse(stream, f"connect: {os.strerror(code)}")
            return
        stream.socket = sock
        self.opening += 1
        self.selector.register(sock, selectors.EVENT_WRITE, stream)

    def _refuse(self, stream, why):
        stream.state = "closed"
        stream.problem = why
        self.refused.append(stream)

    def _close(self, stream, by_server):
        if stream.state == "closed":
            return
        if not stream.ready:
            self.opening -= 1
            if stream.status is None or stream.status == 200:
                self._refuse(stream, stream.problem or "closed before `event: ready`")
        elif by_server:
            stream.closed_by_server = True
        stream.state = "closed"
        try:
            self.selector.unregister(stream.socket)
        except (KeyError, ValueError):
            pass
        stream.socket.close()

    def _on_writable(self, stream):
        error = stream.socket.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if error:
            self.opening -= 1
            self.selector.unregister(stream.socket)
            stream.socket.close()
            self._refuse(stream, f"connect: {os.strerror(error)}")
            return
        request = (f"GET /v1/events HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAccept: text/event-stream\r\n"
                   f"Authorization: Bearer {stream.token}\r\n")
        if stream.last_id is not None:
            request += f"Last-Event-ID: {stream.last_id}\r\n"
        # A few dozen bytes: the socket's empty send buffer takes them whole.
        stream.socket.send((request + "\r\n").encode())
        stream.state = "head"
        self.selector.modify(stream.socket, selectors.EVENT_READ, stream)

    def _on_readable(self, stream, now):
        try:
            data = stream.socket.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._close(stream, by_server=True)
            return
        stream.inbound += data
        if stream.state == "head":
            head, separator, rest = stream.inbound.partition(b"\r\n\r\n")
            if not separator:
                return
            status_line = head.split(b"\r\n", 1)[0].decode("latin-1")
            stream.status = int(status_line.split()[1])
            stream.inbound = rest
            if stream.status != 200:
                # The problem document's code is enough to say why; it fits in the first read.
                try:
                    stream.problem = f"{stream.status} {json.loads(rest.decode()).get('code')}"
                except ValueError:
                    stream.problem = f"{stream.status}"
                self._close(stream, by_server=False)
                self._refuse_after_close(stream)
                return
            stream.state = "body"
        self._read_chunks(stream, now)

    def _refuse_after_close(self, stream):
        if stream not in self.refused:
            self.refused.append(stream)

    def _read_chunks(self, stream, now):
        """Un-chunks what has come in and hands the text to the SSE parser."""
        data = stream.inbound
        while data:
            if stream.chunk_left == -1:
                if len(data) < 2:
                    break
                data = data[2:]
                stream.chunk_left = 0
                continue
            if stream.chunk_left == 0:
                line, separator, rest = data.partition(b"\r\n")
                if not separator:
                    break
                size = int(line.split(b";", 1)[0], 16)
                data = rest
                if size == 0:
                    self._close(stream, by_server=True)
                    return
                stream.chunk_left = size
                continue
            piece = data[:stream.chunk_left]
            data = data[len(piece):]
            stream.chunk_left -= len(piece)
            if stream.chunk_left == 0:
                stream.chunk_left = -1
            self._read_sse(stream, piece, now)
        stream.inbound = data

    def _read_sse(self, stream, text, now):
        """WHATWG SSE lines: `field: value`, a blank line dispatches, a line starting with ':' is a comment."""
        stream.text += text
        *lines, stream.text = stream.text.split(b"\n")
        for raw in lines:
            line = raw.rstrip(b"\r").decode()
            if not line:
                if stream.event:
                    self._dispatch(stream, stream.event, now)
                stream.event = {}
                continue
            if line.startswith(":"):
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "data" and "data" in stream.event:
                stream.event["data"] += "\n" + value
            else:
                stream.event[field] = value

    def _dispatch(self, stream, event, now):
        if "id" in event:
            stream.last_id = event["id"]
        kind = event.get("event", "message")
        if kind == "ready":
            if not stream.ready:
                stream.ready = True
                self.opening -= 1
            return
        if "data" not in event:
            return
        stream.events += 1
        self.on_event(stream, kind, now)

    def poll(self, timeout):
        """Opens waiting streams (a window at a time) and serves every ready socket once."""
        while self.waiting and self.opening < OPENING_AT_ONCE:
            self._connect(self.waiting.pop())
        for key, mask in self.selector.select(timeout):
            stream = key.data
            if stream.state == "connecting":
                self._on_writable(stream)
            else:
                self._on_readable(stream, time.monotonic())

    def open_all(self, deadline):
        while (self.waiting or self.opening > 0) and time.monotonic() < deadline:
            self.poll(0.2)
        return sum(1 for stream in self.streams if stream.ready and stream.state != "closed")

    def serve_for(self, seconds, stop=lambda: False):
        until = time.monotonic() + seconds
        while time.monotonic() < until and not stop():
            self.poll(min(0.5, max(0.0, until - time.monotonic())))

    def close_all(self):
        for stream in self.streams:
            if stream.state != "closed" and stream.socket is not None:
                self._close(stream, by_server=False)

    def report_refused(self):
        if self.refused:
            reasons = {}
            for stream in self.refused:
                reasons[stream.problem] = reasons.get(stream.problem, 0) + 1
            log("refused or not caught up: " + ", ".join(f"{why} ×{count}" for why, count in sorted(reasons.items())))

    def closed_early(self):
        return sum(1 for stream in self.streams if stream.closed_by_server)


def load_users(path):
    users = []
    with open(path) as lines:
        for line in lines:
            parts = line.split()
            if len(parts) == 3:
                users.append({"email": parts[0], "token": parts[1], "account": parts[2]})
    return users


def plan(streams, users, per_user):
    """`streams` Stream objects over the given users, at most `per_user` each, users taken in order."""
    needed = -(-streams // per_user)
    if needed > len(users):
        sys.exit(f"live-streams: {streams} streams at {per_user} a user need {needed} users; the file has {len(users)}")
    return [Stream(index // per_user, users[index // per_user]["token"]) for index in range(streams)]


def raise_open_files(count):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 64:
        if hard < count + 64:
            sys.exit(f"live-streams: {count} streams need {count + 64} open files; the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (count + 64, hard))


def open_streams(args, users, on_event=None):
    url = urlsplit(args.base)
    if url.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("live-streams: loopback targets only")
    raise_open_files(args.streams)
    streams = Streams(url.hostname, url.port or 80, on_event)
    for stream in plan(args.streams, users, args.per_user):
        streams.add(stream)
    started = time.monotonic()
    opened = streams.open_all(started + args.open_timeout)
    took = time.monotonic() - started
    log(f"{opened} of {args.streams} streams open and caught up in {took:.1f} s")
    streams.report_refused()
    return streams, opened, took


def mode_idle(args):
    users = load_users(args.users_file)
    pid = args.pid
    url = urlsplit(args.base)
    warm = Streams(url.hostname, url.port or 80)
    for stream in plan(min(WARM_UP_STREAMS, args.streams), users, args.per_user):
        warm.add(stream)
    warm.open_all(time.monotonic() + 30)
    warm.close_all()
    time.sleep(0.5)
    before_rss = rss_kib(pid)
    streams, opened, took = open_streams(args, users)
    # The opening's garbage and the allocator settle before the held reading.
    streams.serve_for(1.0)
    held_rss = rss_kib(pid)
    cpu_start, wall_start = cpu_seconds(pid), time.monotonic()
    streams.serve_for(args.hold)
    cpu_end, wall_end = cpu_seconds(pid), time.monotonic()
    held_rss_end = rss_kib(pid)
    closed = streams.closed_early()
    streams.close_all()
    time.sleep(1.0)
    after_rss = rss_kib(pid)
    held = max(held_rss, held_rss_end)
    each_kib = (held - before_rss) / opened if opened else float("nan")
    cpu = cpu_end - cpu_start
    wall = wall_end - wall_start
    per_stream_second = cpu / opened / wall if opened else float("nan")
    print(f"live-streams idle: {opened} streams over {-(-opened // args.per_user)} users (opened in {took:.1f} s), "
          f"held {wall:.1f} s: server RSS {before_rss / 1024:.1f} MiB before, {held / 1024:.1f} MiB with them open "
          f"({each_kib:+.2f} KiB a stream), {after_rss / 1024:.1f} MiB 1 s after closing them; "
          f"server CPU {cpu:.2f} s during the hold ({cpu / wall * 100:.1f} % of a core; "
          f"{per_stream_second * 1e6:.2f} µs CPU a stream a second); "
          f"refused: {len(streams.refused)}, closed early: {closed}")
    return 1 if streams.refused or closed or opened < args.streams else 0


def mode_hold(args):
    users = load_users(args.users_file)
    streams, opened, _ = open_streams(args, users)
    if args.ready_file:
        open(args.ready_file, "w").close()
    stopping = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.append(True))
    streams.serve_for(args.max_hold, stop=lambda: bool(stopping))
    closed = streams.closed_early()
    events = sum(stream.events for stream in streams.streams)
    streams.close_all()
    print(f"live-streams hold: {opened} streams held, {events} events received, refused: {len(streams.refused)}, "
          f"closed early: {closed}")
    return 1 if streams.refused or closed or opened < args.streams else 0


class Writer:
    """The fanout's one writer: a keep-alive connection, a contact per holder, one transfer at a time."""

    def __init__(self, base, user):
        url = urlsplit(base)
        self.connection = HTTPConnection(url.hostname, url.port or 80, timeout=30)
        self.user = user

    def request(self, method, path, body=None, headers=None):
        all_headers = {"Authorization": f"Bearer {self.user['token']}", "Content-Type": "application/json"}
        all_headers.update(headers or {})
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=all_headers)
        response = self.connection.getresponse()
        return response.status, response.read()


def mode_fanout(args):
    users = load_users(args.users_file)
    if len(users) < 2:
        sys.exit("live-streams: fanout needs the writer (first line) and at least one holder")
    writer_user, holders = users[0], users[1:]
    lock = threading.Lock()
    # Holder index → the writer's transfers to it, in sending order: [sent, answered or None, ok].
    sent = {}
    # Per stream, the next of its user's transfers it has not seen arrive.
    seen = {}
    after_answer, after_request = [], []
    pending_arrivals = []  # (transfer, arrival) whose answer had not been read yet
    unmatched = [0]

    def on_event(stream, kind, arrived):
        if kind != "transfer.received":
            return
        with lock:
            transfers = sent.get(stream.user_index, [])
            position = seen.get(id(stream), 0)
            if position >= len(transfers):
                unmatched[0] += 1
                return
            seen[id(stream)] = position + 1
            transfer = transfers[position]
            after_request.append(arrived - transfer[0])
            if transfer[1] is None:
                pending_arrivals.append((transfer, arrived))
            else:
                after_answer.append(arrived - transfer[1])

    streams, opened, _ = open_streams(args, holders, on_event)
    holder_count = -(-args.streams // args.per_user)
    streams_of = {}
    for stream in streams.streams:
        if stream.ready:
            streams_of[stream.user_index] = streams_of.get(stream.user_index, 0) + 1

    writer = Writer(args.base, writer_user)
    status, body = writer.request("GET", "/v1/accounts")
    if status != 200:
        sys.exit(f"live-streams: the writer's GET /v1/accounts answered {status}: {body[:200]!r}")
    source = json.loads(body)["items"][0]["id"]
    contacts = {}
    for index in range(holder_count):
        status, body = writer.request("POST", "/v1/contacts", {
            "firstName": "Holder", "lastName": str(index + 1), "email": holders[index]["email"]})
        if status != 201:
            sys.exit(f"live-streams: creating the writer's contact for holder {index + 1} answered {status}: {body[:200]!r}")
        contacts[index] = json.loads(body)["id"]
    log(f"the writer has a contact for each of {holder_count} holders")

    done = threading.Event()
    failures = []
    lag = [0.0]

    def write():
        try:
            started = time.monotonic()
            count = int(args.rate * args.duration)
            for k in range(count):
                due = started + k / args.rate
                now = time.monotonic()
                if due > now:
                    time.sleep(due - now)
                else:
                    lag[0] = max(lag[0], now - due)
                holder = random.randrange(holder_count)
                transfer = [0.0, None, False]
                with lock:
                    sent.setdefault(holder, []).append(transfer)
                    transfer[0] = time.monotonic()
                status, body = writer.request("POST", "/v1/transfers", {
                    "fromAccountId": source, "toContactId": contacts[holder], "amount": "0.01"},
                    headers={"Idempotency-Key": uuid.uuid4().hex})
                answered = time.monotonic()
                with lock:
                    if status == 201 and json.loads(body).get("status") == "completed":
                        transfer[1], transfer[2] = answered, True
                        for waiting in [item for item in pending_arrivals if item[0] is transfer]:
                            after_answer.append(waiting[1] - answered)
                            pending_arrivals.remove(waiting)
                    else:
                        # The last one sent to this holder (one writer, one at a time): no event will come.
                        sent[holder].pop()
                        failures.append(f"{status} {body[:160]!r}")
        except Exception as error:  # the summary must still print
            failures.append(repr(error))
        finally:
            done.set()

    if args.ready_file:
        open(args.ready_file, "w").close()
    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    streams.serve_for(args.duration + 3600, stop=done.is_set)
    with lock:
        expected = sum(sum(1 for transfer in transfers if transfer[2]) * streams_of.get(holder, 0)
                       for holder, transfers in sent.items())
        transfers_sent = sum(1 for transfers in sent.values() for transfer in transfers if transfer[2])
    grace_until = time.monotonic() + args.grace
    while time.monotonic() < grace_until:
        with lock:
            if len(after_request) >= expected:
                break
        streams.poll(0.2)
    closed = streams.closed_early()
    streams.close_all()
    missing = expected - len(after_request)

    def ms(values, fraction):
        return f"{percentile(values, fraction) * 1000:.1f}"

    print(f"live-streams fanout: {opened} streams over {holder_count} holders; {transfers_sent} transfers in "
          f"{args.duration:g} s at {args.rate:g}/s (worst lag behind schedule {lag[0] * 1000:.0f} ms); "
          f"{len(after_request)} of {expected} transfer.received events arrived "
          f"(missing {missing}, unmatched {unmatched[0]})")
    print(f"live-streams fanout: arrival after the writer read its 201 (<= commit-to-arrival): "
          f"p50 {ms(after_answer, 0.5)} ms, p99 {ms(after_answer, 0.99)} ms, max {ms(after_answer, 1.0)} ms")
    print(f"live-streams fanout: arrival after the writer began its request (>= commit-to-arrival): "
          f"p50 {ms(after_request, 0.5)} ms, p99 {ms(after_request, 0.99)} ms, max {ms(after_request, 1.0)} ms")
    if failures:
        log(f"{len(failures)} transfers failed; first: {failures[0]}")
    log(f"refused: {len(streams.refused)}, closed early: {closed}")
    return 1 if failures or missing or streams.refused or closed or opened < args.streams else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["idle", "hold", "fanout"])
    parser.add_argument("base", help="the server, http://127.0.0.1:PORT")
    parser.add_argument("users_file", help="from viperd seed-bench --users-file")
    parser.add_argument("--streams", type=int)
    parser.add_argument("--per-user", type=int, help="streams a user holds (the server allows 8) [idle: 8, else 1]")
    parser.add_argument("--pid", type=int, help="the server's process id (idle)")
    parser.add_argument("--hold", type=float, default=30.0, help="seconds the idle streams are held [30]")
    parser.add_argument("--max-hold", type=float, default=3600.0, help="hold: stop after this many seconds at the latest [3600]")
    parser.add_argument("--rate", type=float, default=50.0, help="fanout: transfers a second [50]")
    parser.add_argument("--duration", type=float, default=20.0, help="fanout: seconds of writing [20]")
    parser.add_argument("--grace", type=float, default=10.0, help="fanout: seconds the last events are awaited [10]")
    parser.add_argument("--ready-file", help="touched once the streams are open (and, fanout, the contacts made)")
    parser.add_argument("--open-timeout", type=float, default=300.0, help="seconds allowed to open every stream [300]")
    args = parser.parse_args()
    if args.streams is None:
        args.streams = 10000 if args.mode == "idle" else 1000
    if args.per_user is None:
        args.per_user = 8 if args.mode == "idle" else 1
    if args.streams < 1 or not 1 <= args.per_user <= 1000:
        parser.error("--streams must be positive and --per-user 1...1000")
    if args.mode == "idle" and args.pid is None:
        parser.error("idle needs --pid (the server's process id)")
    if args.mode == "fanout" and (args.rate <= 0 or args.duration <= 0):
        parser.error("--rate and --duration must be positive")
    return {"idle": mode_idle, "hold": mode_hold, "fanout": mode_fanout}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main())
