"""The one home of the `anthropic` SDK: a client from config, and one forced tool call.

Owns the request shape memkit uses everywhere (a single tool the model must call,
whose input schema is the answer) and the translation of every SDK failure into
one MemkitError line. Never logs or stores the API key; never retries beyond config.
"""
from __future__ import annotations

import os
from typing import Any

from memkit.errors import MemkitError


def client(config, who: str, timeout: float | None = None, retries: int | None = None):
    """retries: the SDK's retries of a failed request (default: `[anthropic] max_retries`); a caller
    bounded by a deadline asks none, so that its timeout is the whole wait."""
    key = os.environ.get("ANTHROPIC_API_KEY")
    if not key:
        raise MemkitError(f"{who}: ANTHROPIC_API_KEY is not set")
    import anthropic

    return anthropic.Anthropic(api_key=key, timeout=float(timeout or config.get("anthropic.timeout")),
                               max_retries=int(config.get("anthropic.max_retries") if retries is None else retries))


def forced_tool(api, config, who: str, *, system: str, prompt: str, tool: str, description: str,
                schema: dict[str, Any], max_tokens: int | None = None) -> dict[str, Any]:
    """The input the model gave the one tool it had to call."""
    import anthropic

    try:
        reply = api.messages.create(
            model=config.get("anthropic.model"), max_tokens=int(max_tokens or config.get("anthropic.max_tokens")),
            system=system, tools=[{"name": tool, "description": description, "input_schema": schema}],
            tool_choice={"type": "tool", "name": tool}, messages=[{"role": "user", "content": prompt}])
    except anthropic.AuthenticationError:
        raise MemkitError(f"{who}: the API key was refused (401)")
    except anthropic.RateLimitError:
        raise MemkitError(f"{who}: rate-limited by the API (429); try again later")
    except anthropic.APIStatusError as e:
        raise MemkitError(f"{who}: the API answered {e.status_code}")
    except anthropic.APIConnectionError as e:
        raise MemkitError(f"{who}: cannot reach the API ({type(e).__name__})")
    for block in reply.content:
        if getattr(block, "type", "") == "tool_use" and block.name == tool and isinstance(block.input, dict):
            return block.input
    raise MemkitError(f"{who}: the reply did not call {tool}")
