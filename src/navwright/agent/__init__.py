"""The agent: planner, navigator, run controller and the person in control.

Entry points: `navwright.agent.run.Agent`, `navwright.agent.settings.RunSettings`,
`navwright.agent.outcomes.RunResult`, `navwright.agent.user.UserChannel`; `navwright.api.run` builds
all of it from model specs.
"""
