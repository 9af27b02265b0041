"""A loopback SMTP server for the mail tests, on Debian's aiosmtpd.

usage: smtpd.py MAILDIR [--die-before N] [--reject] [--refuse ADDRESS]...

It binds 127.0.0.1 on a port the kernel chooses, then prints "ready PORT" on stdout: the test
waits for that line (an event), never for a duration.

  --die-before N     store N messages; when the DATA of message N+1 has arrived, exit at once
                     without answering it (the client sees the connection drop at that point of
                     the protocol, so exactly N messages are delivered, however fast it is)
  --reject           refuse every recipient with "550 5.1.1 no such mailbox here"
  --refuse ADDRESS   refuse this recipient permanently (550); others are accepted
  --defer ADDRESS    refuse this recipient temporarily (451); others are accepted
"""
import asyncio
import mailbox
import os
import socket
import sys

from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import SMTP


class Handler(Mailbox):
    def __init__(self, maildir, die_before, reject, refused, deferred):
        super().__init__(maildir)
        self.die_before = die_before
        self.reject = reject
        self.refused = refused
        self.deferred = deferred
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.reject or address.lower() in self.refused:
            return "550 5.1.1 no such mailbox here"
        if address.lower() in self.deferred:
            return "451 4.3.0 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.die_before is not None and self.count >= self.die_before:
            os._exit(0)  # Vanish like a killed process, before answering this DATA.
        status = await super().handle_DATA(server, session, envelope)
        self.count += 1
        return status


def option_values(name):
    return [sys.argv[i + 1].lower() for i, a in enumerate(sys.argv) if a == name and i + 1 < len(sys.argv)]


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    maildir = sys.argv[1]
    die_before = None
    if "--die-before" in sys.argv:
        die_before = int(sys.argv[sys.argv.index("--die-before") + 1])
    mailbox.Maildir(maildir, create=True)
    handler = Handler(maildir, die_before, "--reject" in sys.argv, set(option_values("--refuse")),
                      set(option_values("--defer")))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    server = loop.run_until_complete(loop.create_server(lambda: SMTP(handler, hostname="127.0.0.1"), sock=sock))
    print("ready", sock.getsockname()[1], flush=True)
    try:
        loop.run_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


if __name__ == "__main__":
    main()
