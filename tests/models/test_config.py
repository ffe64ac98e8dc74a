"""Model specs, the config file and the factory."""

from __future__ import annotations

from pathlib import Path

import pytest
from models_chat_server import ChatServer, Reply, chat_body, error_body

from navwright.config import load_model_config
from navwright.models.base import ModelError
from navwright.models.config import ModelConfig, ModelSpec
from navwright.models.embedded import EmbeddedModel
from navwright.models.factory import ModelPool, doctor_models, make_model
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


async def test_doctor_reports_each_role_and_its_answer(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    chat_server.replies += [Reply(body=chat_body("OK")), Reply(401, error_body("bad key"))]
    spec = f"openai:tiny@{chat_server.base_url}"
    config = ModelConfig.model_validate({"planner": spec, "navigator": spec, "max_retries": 0})
    lines = await doctor_models(config)
    assert lines[0].startswith("planner: openai:tiny@") and "answered 'OK'" in lines[0]
    assert lines[1].startswith("navigator: ") and "failed:" in lines[1] and "401" in lines[1]


def test_config_file_chooses_the_embedded_weight_layout_and_decoding(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[models]\nextra_buffers = false\nlookup = false\n")
    settings = ModelPool(load_model_config(path)).embedded_settings(None)
    assert settings.extra_buffers is False and settings.lookup is False
    default = ModelPool().embedded_settings(None)  # repacked weights (where probed safe), lookup drafts
    assert default.extra_buffers is True and default.lookup is True
