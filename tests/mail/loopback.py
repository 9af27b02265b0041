"""What the throwaway servers of the mail tests share (dovecot.py, postfix.py): a free port on
127.0.0.1, what answers on it, and how a server script tells the test why it did not start."""
import socket
import sys


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def greeting(port):
    """What answers on the port: None when nothing does, else the first line it sends."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            return s.recv(512)
    except OSError:
        return None


def fail(why):
    """The test prints the first line it reads from here: tell it why there is no server."""
    print(why, flush=True)
    sys.exit(1)
