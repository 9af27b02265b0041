"""A loopback SMTP server for the mail tests, on Debian's aiosmtpd.

usage: smtpd.py PORT MAILDIR [--die-after N] [--reject]
  --die-after N  store N messages, then exit as if killed (the client sees the connection drop)
  --reject       refuse every recipient with "550 5.1.1 no such mailbox"
"""
import asyncio
import mailbox
import os
import sys

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox


class Handler(Mailbox):
    def __init__(self, maildir, die_after, reject):
        super().__init__(maildir)
        self.die_after = die_after
        self.reject = reject
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.reject:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        status = await super().handle_DATA(server, session, envelope)
        self.count += 1
        if self.die_after is not None and self.count >= self.die_after:
            # Answer this message, then vanish like a killed process.
            asyncio.get_event_loop().call_later(0.05, os._exit, 0)
        return status


def main():
    port = int(sys.argv[1])
    maildir = sys.argv[2]
    die_after = None
    if "--die-after" in sys.argv:
        die_after = int(sys.argv[sys.argv.index("--die-after") + 1])
    mailbox.Maildir(maildir, create=True)
    controller = Controller(Handler(maildir, die_after, "--reject" in sys.argv), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", flush=True)
    try:
        asyncio.get_event_loop().run_forever()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
