"""HTML of the webmail: one layout, then one function per page type."""

from __future__ import annotations

from importlib.resources import files

from navwright.bench.tasks.sites.mail.data import Message, Settings
from navwright.bench.tasks.web import esc


def css() -> str:
    return files("navwright.bench.tasks.sites.mail").joinpath("site.css").read_text(encoding="utf-8")


FOLDERS = [("inbox", "Inbox"), ("sent", "Sent"), ("archive", "Archive"), ("trash", "Trash")]


def page(
    title: str, content: str, *, user: str = "", folder: str = "", query: str = "", toast: str = ""
) -> str:
    head = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)} - Postbox</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<style>{css()}</style></head><body>"
    )
    if not user:
        return head + content + '<footer>Postbox Mail &middot; Secure webmail</footer></body></html>'
    links = "".join(
        f'<a href="/folder/{k}" class="{"on" if k == folder else ""}">{v}</a>' for k, v in FOLDERS
    )
    header = (f'<header><a class="logo" href="/folder/inbox">Postbox</a>'
              f'<form action="/search" method="get" role="search"><input type="search" name="q" '
              f'value="{esc(query)}" placeholder="Search mail" aria-label="Search mail"></form>'
              f'<span class="who">{esc(user)} &middot; <a href="/settings">Settings</a> &middot; '
              f'<a href="/logout">Sign out</a></span></header>')
    nav = f'<nav><a class="compose" href="/compose">Compose</a>{links}</nav>'
    toast_html = f'<div class="toast" role="status">{esc(toast)}</div>' if toast else ""
    return (head + header + f'<div class="wrap">{nav}<main>{content}</main></div>{toast_html}'
            '<footer>Postbox Mail &middot; Secure webmail</footer></body></html>')


def login(email: str = "", error: str = "") -> str:
    err = f'<div class="error" role="alert">{esc(error)}</div>' if error else ""
    return page("Sign in", f"""<div class="login"><h1>Sign in to Postbox</h1>{err}
<form method="post" action="/login"><label for="email">Email address</label>
<input type="email" id="email" name="email" value="{esc(email)}" required autocomplete="username">
<label for="password">Password</label><input type="password" id="password" name="password" required>
<label class="inline"><input type="checkbox" name="remember" value="1"> Remember me</label>
<p><button class="btn" type="submit">Sign in</button></p></form>
<p><a href="/login">Forgot your password?</a></p></div>""")


def message_list(title: str, messages: list[Message], page_no: int, pages: int, base: str, **kw: str) -> str:
    rows = "".join(
        f'<tr class="{"unread" if m.unread else ""}"><td>{esc(m.to if m.folder == "sent" else m.sender)}</td>'
        f'<td><a href="/message/{m.id}">{esc(m.subject)}</a></td><td class="snip">{esc(m.snippet)}</td>'
        f'<td class="date">{esc(m.date)}</td></tr>' for m in messages)
    body = f'<table class="list" aria-label="Messages"><tbody>{rows}</tbody></table>' if rows else \
        '<p class="card">No messages.</p>'
    sep = "&" if "?" in base else "?"
    prev = nxt = ""
    if page_no > 1:
        prev = f'<a class="btn light" href="{base}{sep}page={page_no - 1}">&larr; Newer</a>'
    if page_no < pages:
        nxt = f'<a class="btn light" href="{base}{sep}page={page_no + 1}">Older &rarr;</a>'
    pager = f'<div class="pager">{prev}<span>Page {page_no} of {max(pages, 1)}</span>{nxt}</div>'
    return page(title, f"<h1>{esc(title)}</h1>{body}{pager}", **kw)


def message_view(m: Message, **kw: str) -> str:
    actions = ""
    if m.folder != "trash":
        archive = ""
        if m.folder == "inbox":
            archive = (f'<form method="post" action="/message/{m.id}/archive" style="display:inline">'
                       '<button class="btn light" type="submit">Archive</button></form>')
        actions = (f'{archive} <form method="post" action="/message/{m.id}/delete" style="display:inline">'
                   '<button class="btn danger" type="submit">Delete</button></form>')
    reply = "" if m.folder == "sent" else f"""<div class="card"><h2>Reply</h2>
<form method="post" action="/message/{m.id}/reply"><label for="reply-body">Your reply to
{esc(m.sender)}</label>
<textarea id="reply-body" name="body" required></textarea><p><button class="btn"
type="submit">Send</button></p>
</form></div>"""
    return page(m.subject, f"""<div class="card"><h1>{esc(m.subject)}</h1>
<div class="meta">From: <b>{esc(m.sender)}</b> &lt;{esc(m.sender_email)}&gt;<br>To: {esc(m.to)}<br>
Date: {esc(m.date)}</div><div class="body">{esc(m.body)}</div><p>{actions}</p></div>{reply}""", **kw)


def compose(error: str = "", to: str = "", subject: str = "", body: str = "", **kw: str) -> str:
    err = f'<div class="error" role="alert">{esc(error)}</div>' if error else ""
    return page("Compose", f"""<h1>New message</h1>{err}<form class="card" method="post" action="/compose">
<label for="to">To</label><input type="email" id="to" name="to" value="{esc(to)}" required>
<label for="subject">Subject</label><input type="text" id="subject" name="subject" value="{esc(subject)}">
<label for="body">Message</label><textarea id="body" name="body">{esc(body)}</textarea>
<p><button class="btn" type="submit">Send</button> <a class="btn light" href="/folder/inbox">Discard</a></p>
</form>""", **kw)


def settings(s: Settings, **kw: str) -> str:
    opts = "".join(
        f'<option value="{n}"{" selected" if n == s.per_page else ""}>{n}</option>' for n in (10, 15, 25, 50)
    )
    return page("Settings", f"""<h1>Settings</h1><form class="card" method="post" action="/settings">
<label for="display_name">Display name</label>
<input type="text" id="display_name" name="display_name" value="{esc(s.display_name)}">
<label for="signature">Signature</label><textarea id="signature"
name="signature">{esc(s.signature)}</textarea>
<label for="per_page">Messages per page</label><select id="per_page" name="per_page">{opts}</select>
<h2>Vacation auto-reply</h2>
<label class="inline"><input type="checkbox" id="vacation_on" name="vacation_on" value="1"
{" checked" if s.vacation_on else ""}> Send an automatic reply while I am away</label>
<label for="vacation_message">Auto-reply message</label>
<textarea id="vacation_message" name="vacation_message">{esc(s.vacation_message)}</textarea>
<p><button class="btn" type="submit">Save settings</button></p></form>""", **kw)
