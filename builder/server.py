"""The site's HTTP server for development, the tests and the benchmarks: static files with the right MIME
types, ETag/304, gzip when the client accepts it, and the pages' Content-Security-Policy as a header."""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import http.server
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import unquote

from builder.common import DIST

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}
# The Content-Security-Policy of every page (a <meta> in each web/*.html; tests/e2e/test_csp.py checks that
# they match). The game's engine worker is made from a blob: URL (guard.mjs), so it inherits the page's
# policy on any static host, <meta> included (worker-src allows blob: for that alone). The server below also
# sends the policy as a header. 'wasm-unsafe-eval' is what Pyodide needs (WebAssembly compilation); nothing
# else is allowed beyond this origin. The friends table's WebRTC data channels need no allowance:
# connect-src does not govern ICE or the channels (Chromium has no CSP directive for them; the draft `webrtc`
# directive defaults to allow and is not written, as Chromium reports it as unknown), the QR codes are drawn
# on a canvas, and the camera (scanning a reply) is a permission, not a fetch.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'"
)
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt", ".map"}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, ETag/304 and gzip when the client accepts it.

    ``extra_files`` (class attribute, set by make_server) maps URL paths to in-memory bytes; the
    benchmarks use it to serve pages that are not part of the build.
    """

    extra_files: dict[str, bytes] = {}  # noqa: RUF012 - replaced per server by make_server
    bytes_sent = 0
    bytes_lock = threading.Lock()
    gzip_cache: dict[tuple[str, int, int], bytes] = {}  # noqa: RUF012 - shared on purpose
    quiet = True
    throttle_bps = 0  # >0: send at most this many bytes per second per response (tests of the loading UI)
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def do_GET(self) -> None:
        self._serve(head=False)

    def _serve(self, head: bool) -> None:
        path = unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if path in self.extra_files:
            body = self.extra_files[path]
            mtime = 0.0
            suffix = Path(path).suffix
        else:
            fs = Path(self.translate_path(path))
            if fs.is_dir():
                if not path.endswith("/"):
                    self.send_response(301)
                    self.send_header("Location", path + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                fs = fs / "index.html"
            if not fs.is_file():
                self.send_error(404, "Not found")
                return
            st = fs.stat()
            mtime = st.st_mtime
            body = fs.read_bytes()
            suffix = fs.suffix
        etag = '"' + hashlib.sha1(body).hexdigest()[:20] + '"'
        ctype = MIME_TYPES.get(suffix, "application/octet-stream")
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return
        encoding = None
        accept = self.headers.get("Accept-Encoding", "")
        if suffix in COMPRESSIBLE and "gzip" in accept and len(body) > 512:
            key = (etag, len(body), int(mtime))
            gz = self.gzip_cache.get(key)
            if gz is None:
                gz = gzip.compress(body, compresslevel=6, mtime=0)
                if len(self.gzip_cache) > 64:  # rebuilds while serving: forget older builds' files
                    self.gzip_cache.clear()
                self.gzip_cache[key] = gz
            body, encoding = gz, "gzip"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")
        if mtime:
            self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        if path not in self.extra_files:  # pages of the tests and benchmarks, not of the build
            self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        if not head:
            if self.throttle_bps:
                step = 32 * 1024
                for i in range(0, len(body), step):
                    self.wfile.write(body[i : i + step])
                    time.sleep(len(body[i : i + step]) / self.throttle_bps)
            else:
                self.wfile.write(body)
            with self.bytes_lock:
                type(self).bytes_sent += len(body)


class Server(http.server.ThreadingHTTPServer):
    """The site's HTTP server: a client that hangs up before its answer is sent (a closed tab, a page the
    tests close mid-download) ends that answer quietly; any other error in a request is printed as usual."""

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    root: Path = DIST, host: str = "127.0.0.1", port: int = 0, extra_files: Mapping[str, bytes] | None = None,
    quiet: bool = True, throttle_bps: int = 0,
) -> Server:
    """A :class:`Server` serving ``root``. Port 0 picks a free port (see ``server.server_address``).

    Each server gets its own handler class, so ``server.RequestHandlerClass.bytes_sent`` counts the
    bytes sent (after compression) by that server alone.
    """
    root_s = str(root)

    class _H(Handler):
        def __init__(self, *a: object, **kw: object) -> None:
            super().__init__(*a, directory=root_s, **kw)  # type: ignore[arg-type]

    _H.extra_files = dict(extra_files or {})
    _H.quiet = quiet
    _H.throttle_bps = throttle_bps
    _H.bytes_sent = 0
    _H.bytes_lock = threading.Lock()
    server = Server((host, port), _H)
    server.daemon_threads = True
    return server
