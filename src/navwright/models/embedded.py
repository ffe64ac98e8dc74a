"""The embedded model: llama.cpp in-process, JSON-schema-constrained output, KV-cache prefix reuse.

llama.cpp is synchronous and one `Llama` holds one KV cache, so every call runs in a worker thread
under a lock. A prompt that shares a token prefix with the KV cache, or with a state saved from an
earlier turn of any role (`prefix_cache`), evaluates only the rest; those tokens are reused, counted
as `usage.cached_tokens`. A cancelled call stops within a second, in the middle of its prompt too
(`cancel`).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from navwright.models.base import Completion, Message, ModelError, ModelStats, Usage, closer
from navwright.models.cancel import CancelFlag, Cancelled, abort_on
from navwright.models.llama_load import extra_buffers_safe, load_llama, prefer_passive_wait
from navwright.models.lookup_decode import ClosingStop, draft_hints, evaluate_prompt, greedy_generate
from navwright.models.prefix_cache import PrefixCache, reusable_prefix
from navwright.models.prefix_shelf import MIN_HEAD, PrefixShelf, identity_of
from navwright.models.prompt_log import append_prompt
from navwright.models.salvage import salvage
from navwright.models.structured import StructuredOutputError, parse_answer, schema_json
from navwright.models.weights import model_dir

DEFAULT_SYSTEM = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."
_STOP = ["<|im_end|>", "<|endoftext|>"]


class EmbeddedSettings(BaseModel):
    """How the embedded model is loaded. `path=None` means the assembled default model."""

    path: Path | None = None
    n_ctx: int = 8192
    n_threads: int | None = None
    n_batch: int = 512
    lookup: bool = True
    """Greedy calls check prompt-lookup drafts in batches (`lookup_decode`): the same answer up to float
    rounding between batch sizes (29 of 32 recorded agent answers came out identical)."""
    extra_buffers: bool = True
    """llama.cpp's repacked weight layout, used only where a one-time probe shows the CPU runs it. On
    the 2-core reference machine it reads prompts slower (92 vs 126 tok/s) but checks a lookup draft of
    3 tokens in a batch of 4 for 1.6x the time of one token (plain layout: 2.2x), so 32 recorded agent
    calls replayed in order took 204 s against 227 s with plain weights (329 s before lookup drafts)."""
    prefix_cache_mb: int = 256
    """Memory for saved prompt prefixes (`prefix_cache`; ~28 KB a token); 0 turns saving off."""
    prefix_shelf: Path | None = None
    """The folder of saved system turns (`prefix_shelf`) that a new process loads; None keeps none."""
    prefix_shelf_mb: int = 256
    """Disk for saved system turns (~12 MB each); 0 keeps none."""
    prompt_log: Path | None = None
    """When set, every call's messages, schema and token counts are appended to this JSON-lines file,
    so `navwright bench model --run ID` can replay a recorded run's calls."""


class RawGeneration(BaseModel):
    text: str
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    finish_reason: str


