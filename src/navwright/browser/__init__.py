"""The browser layer: a Playwright session, page observation, action skills, change observation.

Knows nothing of the agent, the models or the store.
"""
