"""Model specs, the config file and the factory."""

from __future__ import annotations

from pathlib import Path

import pytest

from navwright.models.base import ModelError
from navwright.models.config import ModelSpec, load_model_config
from navwright.models.embedded import EmbeddedModel
from navwright.models.factory import ModelPool, make_model
from navwright.models.openai_compat import OpenAICompatModel


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("embedded", ModelSpec()),
        ("embedded:/m/x.gguf", ModelSpec(path=Path("/m/x.gguf"))),
        ("openai:gpt-4o-mini", ModelSpec(kind="openai", model="gpt-4o-mini")),
        (
            "openai:qwen2.5:7b@http://127.0.0.1:11434/v1;key=OLLAMA_KEY",
            ModelSpec(
                kind="openai",
                model="qwen2.5:7b",
                base_url="http://127.0.0.1:11434/v1",
                api_key_env="OLLAMA_KEY",
            ),
        ),
    ],
)
def test_model_spec_round_trips(text: str, expected: ModelSpec) -> None:
    assert ModelSpec.parse(text) == expected
    assert str(expected) == text


def test_unknown_spec_is_one_line_error() -> None:
    with pytest.raises(ModelError, match="unknown model spec 'gpt4'"):
        ModelSpec.parse("gpt4")


def test_config_file_sets_planner_and_navigator(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[models]\nplanner = "openai:gpt-4o-mini"\nnavigator = "embedded:/x.gguf"\nn_ctx = 4096\n'
    )
    config = load_model_config(path)
    assert config.planner.model == "gpt-4o-mini" and config.navigator.path == Path("/x.gguf")
    assert config.n_ctx == 4096


def test_bad_config_value_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[models]\nn_ctx = "big"\n')
    with pytest.raises(ModelError, match=r"\[models\] n_ctx"):
        load_model_config(path)


def test_pool_shares_one_runner_per_model_file(tmp_path: Path) -> None:
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    pool = ModelPool()
    planner, navigator = make_model(f"embedded:{gguf}", pool), make_model(f"embedded:{gguf}", pool)
    assert isinstance(planner, EmbeddedModel) and isinstance(navigator, EmbeddedModel)
    assert planner.runner is navigator.runner and planner.stats is not navigator.stats
    assert isinstance(make_model("openai:gpt-4o-mini@http://127.0.0.1:1/v1", pool), OpenAICompatModel)
