"""A fetched prompt: the wire format of GET /api/prompts/{name} plus where it came from."""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .compile import Value, compile_text


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    label: Optional[str]
    text: str
    variables: List[str]
    #: technique, provider, model (each may be None) and options
    config: Dict[str, Any]
    message: str
    created_at: str
    #: "server" (just fetched), "cache" (within its TTL), "stale" (past it, a refresh runs in the
    #: background) or "fallback" (the server could not answer and nothing was cached)
    source: str = field(default="server")

    def compile(self, /, **values: Value) -> str:
        """The text with every ``{{variable}}`` filled in; raises MissingVariableError naming any without a value."""
        return compile_text(self.text, values)

    @classmethod
    def from_wire(cls, body: Dict[str, Any], source: str) -> "Prompt":
        return cls(
            name=body["name"],
            version=body["version"],
            label=body.get("label"),
            text=body["text"],
            variables=list(body.get("variables", [])),
            config=dict(body.get("config", {})),
            message=body.get("message", ""),
            created_at=body.get("createdAt", ""),
            source=source,
        )
