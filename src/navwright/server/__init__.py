"""`navwright serve`: an HTTP API and a web page to start, watch and steer runs."""

from navwright.server.app import create_app
from navwright.server.config import ServerConfig, check_bind

__all__ = ["ServerConfig", "check_bind", "create_app"]
