"""What the tests need from the running server (started by test/python.test.ts) and the network."""

import json
import os
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, List, Optional, Tuple

URL = os.environ.get("PP_URL", "")
READ_TOKEN = os.environ.get("PP_READ_TOKEN", "")
ADMIN_TOKEN = os.environ.get("PP_ADMIN_TOKEN", "")
RUN_ONLY_TOKEN = os.environ.get("PP_RUN_ONLY_TOKEN", "")
DOWN_URL = os.environ.get("PP_DOWN_URL", "")


def api(method: str, path: str, body: Optional[Any] = None) -> Any:
    """A call with the read+run token, to set up prompts and move labels as a user would."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        f"{URL}/api{path}",
        data=data,
        method=method,
        headers={"Authorization": f"Bearer {ADMIN_TOKEN}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as res:
        return json.loads(res.read().decode("utf-8") or "null")


class RecordingProxy:
    """A plain HTTP hop in front of the server that notes each request and answer; stop() takes it down."""

    def __init__(self, upstream: str) -> None:
        self.seen: List[Tuple[str, Optional[str], int]] = []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                forwarded = {k: v for k, v in self.headers.items() if k.lower() != "host"}
                request = urllib.request.Request(upstream + self.path, headers=forwarded)
                try:
                    res = urllib.request.urlopen(request, timeout=5)
                except urllib.error.HTTPError as err:
                    res = err
                status, body = res.status if hasattr(res, "status") else res.code, res.read()
                proxy.seen.append((self.path, self.headers.get("If-None-Match"), status))
                self.send_response(status)
                for name in ("Content-Type", "ETag", "Cache-Control"):
                    if res.headers.get(name):
                        self.send_header(name, res.headers[name])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
