"""The API docs at /docs, drawn by Swagger UI from files shipped in a Python package (swagger-ui-bundle-v2),
so they work on a machine with no way out (FastAPI's own /docs loads Swagger UI from a CDN).
Swagger UI 5 reads the OpenAPI 3.1 documents FastAPI writes (version 4 cannot)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs-assets"
router = APIRouter(include_in_schema=False)


@router.get("/docs", response_class=HTMLResponse)
async def docs() -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url="/openapi.json", title="navwright API", swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSETS}/swagger-ui.css", swagger_favicon_url=f"{ASSETS}/favicon-32x32.png",
    )  # fmt: skip


def mount_docs(app: FastAPI) -> None:
    """Serve /docs from the bundled Swagger UI files (the app is made with docs_url=None)."""
    from swagger_ui_bundle import swagger_ui_path

    app.include_router(router)
    app.mount(ASSETS, StaticFiles(directory=Path(str(swagger_ui_path))), name="docs-assets")
