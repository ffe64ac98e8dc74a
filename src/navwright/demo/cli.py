"""Serve the demo shop in the foreground (used by `python -m navwright.demo`)."""

from __future__ import annotations

import argparse
import threading

from navwright.config import check_port
from navwright.demo.server import serve_demo


def _port(text: str) -> int:
    try:
        return check_port(int(text) if text.lstrip("-").isdigit() else text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--port ")) from None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m navwright.demo", description="Serve the demo shop.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=_port, default=8765)
    parser.add_argument("--no-manifest", action="store_true", help="do not publish the site API manifest")
    args = parser.parse_args(argv)
    with serve_demo(args.host, args.port, manifest=not args.no_manifest) as shop:
        state = "off" if args.no_manifest else "on"
        print(f"Demo shop at {shop.url}/ (site API manifest {state}); Ctrl-C stops it", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("stopped")
