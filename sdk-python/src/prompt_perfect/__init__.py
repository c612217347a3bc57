"""Fetch your named prompts from Prompt Perfect at run time (standard library only)."""

from .client import PromptClient, PromptFetchError
from .compile import MissingVariableError, compile_text, variables_of
from .prompt import Prompt

__all__ = [
    "MissingVariableError",
    "Prompt",
    "PromptClient",
    "PromptFetchError",
    "compile_text",
    "variables_of",
]
__version__ = "1.0.0"
