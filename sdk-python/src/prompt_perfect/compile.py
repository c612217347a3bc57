"""Filling ``{{variables}}`` in: every variable must have a value, so a prompt never ships with a hole."""

import re
from typing import List, Mapping, Union

Value = Union[str, int, float, bool]

# The server's rule: letters, digits, `_`, `.` or `-`, starting with a letter or `_`, spaces allowed inside the braces.
_VARIABLE = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}", re.ASCII)


class MissingVariableError(ValueError):
    """Raised by ``compile`` naming each variable without a value."""

    def __init__(self, missing: List[str]) -> None:
        self.missing = missing
        names = ", ".join("{{%s}}" % m for m in missing)
        super().__init__(f"No value for {names}: pass {'them' if len(missing) > 1 else 'it'} to compile().")


def variables_of(text: str) -> List[str]:
    """Each variable of the text once, in order of first use."""
    return list(dict.fromkeys(m.group(1) for m in _VARIABLE.finditer(text)))


def _as_text(value: Value) -> str:
    # The TypeScript SDK writes String(value): true/false in lower case.
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def compile_text(text: str, values: Mapping[str, Value]) -> str:
    """The text with every variable filled in; raises MissingVariableError when one has no value."""
    missing = [name for name in variables_of(text) if name not in values]
    if missing:
        raise MissingVariableError(missing)
    return _VARIABLE.sub(lambda m: _as_text(values[m.group(1)]), text)
