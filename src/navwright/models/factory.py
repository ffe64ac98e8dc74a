"""Turn model specs into ChatModels. A `ModelPool` shares one loaded embedded model per file.

Pass one pool to everything that makes models in a process: when the planner and the navigator are both
embedded they get two EmbeddedModel objects (separate stats) over one `LlamaRunner` (one copy of the
weights, one lock, one KV cache).
"""

from __future__ import annotations

import time
from pathlib import Path

from navwright.models.base import ChatModel, Message, ModelError
from navwright.models.config import ModelConfig, ModelSpec
from navwright.models.embedded import EmbeddedModel, EmbeddedSettings, LlamaRunner
from navwright.models.openai_compat import OpenAICompatModel, OpenAISettings
from navwright.models.prompt_log import prompt_log_path
from navwright.models.weights import is_verified, model_path, pull, shelf_dir


class ModelPool:
    """Holds the loaded embedded models, keyed by file, for one process."""

    def __init__(self, config: ModelConfig | None = None, *, progress: bool = True) -> None:
        self.config = config or ModelConfig()
        self.progress = progress
        self._runners: dict[Path, LlamaRunner] = {}

    def embedded_settings(self, path: Path | None) -> EmbeddedSettings:
        c = self.config
        return EmbeddedSettings(
            path=path, n_ctx=c.n_ctx, n_threads=c.n_threads, extra_buffers=c.extra_buffers, lookup=c.lookup,
            prefix_cache_mb=c.prefix_cache_mb, prompt_log=prompt_log_path(c.prompt_log),
            prefix_shelf=shelf_dir(), prefix_shelf_mb=c.prefix_shelf_mb,
        )  # fmt: skip

    def runner(self, path: Path | None = None) -> LlamaRunner:
        """The shared runner for `path`; the default model is assembled (with a progress bar) if needed."""
        resolved = (path or pull(self.progress, dest_dir=self.config.model_dir)).resolve()
        if resolved not in self._runners:
            self._runners[resolved] = LlamaRunner(resolved, self.embedded_settings(path))
        return self._runners[resolved]


def make_model(spec: ModelSpec | str, pool: ModelPool) -> ChatModel:
    """A ChatModel for `spec` (see navwright.models.config for the syntax)."""
    spec = ModelSpec.parse(spec) if isinstance(spec, str) else spec
    if spec.kind == "embedded":
        return EmbeddedModel(pool.runner(spec.path))
    if not spec.model:
        raise ModelError("an openai model spec needs a model name: openai:MODEL[@URL]")
    settings = OpenAISettings(
        model=spec.model, base_url=spec.base_url, api_key_env=spec.api_key_env,
        timeout=pool.config.timeout, connect_timeout=pool.config.connect_timeout,
        max_retries=pool.config.max_retries,
    )  # fmt: skip
    return OpenAICompatModel(settings)


def _describe(spec: ModelSpec, config: ModelConfig) -> str:
    if spec.kind == "embedded" and spec.path is None:
        path = model_path(config.model_dir)
        state = "verified" if is_verified(path) else "not assembled yet (first use assembles it)"
        return f"embedded {path.name} in {path.parent}, {state}"
    if spec.kind == "embedded":
        return f"embedded {spec.path}" + ("" if spec.path and spec.path.is_file() else " (file missing)")
    return f"{spec} (key from ${spec.api_key_env})"


async def doctor_models(
    config: ModelConfig, pool: ModelPool | None = None, *, generate: bool = True
) -> list[str]:
    """One line per role: what is configured and, when `generate`, how long a short answer takes."""
    pool = pool or ModelPool(config, progress=False)
    lines = []
    for role, spec in (("planner", config.planner), ("navigator", config.navigator)):
        line = f"{role}: {_describe(spec, config)}"
        if generate:
            try:
                model = make_model(spec, pool)
                start = time.perf_counter()
                done = await model.complete([Message(role="user", content="Say OK.")], max_tokens=8)
                took = time.perf_counter() - start
                line += f" — answered {done.content.strip()[:20]!r} in {took:.1f} s"
            except ModelError as e:
                line += f" — failed: {e}"
        lines.append(line)
    return lines
