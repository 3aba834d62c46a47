#!/usr/bin/env python3
"""A real SMTP server for the tests of the Mail module (aiosmtpd), misbehaving on request.

    smtp-sink.py --port 0 --spool DIR [--host 127.0.0.1] [--mode MODE] [options]
    smtp-sink.py --decode FILE

Serving, it prints the port it bound on its first line of standard output, then serves until
SIGTERM or SIGINT, or until the process that started it ends. Each accepted message becomes
DIR/<n>.eml (n = 1, 2, ...), written only after the 250 to the end of DATA has been sent and the
connection is still open: a client that went away before that has not delivered. The modes:

    accept          take every message (the default)
    refuse          550 to every RCPT TO
    tempfail        451 to RCPT TO for the first --tempfail-count messages, then accept
    stall           take the DATA, then wait --stall-seconds before answering it
    close-mid-data  close the connection after the first line of DATA, for the first
                    --close-count messages, then accept
    auth            require AUTH (PLAIN; or --auth-mechanism LOGIN) as --user/--password

--decode prints FILE as Python's email package reads it (policy.default: encoded-words and the
transfer encoding decoded) as JSON, so the tests check the Mail module's format against an
implementation that is not its own.
"""

import argparse
import asyncio
import email
import email.policy
import json
import logging
import os
import signal
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def decode(path):
    with open(path, "rb") as file:
        message = email.message_from_binary_file(file, policy=email.policy.default)
    defects = [repr(defect) for defect in message.defects]
    headers = []
    for name, value in message.items():
        defects += [f"{name}: {defect!r}" for defect in getattr(value, "defects", ())]
        headers.append([name, str(value)])
    body = message.get_content() if not message.is_multipart() else None
    print(json.dumps({"headers": headers, "body": body, "defects": defects}, ensure_ascii=False))


class Sink:
    """What the connections share: the mode, the counters, the spool."""

    def __init__(self, options):
        self.options = options
        self.tempfails_left = options.tempfail_count
        self.closes_left = options.close_count
        self.delivered = 0

    def spool(self, content):
        self.delivered += 1
        final = os.path.join(self.options.spool, f"{self.delivered}.eml")
        # Written aside then renamed, so a test never reads half a message.
        with open(final + ".part", "wb") as file:
            file.write(content)
        os.rename(final + ".part", final)

    # aiosmtpd's handler hooks.

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.options.mode == "refuse":
            return "550 5.1.1 Mailbox refused by the test sink"
        if self.options.mode == "tempfail" and self.tempfails_left > 0:
            self.tempfails_left -= 1
            return "451 4.3.0 Try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.options.mode == "stall":
            # A client that gives up meanwhile closes the connection, which cancels this wait.
            await asyncio.sleep(self.options.stall_seconds)
        server.accepted = bytes(envelope.original_content)
        return "250 2.0.0 Accepted"

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        good = (isinstance(auth_data, LoginPassword)
                and auth_data.login == self.options.user.encode()
                and auth_data.password == self.options.password.encode())
        # handled=False: aiosmtpd answers a failure itself (535) only when told it must.
        return AuthResult(success=good, handled=False)


class SinkSMTP(SMTP):
    """aiosmtpd's protocol, plus the two things its hooks cannot do: close in the middle of
    DATA, and spool only once the 250 has gone out on a connection still open."""

    def __init__(self, sink, **kwargs):
        super().__init__(sink, **kwargs)
        self.sink = sink
        self.accepted = None

    async def smtp_DATA(self, arg):
        sink = self.sink
        if (sink.options.mode == "close-mid-data" and sink.closes_left > 0
                and self.envelope is not None and self.envelope.rcpt_tos and not arg):
            sink.closes_left -= 1
            await self.push("354 End data with <CR><LF>.<CR><LF>")
            await self._reader.readuntil(b"\r\n")
            self.transport.close()
            return
        await super().smtp_DATA(arg)
        accepted, self.accepted = self.accepted, None
        if accepted is not None and self.transport is not None and not self.transport.is_closing():
            sink.spool(accepted)


async def serve(options):
    sink = Sink(options)
    auth = options.mode == "auth"
    excluded = [m for m in ("PLAIN", "LOGIN") if m != options.auth_mechanism] if auth else None

    def connection():
        return SinkSMTP(
            sink,
            hostname="smtp-sink.test",
            auth_required=auth,
            auth_require_tls=False,
            authenticator=sink.authenticate if auth else None,
            auth_exclude_mechanism=excluded,
        )

    loop = asyncio.get_running_loop()
    server = await loop.create_server(connection, options.host, options.port)
    print(server.sockets[0].getsockname()[1], flush=True)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    # A test run that crashed leaves no sink behind: its children are handed to another parent.
    parent = os.getppid()
    while not stop.is_set() and os.getppid() == parent:
        try:
            await asyncio.wait_for(stop.wait(), timeout=1)
        except asyncio.TimeoutError:
            pass
    server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decode", metavar="FILE")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--spool")
    parser.add_argument("--mode", default="accept",
                        choices=["accept", "refuse", "tempfail", "stall", "close-mid-data", "auth"])
    parser.add_argument("--tempfail-count", type=int, default=1)
    parser.add_argument("--close-count", type=int, default=1)
    parser.add_argument("--stall-seconds", type=float, default=30)
    parser.add_argument("--user", default="")
    parser.add_argument("--password", default="")
    parser.add_argument("--auth-mechanism", choices=["PLAIN", "LOGIN"], default="PLAIN")
    options = parser.parse_args()
    # AUTH over plain text is the point of the auth mode (viperd speaks no TLS to its relay).
    warnings.filterwarnings("ignore", "Requiring AUTH while not requiring TLS")
    logging.getLogger("mail.log").setLevel(logging.ERROR)
    if options.decode:
        decode(options.decode)
        return
    if not options.spool or not os.path.isdir(options.spool):
        parser.error("--spool DIR must name an existing folder")
    asyncio.run(serve(options))


if __name__ == "__main__":
    sys.exit(main())
