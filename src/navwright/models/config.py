"""Which model the planner and the navigator use.

A model spec is one string:

    embedded                         the default local model (assembled on first use, no server)
    embedded:/path/to/model.gguf     any GGUF file of your own, run in-process by llama.cpp
    openai:MODEL                     an OpenAI model; base URL from $OPENAI_BASE_URL if set
    openai:MODEL@URL                 any OpenAI-compatible server: vLLM, Ollama, llama.cpp, LM Studio
    ...;key=ENVVAR                   read the API key from $ENVVAR instead of $OPENAI_API_KEY

e.g. `openai:gpt-4o-mini`, `openai:qwen2.5:7b@http://127.0.0.1:11434/v1;key=OLLAMA_KEY`.

The config file (`~/.config/navwright/config.toml` or wherever platformdirs puts it) may hold:

    [models]
    planner = "openai:gpt-4o-mini"
    navigator = "embedded"
    n_ctx = 8192             # embedded context length
    n_threads = 2            # embedded threads (default: physical cores)
    extra_buffers = false    # plain weights: faster prompts, slower generation (default: repacked)
    lookup = false           # one token per decode instead of prompt-lookup drafts (default on)
    prefix_cache_mb = 256    # memory for saved prompt prefixes reused across roles (0: off)
    prefix_shelf_mb = 256    # disk for each role's system turn, loaded by the next process (0: off)
    prompt_log = "/tmp/prompts.jsonl"  # keep every embedded prompt (for `bench model --run`; off by default)
    model_dir = "/data/models"   # where the default embedded model is kept
    timeout = 120            # seconds an OpenAI-compatible server may take to answer
    connect_timeout = 10     # seconds to reach it
    max_retries = 2          # retries of refused connections, 429 and 5xx (timeouts are not retried)
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import BaseModel, Field, field_validator

from navwright.models.base import ModelError

DEFAULT_KEY_ENV = "OPENAI_API_KEY"


class ModelSpec(BaseModel):
    kind: Literal["embedded", "openai"] = "embedded"
    model: str | None = None  # OpenAI-compatible model name
    path: Path | None = None  # embedded: a GGUF of your own
    base_url: str | None = None
    api_key_env: str = DEFAULT_KEY_ENV

    @classmethod
    def parse(cls, text: str) -> ModelSpec:
        text = text.strip()
        kind, _, rest = text.partition(":")
        if kind == "embedded":
            return cls(kind="embedded", path=Path(rest).expanduser() if rest else None)
        if kind != "openai" or not rest:
            raise ModelError(
                f"unknown model spec {text!r}; use 'embedded', 'embedded:PATH' or 'openai:MODEL[@URL]'"
            )
        key_env = DEFAULT_KEY_ENV
        if ";key=" in rest:
            rest, _, key_env = rest.rpartition(";key=")
        model, base_url = rest, None
        at = max(rest.rfind("@http://"), rest.rfind("@https://"))
        if at > 0:
            model, base_url = rest[:at], rest[at + 1 :]
        return cls(kind="openai", model=model, base_url=base_url, api_key_env=key_env)

    def __str__(self) -> str:
        if self.kind == "embedded":
            return f"embedded:{self.path}" if self.path else "embedded"
        text = f"openai:{self.model}"
        text += f"@{self.base_url}" if self.base_url else ""
        return text + (f";key={self.api_key_env}" if self.api_key_env != DEFAULT_KEY_ENV else "")


class ModelConfig(BaseModel):
    planner: ModelSpec = ModelSpec()
    navigator: ModelSpec = ModelSpec()
    n_ctx: int = 8192
    n_threads: int | None = None
    extra_buffers: bool = True
    """llama.cpp's repacked ("extra buffer") weight layout, where a probe shows the CPU runs it."""
    lookup: bool = True
    """Greedy embedded calls check prompt-lookup drafts in batches (see `models.lookup_decode`)."""
    prefix_cache_mb: int = Field(256, ge=0)
    """Memory for the embedded model's saved prompt prefixes (`models.prefix_cache`); 0 turns it off."""
    prefix_shelf_mb: int = Field(256, ge=0)
    """Disk for the embedded model's saved system turns (`models.prefix_shelf`, in the user's cache
    folder), so that a new process does not read them again; 0 keeps none."""
    prompt_log: Path | None = None
    """A JSON-lines file that keeps every embedded call's prompt (`models.prompt_log`); default none."""
    model_dir: Path | None = None
    timeout: float = Field(120.0, gt=0)
    connect_timeout: float = Field(10.0, gt=0)
    max_retries: int = Field(2, ge=0, le=10)

    @field_validator("planner", "navigator", mode="before")
    @classmethod
    def _spec_from_text(cls, value: object) -> object:
        try:
            return ModelSpec.parse(value) if isinstance(value, str) else value
        except ModelError as exc:  # pydantic reports ValueErrors with the field's name
            raise ValueError(str(exc)) from None


def default_config_path() -> Path:
    return Path(platformdirs.user_config_dir("navwright")) / "config.toml"

