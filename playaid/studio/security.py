"""What keeps the studio safe on a shared computer, as one ASGI middleware over every route.

Anyone on the machine can reach a loopback port, and any web page the GM opens can make
the browser send requests to it. So (Jupyter Server's model, Datasette's CSRF check):
- a random token, given once in the address and then kept in an HttpOnly, SameSite=Strict
  cookie, is required on every request: other users of the computer do not have it;
- the Host header must name this computer (a DNS-rebinding page has its own host name):
  any loopback address, since `playaid studio` listens on one of 127.0.0.0/8 of its own so
  that no other local server shares its host, and with it its cookie;
- a state-changing request (POST) must come from our own page: `Sec-Fetch-Site` is
  same-origin or none, or else `Origin` equals our own address;
- every answer forbids framing, sniffing and anything loaded from elsewhere (CSP).
"""

from __future__ import annotations

import html
import ipaddress
import logging
import secrets
from urllib.parse import parse_qs, urlsplit

from starlette.datastructures import MutableHeaders
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse

COOKIE = "playaid-studio"
LOCAL_NAMES = ("localhost",)
CSP = ("default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]
SAFE_METHODS = {"GET", "HEAD"}


def new_token() -> str:
    """32 random bytes, URL-safe: one per run of the studio."""
    return secrets.token_urlsafe(32)


def local_host(host: str) -> bool:
    """True when a Host header names this computer: a loopback address or `localhost`."""
    host = host.strip().lower()
    if host.startswith("["):  # an IPv6 address: [::1]:8000
        name = host[1:].split("]", 1)[0]
    else:
        name = host.rsplit(":", 1)[0]
    name = name.rstrip(".")
    if name in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def cookie_value(header: str, name: str) -> str:
    """The value of cookie `name` in a Cookie header, read leniently: each `;`-separated pair
    on its own, so another program's cookie on 127.0.0.1 that a strict parser rejects
    (`prefs={"theme":"dark"}`) cannot hide ours and lock the GM out. "" when absent."""
    for pair in header.split(";"):
        key, sep, value = pair.strip().partition("=")
        if sep and key.strip() == name:
            return value.strip().strip('"')
    return ""


def _refuse(status: int, why: str):
    return PlainTextResponse(f"{why}\n", status_code=status)


class Shell:
    """The outermost layer, around Starlette's own error and body-size handlers: every answer
    (a 303, a 413, an unexpected 500 included) carries the safety headers, and a fault that
    escapes a page is answered in plain words and logged, never raised to the server, which
    would drop or stall the browser's keep-alive connection."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def send_with_headers(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                extra = MutableHeaders(scope=message)
                for k, v in HEADERS:
                    extra.setdefault(k.decode(), v.decode())
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            logging.getLogger("playaid.studio").exception("studio request %s failed", scope.get("path"))
            if not started:  # Starlette's error handler answers first; this is the last resort
                await PlainTextResponse("the studio could not answer this request; see the terminal "
                                        "it runs in\n", status_code=500)(scope, receive, send_with_headers)


class Guard:
    """The middleware: refuses what fails a check, adds the safety headers to what passes."""

    def __init__(self, app, token: str):
        self.app, self.token = app, token
        self.cookie = cookie_name(token)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        answer = self._check(scope, headers)
        if answer is not None:
            return await answer(scope, receive, send)
        await self.app(scope, receive, send)

    def _check(self, scope, headers: dict[str, str]):
        host = headers.get("host", "")
        if not local_host(host):
            return _refuse(403, f"refused: the address {host!r} is not this computer; open the studio at "
                                "the address `playaid studio` printed")
        method = scope.get("method", "GET")
        if method not in SAFE_METHODS and not self._same_origin(headers, host):
            return _refuse(403, "refused: a change may only come from the studio's own page")
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
        if method in SAFE_METHODS and given and secrets.compare_digest(given.encode(), self.token.encode()):
            # swap the address's token for the cookie, and drop it from the address bar
            path = "/" + scope.get("path", "/").lstrip("/")  # never `//host`: that would leave us
            if headers.get("sec-fetch-site", "none") in ("none", "same-origin"):
                response = RedirectResponse(path, status_code=303)
            else:
                # opened from elsewhere (the redirect file `playaid studio` opens is file://): a
                # SameSite=Strict cookie is not sent on the rest of such a redirect chain, so a
                # page of our own moves on instead, and that navigation is same-site
                shown = html.escape(path, quote=True)
                response = HTMLResponse(f'<!doctype html><meta http-equiv="refresh" content="0;url={shown}">'
                                        f'<title>playaid studio</title><a href="{shown}">Open the studio</a>\n')
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="strict", path="/")
            return response
        held = cookie_value(headers.get("cookie", ""), self.cookie)
        if not secrets.compare_digest(held.encode(), self.token.encode()):
            return _refuse(403, "refused: this page needs the address with ?token=… that `playaid studio` "
                                "printed when it started; open that address")
        return None

    @staticmethod
    def _same_origin(headers: dict[str, str], host: str) -> bool:
        site = headers.get("sec-fetch-site")
        if site is not None:
            return site in ("same-origin", "none")
        origin = headers.get("origin")
        if origin is None:
            return False  # a browser always sends one of the two on a POST; a script need not be trusted
        parts = urlsplit(origin)
        return parts.scheme == "http" and parts.netloc.lower() == host.lower()


def cookie_name(token: str) -> str:
    """The cookie's name for the run holding `token`: unique to the run, so two studios open
    in one browser (cookies ignore ports) each keep their own, and never overwrite each other."""
    import hashlib

    return f"{COOKIE}-{hashlib.sha256(token.encode()).hexdigest()[:12]}"