def physical_cores() -> int:
    """Physical CPU cores (llama.cpp runs best with one thread per core), falling back to os.cpu_count."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return max(1, os.cpu_count() or 1)
    cores: set[tuple[str, str]] = set()
    phys = core = ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "physical id":
            phys = value.strip()
        elif key == "core id":
            core = value.strip()
            cores.add((phys, core))
    return len(cores) or max(1, os.cpu_count() or 1)


def chatml_prompt(messages: list[Message]) -> str:
    """Qwen's chat template (ChatML) as text, with its default system message when none is given.

    For reading and tests; the runner builds the same tokens per message (see `chat_tokens`)."""
    parts = []
    if not messages or messages[0].role != "system":
        parts.append(f"<|im_start|>system\n{DEFAULT_SYSTEM}<|im_end|>\n")
    for m in messages:
        parts.append(f"<|im_start|>{m.role}\n{m.content}<|im_end|>\n")
    parts.append("<|im_start|>assistant\n")
    return "".join(parts)


class LlamaRunner:
    """One loaded Llama plus its lock; shared by every EmbeddedModel that names the same file."""

    def __init__(self, path: Path, settings: EmbeddedSettings) -> None:
        self.path = path
        self.settings = settings
        self.lock = threading.Lock()
        self._llama: Any = None
        self._grammars: dict[str, tuple[Any, list[int]]] = {}
        self.prefix_cache = PrefixCache(settings.prefix_cache_mb * 2**20)
        self.shelf: PrefixShelf | None = None
        """Saved system turns on disk (`prefix_shelf`), set up when the model loads."""

    def load(self) -> Any:
        if self._llama is None:
            prefer_passive_wait()
            if importlib.util.find_spec("llama_cpp") is None:
                raise ModelError("llama-cpp-python is not installed; pip install llama-cpp-python")
            if not self.path.is_file():
                raise ModelError(f"model file {self.path} does not exist")
            extra = self.settings.extra_buffers and extra_buffers_safe(self.path, model_dir())
            threads = self.settings.n_threads or physical_cores()
            try:
                self._llama = load_llama(
                    self.path,
                    extra_buffers=extra,
                    n_ctx=self.settings.n_ctx,
                    n_threads=threads,
                    n_threads_batch=threads,
                    n_batch=self.settings.n_batch,
                    verbose=False,
                )
            except (ValueError, RuntimeError) as e:
                raise ModelError(f"could not load {self.path.name}: {e}") from None
            self.shelf = self._shelf(extra)
        return self._llama

    def _shelf(self, extra: bool) -> PrefixShelf | None:
        folder, mb = self.settings.prefix_shelf, self.settings.prefix_shelf_mb
        if folder is None or mb <= 0 or self.settings.prefix_cache_mb <= 0:
            return None
        identity = identity_of(self.path, self.settings.n_ctx, self.settings.n_batch, extra)
        return PrefixShelf(folder, identity, mb * 2**20)

    def grammar(self, schema: type[BaseModel] | str) -> tuple[Any, list[int]]:
        """The grammar of a schema (a model, or JSON schema text) and its draft hints (tokens of the
        strings it fixes), cached per schema."""
        # declared property order kept: thoughts before actions
        key = schema if isinstance(schema, str) else json.dumps(schema_json(schema))
        name = "JSON schema" if isinstance(schema, str) else schema.__name__
        if key not in self._grammars:
            from llama_cpp.llama_grammar import LlamaGrammar

            try:
                grammar = LlamaGrammar.from_json_schema(key, verbose=False)
            except Exception as e:  # the converter raises many kinds; all mean "unsupported schema"
                raise ModelError(f"cannot turn {name} into a grammar: {e}") from None
            hints = draft_hints(json.loads(key)).encode()
            self._grammars[key] = (grammar, self.load().tokenize(hints, add_bos=False, special=False))
            if len(self._grammars) > 64:
                self._grammars.pop(next(iter(self._grammars)))
        return self._grammars[key]

    def tokenize(self, messages: list[Message]) -> list[int]:
        with self.lock:
            return self.chat_tokens(self.load(), messages)

    @staticmethod
    def chat_tokens(llama: Any, messages: list[Message]) -> list[int]:
        """ChatML tokens. Message text is tokenized with special tokens off, so a page that contains
        `<|im_end|>` cannot forge a turn; each message is tokenized alone, so a stable prefix of
        messages always gives the same prefix of tokens (and the KV cache can reuse it)."""
        return [t for turn in LlamaRunner._turns(llama, messages) for t in turn]

    @staticmethod
    def _turns(llama: Any, messages: list[Message]) -> list[list[int]]:
        """The ChatML tokens of each turn: the system turn first, the assistant's opening last."""

        def special(text: str) -> list[int]:
            out: list[int] = llama.tokenize(text.encode(), add_bos=False, special=True)
            return out

        def plain(text: str) -> list[int]:
            out: list[int] = llama.tokenize(text.encode(), add_bos=False, special=False)
            return out

        turns: list[list[int]] = []
        if not messages or messages[0].role != "system":
            turns.append(special("<|im_start|>system\n") + plain(DEFAULT_SYSTEM) + special("<|im_end|>\n"))
        for m in messages:
            turns.append(special(f"<|im_start|>{m.role}\n") + plain(m.content) + special("<|im_end|>\n"))
        return [*turns, special("<|im_start|>assistant\n")]

    def forget_prefix(self) -> None:
        """Drop the KV cache and the saved prefixes: the next prompt is evaluated in full (benchmarks;
        their timing calls never load a system turn from the shelf, `generate` does)."""
        with self.lock:
            self.load().reset()
            self.prefix_cache.clear()

    def generate(
        self, messages: list[Message], schema: type[BaseModel] | None, max_tokens: int, temperature: float,
        cancel: CancelFlag | None = None,
    ) -> RawGeneration:
        """One answer. Setting `cancel` (the awaiting task was cancelled) stops it within a second, while
        it reads its prompt too, so a run that was stopped does not keep the model busy for the next."""
        with self.lock:
            if cancel is not None and cancel.is_set():  # given up while it waited for the lock
                raise ModelError("the answer was cancelled")
            llama = self.load()
            turns = self._turns(llama, messages)
            tokens = [t for turn in turns for t in turn]
            n_ctx = self.settings.n_ctx
            if len(tokens) + max_tokens > n_ctx:
                raise ModelError(
                    f"prompt of {len(tokens)} tokens + {max_tokens} to generate exceeds n_ctx={n_ctx}"
                )
            grammar, hints = self.grammar(schema) if schema is not None else (None, [])
            try:
                with abort_on(llama, cancel):
                    read = self._warm(llama, tokens, len(turns[0]))
                    if temperature == 0.0 and self.settings.lookup:
                        raw = self._greedy(llama, tokens, grammar, hints, max_tokens, cancel, closer(schema))
                    else:
                        raw = self._sampled(llama, tokens, grammar, max_tokens, temperature)
                    return raw.model_copy(update={"cached_tokens": max(0, raw.cached_tokens - read)})
            except (Cancelled, ValueError, RuntimeError) as e:
                if isinstance(e, Cancelled) or (cancel is not None and cancel.is_set()):
                    llama.reset()  # the KV cache may hold half a batch: read the next prompt afresh
                    raise ModelError("the answer was cancelled") from None
                raise ModelError(
                    f"llama.cpp failed: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
                ) from None

    def _warm(self, llama: Any, tokens: list[int], head: int) -> int:
        """Bring the prompt's system turn (its first `head` tokens) from the shelf when neither the live
        cache nor a saved state holds it; when the shelf lacks it too, read it alone and shelve it.
        Returns the tokens read here (the call read them: they are not reused)."""
        shelf = self.shelf
        if shelf is None or head < MIN_HEAD or head >= len(tokens):
            return 0
        if reusable_prefix(llama, tokens) >= head or self.prefix_cache.best(tokens)[1] >= head:
            return 0
        found = shelf.find(tokens[:head])
        if found is not None:
            self.prefix_cache.add(found)  # `prepare` loads it, as any saved state
            return 0
        reused = evaluate_prompt(llama, tokens[:head], self.prefix_cache)
        shelf.keep(llama)
        return head - reused

    def _greedy(
        self, llama: Any, tokens: list[int], grammar: Any, hints: list[int], max_tokens: int,
        cancel: CancelFlag | None = None, closes: Callable[[str], str | None] | None = None,
    ) -> RawGeneration:
        check = cancel.check if cancel is not None else None
        stop = ClosingStop(llama, closes) if closes is not None else None
        decoded, reused = greedy_generate(
            llama, tokens, grammar, max_tokens, check, hints=hints, cache=self.prefix_cache, stop=stop
        )
        closed = stop.text if stop is not None else None
        return RawGeneration(
            text=closed or llama.detokenize(decoded.tokens).decode("utf-8", errors="ignore"),
            prompt_tokens=len(tokens),
            cached_tokens=reused,
            completion_tokens=len(decoded.tokens),
            finish_reason=decoded.finish_reason,
        )

    def _sampled(
        self, llama: Any, tokens: list[int], grammar: Any, max_tokens: int, temperature: float
    ) -> RawGeneration:
        cached = evaluate_prompt(llama, tokens, self.prefix_cache)  # create_completion reuses all of it
        out = llama.create_completion(
            tokens, max_tokens=max_tokens, temperature=temperature, stop=_STOP, grammar=grammar, seed=0
        )
        choice = out["choices"][0]
        return RawGeneration(
            text=choice["text"],
            prompt_tokens=len(tokens),
            cached_tokens=cached,
            completion_tokens=out["usage"]["completion_tokens"],
            finish_reason=choice.get("finish_reason") or "stop",
        )


