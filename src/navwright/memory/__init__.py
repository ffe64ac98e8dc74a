"""Memory of verified work: steps the planner accepted, workflows replayed with no model."""

from navwright.memory.db import MemoryStore
from navwright.memory.models import Descriptor, Effect, LearnedAction, LearnedStep, MemoryFile, Workflow
from navwright.memory.recorder import MemoryUse, RunMemory

__all__ = ["Descriptor", "Effect", "LearnedAction", "LearnedStep", "MemoryFile", "MemoryStore", "MemoryUse",
           "RunMemory", "Workflow"]
