"""
The Prompt Perfect client, with the TypeScript SDK's rules: within ``ttl`` a prompt comes from
memory; past it the cached copy is served at once while one background request (If-None-Match)
refreshes it. When the server cannot answer (network, timeout, 5xx), a cached copy of any age is
served, else the fallback text; 401/403/404 are mistakes to fix and always raise.
"""

import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, Optional, Tuple

from .compile import variables_of
from .prompt import Prompt


class PromptFetchError(Exception):
    """The server refused (``status`` is its HTTP status) or did not answer (``status`` is None)."""

    def __init__(self, message: str, status: Optional[int]) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class _Entry:
    prompt: Prompt
    etag: Optional[str]
    fetched_at: float
    refreshing: Optional[threading.Thread] = None


_Key = Tuple[str, str]


def _unavailable(err: PromptFetchError) -> bool:
    """A server error worth riding out with a cached copy or the fallback (rather than a caller mistake)."""
    return err.status is None or err.status >= 500


class PromptClient:
    """``PromptClient(base_url, token).get_prompt(name, label=..., version=..., fallback=...)``."""

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        ttl: float = 60.0,
        timeout: float = 5.0,
        on_error: Optional[Callable[[Exception], None]] = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._base = base_url.rstrip("/")
        self._token = token
        self._ttl = ttl
        self._timeout = timeout
        self._on_error = on_error
        self._clock = clock
        self._cache: Dict[_Key, _Entry] = {}
        self._lock = threading.Lock()

    def get_prompt(
        self,
        name: str,
        *,
        label: Optional[str] = None,
        version: Optional[int] = None,
        fallback: Optional[str] = None,
    ) -> Prompt:
        """The prompt by label, by version, or (neither) its newest version."""
        key: _Key = (name, f"v{version}" if version is not None else f"l{label or ''}")
        with self._lock:
            cached = self._cache.get(key)
            if cached and self._clock() - cached.fetched_at < self._ttl:
                return replace(cached.prompt, source="cache")
            if cached:
                self._refresh_in_background(key, name, label, version, cached)
                return replace(cached.prompt, source="stale")
        try:
            entry = self._load(name, label, version, None)
        except PromptFetchError as err:
            if fallback is None or not _unavailable(err):
                raise
            return Prompt(
                name=name,
                version=0,
                label=label,
                text=fallback,
                variables=variables_of(fallback),
                config={"technique": None, "provider": None, "model": None, "options": {}},
                message="",
                created_at="1970-01-01T00:00:00.000Z",
                source="fallback",
            )
        with self._lock:
            self._cache[key] = entry
        return replace(entry.prompt, source="server")

    def settle(self, timeout: Optional[float] = None) -> None:
        """Waits for background refreshes in flight (tests, graceful shutdown)."""
        with self._lock:
            threads = [e.refreshing for e in self._cache.values() if e.refreshing]
        for thread in threads:
            thread.join(timeout)

    def invalidate(self, name: Optional[str] = None) -> None:
        """Forgets one prompt (all its labels and versions) or everything."""
        with self._lock:
            for key in [k for k in self._cache if name is None or k[0] == name]:
                del self._cache[key]

    def _url(self, name: str, label: Optional[str], version: Optional[int]) -> str:
        if version is not None:
            query = f"?version={int(version)}"
        elif label:
            query = "?label=" + urllib.parse.quote(label, safe="")
        else:
            query = ""
        return f"{self._base}/api/prompts/{urllib.parse.quote(name, safe='')}{query}"

    def _load(self, name: str, label: Optional[str], version: Optional[int], cached: Optional[_Entry]) -> _Entry:
        """Asks the server; returns the entry to keep (the old one refreshed on a 304)."""
        headers = {"Authorization": f"Bearer {self._token}", "Accept": "application/json"}
        if cached and cached.etag:
            headers["If-None-Match"] = cached.etag
        request = urllib.request.Request(self._url(name, label, version), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as res:
                body = json.loads(res.read().decode("utf-8"))
                return _Entry(Prompt.from_wire(body, "server"), res.headers.get("ETag"), self._clock())
        except urllib.error.HTTPError as err:
            if err.code == 304 and cached:
                return _Entry(cached.prompt, cached.etag, self._clock())
            raise PromptFetchError(_server_message(err, name), err.code) from None
        except (OSError, ValueError) as err:
            # URLError, timeouts and refused connections are OSErrors; a garbled body is a ValueError.
            raise PromptFetchError(f"Prompt Perfect did not answer for '{name}': {_reason(err)}", None) from None

    def _refresh_in_background(
        self, key: _Key, name: str, label: Optional[str], version: Optional[int], entry: _Entry
    ) -> None:
        """Called with the lock held: at most one refresh per cached prompt at a time."""
        if entry.refreshing:
            return

        def refresh() -> None:
            try:
                fresh = self._load(name, label, version, entry)
                with self._lock:
                    if self._cache.get(key) is entry:
                        self._cache[key] = fresh
            except PromptFetchError as err:
                if self._on_error:
                    self._on_error(err)
            finally:
                entry.refreshing = None

        entry.refreshing = threading.Thread(target=refresh, name=f"prompt-perfect refresh {name}", daemon=True)
        entry.refreshing.start()


def _server_message(err: "urllib.error.HTTPError", name: str) -> str:
    try:
        body: Any = json.loads(err.read().decode("utf-8"))
        if isinstance(body, dict) and isinstance(body.get("error"), str):
            return body["error"]
    except (OSError, ValueError):
        pass
    return f"Prompt Perfect answered {err.code} for '{name}'."


def _reason(err: Exception) -> str:
    return str(getattr(err, "reason", None) or err)
