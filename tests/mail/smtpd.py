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
  --too-large ADDRESS  take this recipient (RCPT) but refuse the message to it after DATA (552)
  --login USER:PASS  require AUTH (PLAIN or LOGIN, without TLS on loopback) with these
                     credentials; a wrong password gets "535 5.7.8 Authentication credentials
                     invalid"
"""
import asyncio
import mailbox
import os
import socket
import sys

from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Handler(Mailbox):
    def __init__(self, maildir, die_before, reject, refused, deferred, too_large):
        super().__init__(maildir)
        self.die_before = die_before
        self.reject = reject
        self.refused = refused
        self.deferred = deferred
        self.too_large = too_large
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
        if any(r.lower() in self.too_large for r in envelope.rcpt_tos):
            return "552 5.3.4 message too big for this recipient"
        status = await super().handle_DATA(server, session, envelope)
        self.count += 1
        return status


class Login:
    """Takes exactly one user and password."""

    def __init__(self, user, password):
        self.user = user.encode()
        self.password = password.encode()

    def __call__(self, server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == self.user \
            and auth_data.password == self.password
        return AuthResult(success=ok, handled=False)


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
                      set(option_values("--defer")), set(option_values("--too-large")))
    login = option_values("--login")
    options = {"hostname": "127.0.0.1"}
    if login:
        user, password = login[0].split(":", 1)
        options.update(authenticator=Login(user, password), auth_required=True,
                       auth_require_tls=False)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    server = loop.run_until_complete(loop.create_server(lambda: SMTP(handler, **options), sock=sock))
    print("ready", sock.getsockname()[1], flush=True)
    try:
        loop.run_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


if __name__ == "__main__":
    main()