class EmbeddedModel:
    """ChatModel over a LlamaRunner. Cheap to create; the runner (and its weights) can be shared."""

    def __init__(self, runner: LlamaRunner, name: str | None = None) -> None:
        self.runner = runner
        self.name = name or f"embedded:{runner.path.name}"
        self.stats = ModelStats()

    async def complete(
        self,
        messages: list[Message],
        schema: type[BaseModel] | None = None,
        *,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:
        start = time.perf_counter()
        cancel = CancelFlag()
        try:
            raw = await asyncio.to_thread(
                self.runner.generate, messages, schema, max_tokens, temperature, cancel
            )
        except asyncio.CancelledError:
            cancel.set()
            raise
        seconds = time.perf_counter() - start
        usage = Usage(
            prompt_tokens=raw.prompt_tokens,
            completion_tokens=raw.completion_tokens,
            cached_tokens=raw.cached_tokens,
        )
        completion = Completion(content=raw.text, usage=usage, seconds=seconds, model=self.name)
        self.stats.add(completion)
        if self.runner.settings.prompt_log is not None:
            append_prompt(self.runner.settings.prompt_log, messages, schema, max_tokens, completion)
        if schema is not None:
            if raw.finish_reason != "length":
                completion.parsed = parse_answer(raw.text, schema)
            elif (kept := salvage(raw.text, schema)) is not None:  # what it wrote whole before the cut
                completion.parsed = kept
            else:
                raise StructuredOutputError(
                    f"the answer was cut at max_tokens={max_tokens} before its JSON closed",
                    completion=completion,
                )
        return completion

    def __repr__(self) -> str:
        return f"EmbeddedModel({json.dumps(str(self.runner.path))})"
