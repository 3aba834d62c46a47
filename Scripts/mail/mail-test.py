#!/usr/bin/env python3
"""Mail that really leaves: viperd's delivery worker against a real SMTP server (aiosmtpd, through
Scripts/mail/smtp-sink.sh), on SQLite and on PostgreSQL with two instances. Each check prints PASS or
FAIL; any FAIL fails the run.

    python3 Scripts/mail/mail-test.py VIPERD_BIN

Checks: every registration's code arrives once, as RFC 5322 with Date, Message-ID, From and
Content-Language; a relay that answers 451 is retried and the message arrives once; a 550 is
recorded as failed for good; viperd killed while the relay holds the end of DATA, restarted,
sends the message exactly once; two instances on one PostgreSQL database send each message once,
and one killed mid-delivery leaves its message to the other once its lease runs out.
"""
import email
import email.policy
import glob
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PASSWORD = "mail test password"
failures = []


def check(condition, name, detail=""):
    print(("PASS " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Sink:
    """The real SMTP server, with a spool of what it accepted."""

    def __init__(self, spool, *options):
        os.makedirs(spool, exist_ok=True)
        self.spool = spool
        self.process = subprocess.Popen(["bash", os.path.join(ROOT, "Scripts/mail/smtp-sink.sh"), "--port", "0", "--spool", spool, *options],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.process.stdout.readline().strip())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def messages(self):
        found = []
        for path in sorted(glob.glob(os.path.join(self.spool, "*.eml"))):
            with open(path, "rb") as handle:
                found.append(email.message_from_binary_file(handle, policy=email.policy.default))
        return found


class Viperd:
    def __init__(self, binary, work, name, *options):
        self.port = free_port()
        self.log = os.path.join(work, f"{name}.log")
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--metrics-address", "off", *options],
            stdout=open(self.log, "ab"), stderr=subprocess.STDOUT,
            env={**os.environ, "VIPERD_MAX_WRITES_PER_MINUTE": "0", "VIPERD_MAX_REGISTRATIONS_PER_ADDRESS": "0"})
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base + "/health", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"viperd {name} exited: {open(self.log).read()[-2000:]}")
                time.sleep(0.1)
        raise RuntimeError(f"viperd {name} did not answer")

    def register(self, address):
        body = json.dumps({"name": "Mail Test", "email": address, "password": PASSWORD}).encode()
        request = urllib.request.Request(self.base + "/v1/users", data=body, method="POST",
                                         headers={"Content-Type": "application/json", "Accept-Language": "fr"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        self.process.terminate()
        return self.process.wait(timeout=30)


def wait_for(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


def mail_list(binary, *database):
    output = subprocess.run([binary, "mail", "list", "--limit", "100", *database], capture_output=True, text=True, timeout=60)
    return [line.split("\t") for line in output.stdout.strip().split("\n")[1:] if line]


def to(messages, address):
    return [message for message in messages if message["To"] and address in str(message["To"])]


def sqlite_checks(binary, work):
    database = os.path.join(work, "sqlite", "viperd.sqlite")
    sink = Sink(os.path.join(work, "spool-accept"))
    server = Viperd(binary, work, "sqlite", "--db", database, "--smtp-url", f"smtp://127.0.0.1:{sink.port}",
                    "--mail-from", "noreply@mail-test.example", "--smtp-retry-seconds", "1")
    addresses = [f"user{index}@example.com" for index in range(3)]
    check(all(server.register(address) == 202 for address in addresses), "registrations answer 202")
    check(wait_for(lambda: len(sink.messages()) == 3, 20), "each registration's code reaches the relay", f"{len(sink.messages())} messages")
    messages = sink.messages()
    ids = {str(message["Message-ID"]) for message in messages}
    check(len(ids) == 3 and all(re.fullmatch(r"<m_[^@>]+@mail-test\.example>", value) for value in ids), "one Message-ID each, at --mail-from's domain", str(ids))
    check(all(message["Date"] and message["From"] and "noreply@mail-test.example" in str(message["From"]) for message in messages), "Date and From on every message")
    check(all(str(message["Content-Language"]) == "fr" and re.search(r"\b\d{6}\b", str(message["Subject"])) for message in messages),
          "worded in the request's language, the code in the subject", str([str(m["Subject"]) for m in messages]))
    check(all(len(to(messages, address)) == 1 for address in addresses), "each address gets exactly one message")
    check(server.stop() == 0, "viperd stops cleanly")
    listed = mail_list(binary, "--db", database)
    check(len(listed) == 3 and all(row[4] == "sent" for row in listed), "viperd mail list shows them sent", str(listed))
    sink.stop()

    # A relay that answers 451 first: retried after --smtp-retry-seconds, delivered once.
    sink = Sink(os.path.join(work, "spool-tempfail"), "--mode", "tempfail", "--tempfail-count", "1")
    server = Viperd(binary, work, "sqlite-tempfail", "--db", database, "--smtp-url", f"smtp://127.0.0.1:{sink.port}", "--smtp-retry-seconds", "1")
    server.register("retry@example.com")
    check(wait_for(lambda: len(to(sink.messages(), "retry@example.com")) == 1, 20), "a 451 is retried and the message arrives")
    time.sleep(2)
    check(len(to(sink.messages(), "retry@example.com")) == 1, "the retried message arrives once")
    server.stop()
    sink.stop()
    retried = [row for row in mail_list(binary, "--db", database) if row[3] == "retry@example.com"]
    check(retried and retried[0][4] == "sent" and retried[0][5] == "2", "mail list shows the retry: sent after 2 attempts", str(retried))

    # A 550: failed for good, with the relay's answer.
    sink = Sink(os.path.join(work, "spool-refuse"), "--mode", "refuse")
    server = Viperd(binary, work, "sqlite-refuse", "--db", database, "--smtp-url", f"smtp://127.0.0.1:{sink.port}")
    server.register("refused@example.com")
    check(wait_for(lambda: any(row[3] == "refused@example.com" and row[4] == "failed" for row in mail_list(binary, "--db", database)), 20),
          "a 550 is recorded as failed for good")
    refused = [row for row in mail_list(binary, "--db", database) if row[3] == "refused@example.com"]
    check(refused and "550" in refused[0][6] and refused[0][5] == "1", "with the relay's answer, after one attempt", str(refused))
    server.stop()
    sink.stop()

    # Killed while the relay holds the end of DATA: after the restart, sent exactly once.
    spool = os.path.join(work, "spool-restart")
    sink = Sink(spool, "--mode", "stall", "--stall-seconds", "6")
    server = Viperd(binary, work, "sqlite-kill", "--db", database, "--smtp-url", f"smtp://127.0.0.1:{sink.port}", "--smtp-timeout", "30")
    server.register("restart@example.com")
    time.sleep(2.5)
    server.kill()
    time.sleep(4.5)  # the stall ends: the sink answers a closed connection, and keeps nothing
    sink.stop()
    check(not to(Sink.messages(sink), "restart@example.com"), "nothing delivered by the killed process")
    sink = Sink(spool)
    server = Viperd(binary, work, "sqlite-restarted", "--db", database, "--smtp-url", f"smtp://127.0.0.1:{sink.port}")
    check(wait_for(lambda: len(to(sink.messages(), "restart@example.com")) == 1, 20), "after a restart mid-delivery the message is sent")
    time.sleep(2)
    check(len(to(sink.messages(), "restart@example.com")) == 1, "exactly once across the restart")
    server.stop()
    sink.stop()


def postgres_checks(binary, work):
    # PostgreSQL runs as another user, who must reach its folder: not inside the private work folder.
    folder = tempfile.mkdtemp(prefix="viperd-mail-test-pg.", dir="/tmp")
    started = subprocess.run(["bash", os.path.join(ROOT, "Scripts/lib/postgres-throwaway.sh"), "start", folder, "--port", str(free_port()), "--fast",
                              "--watch", str(os.getpid())], capture_output=True, text=True, timeout=120)
    if started.returncode != 0:
        check(False, "a throw-away PostgreSQL starts", started.stderr[-1000:])
        return
    url = started.stdout.strip().splitlines()[-1]
    try:
        spool = os.path.join(work, "spool-pg")
        sink = Sink(spool)
        options = ["--database-url", url, "--smtp-url", f"smtp://127.0.0.1:{sink.port}", "--smtp-timeout", "2"]
        one = Viperd(binary, work, "pg-one", *options)
        two = Viperd(binary, work, "pg-two", *options)
        addresses = [f"pg{index}@example.com" for index in range(20)]
        for index, address in enumerate(addresses):
            (one if index % 2 else two).register(address)
        check(wait_for(lambda: len(sink.messages()) >= 20, 30), "two instances deliver every message", f"{len(sink.messages())} of 20")
        time.sleep(3)
        messages = sink.messages()
        check(len(messages) == 20 and all(len(to(messages, address)) == 1 for address in addresses),
              "each message is sent once by one of the two instances", f"{len(messages)} messages")
        one.stop()
        two.stop()
        sink.stop()

        # One instance killed while the relay holds its DATA: the other sends it once its lease runs out.
        spool = os.path.join(work, "spool-pg-kill")
        sink = Sink(spool, "--mode", "stall", "--stall-seconds", "5")
        one = Viperd(binary, work, "pg-kill", "--database-url", url, "--smtp-url", f"smtp://127.0.0.1:{sink.port}", "--smtp-timeout", "2")
        one.register("pgkill@example.com")
        time.sleep(1.5)
        one.kill()
        time.sleep(4)
        sink.stop()
        sink = Sink(spool)
        two = Viperd(binary, work, "pg-survivor", "--database-url", url, "--smtp-url", f"smtp://127.0.0.1:{sink.port}", "--smtp-timeout", "2")
        # The lease is 12 × --smtp-timeout: 24 s.
        check(wait_for(lambda: len(to(sink.messages(), "pgkill@example.com")) == 1, 45), "the other instance sends it once the lease ran out")
        time.sleep(2)
        check(len(to(sink.messages(), "pgkill@example.com")) == 1, "exactly once across the instances")
        two.stop()
        sink.stop()
    finally:
        subprocess.run(["bash", os.path.join(ROOT, "Scripts/lib/postgres-throwaway.sh"), "stop", folder], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/viperd"))
    work = tempfile.mkdtemp(prefix="viperd-mail-test.")
    try:
        sqlite_checks(binary, work)
        postgres_checks(binary, work)
    except Exception as error:  # a check that could not run is a failure, never a skip
        check(False, "the mail test ran to its end", repr(error))
    if failures:
        print(f"mail-test: {len(failures)} check(s) FAILED; logs in {work}", file=sys.stderr)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("mail-test: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
