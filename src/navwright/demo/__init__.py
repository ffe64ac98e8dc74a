"""The bundled demo shop: a small realistic store served on 127.0.0.1, with a site API manifest."""

from navwright.demo.server import DemoShop, serve_demo

__all__ = ["DemoShop", "serve_demo"]
