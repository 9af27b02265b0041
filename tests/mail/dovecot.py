"""A throwaway Dovecot IMAP server on 127.0.0.1 for the fetch tests.

usage: dovecot.py DIR USER PASSWORD

Writes a config under DIR (runtime, state, logs, and the Maildir DIR/home/USER/Maildir, which the
tests fill by copying messages into new/), starts `dovecot -F` on a port the kernel chose, waits
until it accepts connections, then prints "ready PORT" on stdout. SIGTERM stops Dovecot and this
script. Runs as root (the CI machines do): Dovecot drops to its own users.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

from loopback import fail, free_port, greeting

CONFIG = """base_dir = {dir}/run
state_dir = {dir}/state
log_path = {dir}/log/dovecot.log
info_log_path = {dir}/log/info.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovecot
default_internal_user = dovecot
first_valid_uid = 1
mail_location = maildir:{dir}/home/%u/Maildir
namespace inbox {{
  inbox = yes
  separator = /
}}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {dir}/passwd
}}
userdb {{
  driver = static
  args = uid=nobody gid=nogroup home={dir}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
  chroot =
}}
service anvil {{
  chroot =
}}
"""



def main():
    base, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
    if shutil.which("dovecot") is None:
        fail("dovecot is not installed (tools/install-deps installs dovecot-imapd)")
    for sub in ("run", "state", "log", "home/%s/Maildir/new" % user, "home/%s/Maildir/cur" % user,
                "home/%s/Maildir/tmp" % user):
        os.makedirs(os.path.join(base, sub), exist_ok=True)
    with open(os.path.join(base, "passwd"), "w") as f:
        f.write("%s:{PLAIN}%s\n" % (user, password))
    subprocess.run(["chown", "-R", "nobody:nogroup", os.path.join(base, "home")], check=True)
    # Dovecot's own users must reach the files: a test's temporary directory is private (0700).
    path = os.path.abspath(base)
    while path != "/":
        os.chmod(path, os.stat(path).st_mode | 0o711)
        path = os.path.dirname(path)
    os.chmod(base, 0o755)
    # A port chosen by the kernel may be taken again before Dovecot binds it: then try another.
    for attempt in range(5):
        port = free_port()
        with open(os.path.join(base, "dovecot.conf"), "w") as f:
            f.write(CONFIG.format(dir=base, port=port))
        server = subprocess.Popen(["dovecot", "-F", "-c", os.path.join(base, "dovecot.conf")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Wait for the event (Dovecot greets), bounded so a broken setup fails instead of hanging.
        # Another test's server may have been given the port meanwhile: its greeting is not
        # Dovecot's, so try another port.
        deadline = time.monotonic() + 60
        hello = None
        while server.poll() is None and hello is None and time.monotonic() < deadline:
            hello = greeting(port)
            if hello is None:
                time.sleep(0.02)
        if server.poll() is None and hello is not None and b"Dovecot" in hello:
            break
        server.kill()
        server.wait()
    else:
        fail("dovecot did not start; see %s/log" % base)

    # SIGTERM: stop Dovecot; the wait below then returns (never wait inside the handler: the
    # interrupted wait holds the lock it would need).
    signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    print("ready", port, flush=True)
    server.wait()


if __name__ == "__main__":
    main()
