"""Routes of the webmail: login, folders, search, message view, reply, compose, archive/delete, settings."""

from __future__ import annotations

from navwright.bench.tasks.sites.mail import pages
from navwright.bench.tasks.sites.mail.data import PASSWORD, USER_EMAIL, MailState, Message
from navwright.bench.tasks.web import App, Reply, Request

FOLDER_TITLES = dict(pages.FOLDERS)


def build_app(state: MailState) -> App:
    app = App("mail")

    def user(req: Request) -> str:
        return str(req.session.get("user", ""))

    def ctx(req: Request, folder: str = "", query: str = "") -> dict[str, str]:
        return {
            "user": state.settings.display_name,
            "folder": folder,
            "query": query,
            "toast": str(req.session.pop("toast", "")),
        }

    def listing(req: Request, title: str, found: list[Message], base: str, folder: str, query: str) -> Reply:
        per = state.settings.per_page
        pages_n = max(1, -(-len(found) // per))
        try:
            page_no = min(max(1, int(req.query.get("page", "1"))), pages_n)
        except ValueError:
            page_no = 1
        shown = found[(page_no - 1) * per : page_no * per]
        return Reply(body=pages.message_list(title, shown, page_no, pages_n, base, **ctx(req, folder, query)))

    @app.get("/")
    def home(req: Request) -> Reply:
        return Reply.redirect("/folder/inbox" if user(req) else "/login")

    @app.get("/login")
    def login_form(req: Request) -> Reply:
        return Reply(body=pages.login())

    @app.post("/login")
    def login(req: Request) -> Reply:
        email = req.form.get("email", "").strip()
        with app.lock:
            if email.lower() != USER_EMAIL or req.form.get("password", "") != PASSWORD:
                state.failed_logins += 1
                return Reply(200, pages.login(email, "Wrong email address or password. Try again."))
            state.logins += 1
        req.session["user"] = USER_EMAIL
        req.session["remember"] = req.form.get("remember") == "1"
        return Reply.redirect("/folder/inbox")

    @app.get("/logout")
    def logout(req: Request) -> Reply:
        req.session.clear()
        return Reply.redirect("/login")

    @app.get("/folder/{name}")
    def folder(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        name = req.params["name"]
        if name not in FOLDER_TITLES:
            return Reply(404, pages.page("Not found", "<h1>No such folder</h1>", **ctx(req)))
        return listing(req, FOLDER_TITLES[name], state.folder(name), f"/folder/{name}", name, "")

    @app.get("/search")
    def search(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        q = req.query.get("q", "").strip()
        found = [m for f in ("inbox", "archive", "sent") for m in state.folder(f, q)] if q else []
        found.sort(key=lambda m: (m.date, m.id), reverse=True)
        return listing(req, f'Search results for "{q}" ({len(found)})', found, f"/search?q={q}", "", q)

    @app.get("/message/{id}")
    def view(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        m = state.get(int(req.params["id"])) if req.params["id"].isdigit() else None
        if m is None:
            return Reply(404, pages.page("Not found", "<h1>Message not found</h1>", **ctx(req)))
        with app.lock:
            m.unread = False
        return Reply(body=pages.message_view(m, **ctx(req, m.folder)))

    @app.post("/message/{id}/reply")
    def reply(req: Request) -> Reply:
        m = state.get(int(req.params["id"])) if req.params["id"].isdigit() else None
        if not user(req) or m is None:
            return Reply.redirect("/login")
        body = req.form.get("body", "").strip()
        if not body:
            return Reply(body=pages.message_view(m, **ctx(req, m.folder)))
        with app.lock:
            state.add_sent(m.sender_email, f"Re: {m.subject}", body, in_reply_to=m.id)
        req.session["toast"] = "Message sent"
        return Reply.redirect(f"/folder/{m.folder}")

    @app.post("/message/{id}/{action}")
    def move(req: Request) -> Reply:
        m = state.get(int(req.params["id"])) if req.params["id"].isdigit() else None
        if not user(req) or m is None or req.params["action"] not in ("archive", "delete"):
            return Reply.redirect("/login")
        origin = m.folder
        with app.lock:
            m.folder = "archive" if req.params["action"] == "archive" else "trash"
        req.session["toast"] = "Conversation archived" if m.folder == "archive" else "Message moved to Trash"
        return Reply.redirect(f"/folder/{origin}")

    @app.get("/compose")
    def compose_form(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        return Reply(body=pages.compose(**ctx(req)))

    @app.post("/compose")
    def compose(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        to, subject, body = (req.form.get(k, "").strip() for k in ("to", "subject", "body"))
        if "@" not in to:
            error = "Please enter a recipient." if not to else f"'{to}' is not a valid email address."
            return Reply(body=pages.compose(error, to, subject, body, **ctx(req)))
        with app.lock:
            state.add_sent(to, subject, body)
        req.session["toast"] = "Message sent"
        return Reply.redirect("/folder/inbox")

    @app.get("/settings")
    def settings_form(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        return Reply(body=pages.settings(state.settings, **ctx(req)))

    @app.post("/settings")
    def settings(req: Request) -> Reply:
        if not user(req):
            return Reply.redirect("/login")
        s = state.settings
        with app.lock:
            s.display_name = req.form.get("display_name", s.display_name).strip() or s.display_name
            s.signature = req.form.get("signature", "")
            s.vacation_on = req.form.get("vacation_on") == "1"
            s.vacation_message = req.form.get("vacation_message", "")
            per = req.form.get("per_page", "15")
            s.per_page = int(per) if per in ("10", "15", "25", "50") else 15
        return Reply(body=pages.settings(s, **(ctx(req) | {"toast": "Settings saved"})))

    return app
