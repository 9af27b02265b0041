"""A throwaway Postfix instance on 127.0.0.1 for the delivery recipes of the README.

usage: postfix.py DIR ALIASES [--mailbox-command CMD]

Writes a private configuration under DIR (etc/, queue/, data/, log/postfix.log) that accepts mail
for the domain game.test on a port the kernel chose, delivers it with local(8) through the alias
table ALIASES (a file the test wrote, owned as the README says; postalias is run here), and with
--mailbox-command hands a local user's mail to CMD (the procmail recipe). Mail for any other
domain is refused: nothing ever leaves loopback.
Starts `postfix start-fg`, waits until the port answers, then prints "ready PORT" on stdout.
SIGTERM stops Postfix and this script. Runs as root (the CI machines do): Postfix drops to its
own users, and to the alias table's owner for its commands.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

from loopback import fail, free_port, greeting

MAIN_CF = """compatibility_level = 3.6
queue_directory = {dir}/queue
data_directory = {dir}/data
command_directory = /usr/sbin
daemon_directory = /usr/lib/postfix/sbin
shlib_directory = /usr/lib/postfix
meta_directory = /etc/postfix
mail_owner = postfix
setgid_group = postdrop
maillog_file_prefixes = {dir}/log
maillog_file = {dir}/log/postfix.log
myhostname = mail.game.test
mydomain = game.test
myorigin = game.test
mydestination = game.test
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
alias_maps = hash:{aliases}
alias_database = hash:{aliases}
local_recipient_maps =
biff = no
smtputf8_enable = no
queue_run_delay = 3600s
minimal_backoff_time = 3600s
maximal_backoff_time = 3600s
{transport}
{mailbox_command}
"""

MASTER_CF = """{port} inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
local     unix  -       n       n       -       -       local
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
"""



def main():
    args = sys.argv[1:]
    if len(args) < 2:
        fail("usage: postfix.py DIR ALIASES [--mailbox-command CMD]")
    base, aliases = os.path.abspath(args[0]), os.path.abspath(args[1])
    options = dict(zip(args[2::2], args[3::2]))
    if shutil.which("postfix") is None:
        fail("postfix is not installed (apt-get install postfix; tools/install-deps does)")
    etc = os.path.join(base, "etc")
    for sub in ("etc", "queue", "data", "log"):
        os.makedirs(os.path.join(base, sub), exist_ok=True)
    shutil.chown(os.path.join(base, "data"), "postfix", "postfix")
    port = free_port()
    transport = "default_transport = error:this test server sends nothing off loopback"
    mailbox = options.get("--mailbox-command")
    with open(os.path.join(etc, "main.cf"), "w") as f:
        f.write(MAIN_CF.format(
            dir=base, aliases=aliases, transport=transport,
            mailbox_command="mailbox_command = " + mailbox if mailbox else ""))
    with open(os.path.join(etc, "master.cf"), "w") as f:
        f.write(MASTER_CF.format(port="127.0.0.1:{}".format(port)))
    # As the README says: postalias, run as root, writes ALIASES.db as the owner of ALIASES, and
    # local(8) runs the table's commands as the owner of the .db.
    done = subprocess.run(["postalias", "-c", etc, aliases], capture_output=True, text=True)
    if done.returncode != 0:
        fail("postalias failed: " + done.stderr.strip())
    env = dict(os.environ, MAIL_CONFIG=etc)
    for step in (["postfix", "-c", etc, "set-permissions"], ["postfix", "-c", etc, "check"]):
        done = subprocess.run(step, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            fail("postfix {} failed: {}".format(step[-1], (done.stderr or done.stdout).strip()))
    server = subprocess.Popen(["postfix", "-c", etc, "start-fg"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(*_):
        subprocess.run(["postfix", "-c", etc, "stop"], env=env, capture_output=True)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    deadline = time.monotonic() + 30
    while not (greeting(port) or b"").startswith(b"220"):
        if server.poll() is not None:
            fail("postfix exited with {}; see {}/log/postfix.log".format(server.returncode, base))
        if time.monotonic() > deadline:
            stop()
        time.sleep(0.05)
    print("ready {}".format(port), flush=True)
    server.wait()
    fail("postfix stopped by itself")


if __name__ == "__main__":
    main()
