"""A real SMTP server for the tests of the console's mail: aiosmtpd (Debian's python3-aiosmtpd)
offering STARTTLS with the given certificate, requiring it, and requiring AUTH (PLAIN or LOGIN)
as USER with the password in $SMTP_TEST_PASSWORD. Each message lands in the Maildir MAILDIR with
aiosmtpd's X-MailFrom and X-RcptTo headers and X-Authenticated-As (the login it was sent under).
Prints "ready" once it listens.

usage: /usr/bin/python3 smtp-starttls-auth.py PORT MAILDIR CERT KEY USER
"""
import asyncio
import os
import ssl
import sys

from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

port, maildir, cert, key, user = sys.argv[1:6]
password = os.environ["SMTP_TEST_PASSWORD"].encode()


class Box(Mailbox):
    def prepare_message(self, session, envelope):
        message = super().prepare_message(session, envelope)
        login = getattr(session.auth_data, "login", None)
        message["X-Authenticated-As"] = login.decode() if login else ""
        return message


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = (
        isinstance(auth_data, LoginPassword)
        and auth_data.login == user.encode()
        and auth_data.password == password
    )
    return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
context.load_cert_chain(cert, key)
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
loop.run_until_complete(
    loop.create_server(
        lambda: SMTP(
            Box(maildir),
            tls_context=context,
            require_starttls=True,
            auth_required=True,
            auth_require_tls=True,
            authenticator=authenticator,
        ),
        "127.0.0.1",
        int(port),
    )
)
print("ready", flush=True)
loop.run_forever()
