"""Language models: one protocol, an OpenAI-compatible client, the embedded model, replay for tests."""
