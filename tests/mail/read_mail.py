"""Parses every message of a Maildir (or .eml files of a directory) with Python's email
package and prints what the tests check, as JSON.

usage: read_mail.py (--maildir DIR | --eml DIR)
"""
import email
import json
import mailbox
import os
import sys
from email import policy


def describe(raw):
    msg = email.message_from_bytes(raw, policy=policy.default)
    info = {
        "to": str(msg["To"]),
        "from": str(msg["From"]),
        "subject": str(msg["Subject"]),
        "message_id": str(msg["Message-ID"]),
        "date": str(msg["Date"]),
        "references": str(msg["References"] or ""),
        "in_reply_to": str(msg["In-Reply-To"] or ""),
        "rcpt_to": str(msg.get("X-RcptTo") or ""),
        "type": msg.get_content_type(),
        "bytes": len(raw),
        "crlf": b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b""),
        "parts": [],
    }
    for part in msg.walk():
        if part.is_multipart():
            info["parts"].append({"type": part.get_content_type()})
            continue
        payload = part.get_payload(decode=True) or b""
        entry = {
            "type": part.get_content_type(),
            "filename": part.get_filename(),
            "content_id": part.get("Content-ID"),
            "disposition": part.get_content_disposition(),
            "size": len(payload),
            "png": payload[:8] == b"\x89PNG\r\n\x1a\n",
        }
        if part.get_content_maintype() == "text":
            entry["text"] = part.get_content()
        info["parts"].append(entry)
    return info


def main():
    out = []
    if sys.argv[1] == "--maildir":
        box = mailbox.Maildir(sys.argv[2], factory=None, create=False)
        for key in sorted(box.keys()):
            out.append(describe(box.get_bytes(key)))
    else:
        for name in sorted(os.listdir(sys.argv[2])):
            if name.endswith(".eml"):
                with open(os.path.join(sys.argv[2], name), "rb") as f:
                    out.append(describe(f.read()))
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
