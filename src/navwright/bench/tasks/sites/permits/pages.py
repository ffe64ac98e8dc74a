"""HTML of the permit service: a government-style layout, the wizard's steps, review, confirmation, status."""

from __future__ import annotations

from importlib.resources import files

from navwright.bench.tasks.sites.permits.data import DISTRICTS, MONTHS, PERMIT_TYPES, Application
from navwright.bench.tasks.web import esc


def css() -> str:
    return files("navwright.bench.tasks.sites.permits").joinpath("site.css").read_text(encoding="utf-8")



def page(title: str, content: str) -> str:
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{esc(title)} - City of Lindfjord</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>{css()}</style></head><body>
<header><div class="in"><a class="crest" href="/">City of Lindfjord</a><a href="/status">Check an
application</a></div></header>
<div class="phase"><span class="tag">BETA</span> Apply for a residential parking permit</div>
<main>{content}</main><footer><div class="in">City of Lindfjord &middot; Parking Services, Town Hall,
Market Square 1
&middot; <a href="/">Accessibility</a> &middot; <a href="/">Privacy</a></div></footer></body></html>"""


def start() -> str:
    fees = "".join(f"<tr><td>{esc(name)}</td><td>€{fee}</td></tr>" for name, fee in PERMIT_TYPES.values())
    return page("Apply for a residential parking permit", f"""<h1>Apply for a residential parking permit</h1>
<p>Use this service to apply for a permit to park in the resident zones of Lindfjord.</p>
<h2>Who can apply</h2><p>You can apply if you:</p><ul><li>live in Lindfjord (postcodes 4800 to 4899)</li>
<li>are 18 or older</li><li>own or lease the vehicle, registered at your address (not needed for a visitor
booklet)</li>
</ul><p>Each household may hold at most 2 resident permits and 3 visitor booklets a year.</p>
<h2>Fees</h2><table aria-label="Permit fees">
<thead><tr><th>Permit</th><th>Fee</th></tr></thead><tbody>{fees}</tbody></table>
<div class="inset">We decide most applications within 10 working days. You pay the fee once the permit is
approved.</div>
<p>It takes around 5 minutes. You need your address and your vehicle registration plate.</p>
<a class="btn start" href="/apply/personal" role="button">Start now &rarr;</a>
<p>Already applied? <a href="/status">Check the status of an application</a>.</p>""")


def _errors(errors: dict[str, str]) -> str:
    if not errors:
        return ""
    items = "".join(f'<li><a href="#{k}">{esc(v)}</a></li>' for k, v in errors.items())
    return f'<div class="error-summary" role="alert"><h2>There is a problem</h2><ul>{items}</ul></div>'


def _field(key: str, label: str, control: str, errors: dict[str, str], hint: str = "") -> str:
    err = f'<p class="field-error" id="{key}-error">Error: {esc(errors[key])}</p>' if key in errors else ""
    hint_html = f'<div class="hint">{esc(hint)}</div>' if hint else ""
    cls = "has-error" if key in errors else ""
    return f'<div class="{cls}"><label for="{key}">{label}</label>{hint_html}{err}{control}</div>'


def _input(key: str, v: dict[str, str], kind: str = "text", extra: str = "") -> str:
    return f'<input type="{kind}" id="{key}" name="{key}" value="{esc(v.get(key, ""))}" {extra}>'


def _select(
    key: str, options: list[tuple[str, str]], v: dict[str, str], cls: str = "", label: str = ""
) -> str:
    opts = "".join(
        f'<option value="{esc(val)}"{" selected" if v.get(key) == val else ""}>{esc(text)}</option>'
        for val, text in options
    )
    aria = f' aria-label="{label}"' if label else ""
    return f'<select id="{key}" name="{key}" class="{cls}" required{aria}>{opts}</select>'


def _step(n: int, title: str, action: str, errors: dict[str, str], body: str, button: str = "") -> str:
    return page(title, f"""<a href="javascript:history.back()">&larr; Back</a>
<div class="caption">Step {n} of 3</div>
<h1>{esc(title)}</h1>{_errors(errors)}<form method="post" action="{action}">{body}
{button or '<button class="btn" type="submit">Continue</button>'}</form>""")


def personal(v: dict[str, str], errors: dict[str, str]) -> str:
    days = [("", "Day")] + [(str(d), str(d)) for d in range(1, 32)]
    months = [("", "Month")] + [(str(i + 1), m) for i, m in enumerate(MONTHS)]
    years = [("", "Year")] + [(str(y), str(y)) for y in range(2026, 1919, -1)]
    dob = (_select("dob_day", days, v, "date", "Day") + _select("dob_month", months, v, "date", "Month")
           + _select("dob_year", years, v, "date", "Year"))
    return _step(1, "Your details", "/apply/personal", errors,
                 _field("first_name", "First name", _input("first_name", v, extra="required"), errors)
                 + _field("last_name", "Last name", _input("last_name", v, extra="required"), errors)
                 + _field("dob_day", "Date of birth", dob, errors, "For example, 27 March 1985")
                 + _field("email", "Email address", _input("email", v, "email", "required"), errors,
                          "We will send the decision to this address"))


def address(v: dict[str, str], errors: dict[str, str]) -> str:
    districts = [("", "Choose district")] + [(k, name) for k, (name, _, _) in DISTRICTS.items()]
    return _step(2, "Your address", "/apply/address", errors,
                 _field("street", "Street and house number", _input("street", v, extra="required"), errors)
                 + _field("postcode", "Postcode",
                          _input("postcode", v, extra='required class="short" pattern="[0-9]{4}" '
                                 'inputmode="numeric" title="4 digits, for example 4821"'),
                          errors, "4 digits, for example 4821")
                 + _field("district", "District", _select("district", districts, v), errors))


def permit(v: dict[str, str], errors: dict[str, str]) -> str:
    radios = "".join(f'<label class="radio"><input type="radio" name="permit_type" value="{k}" required'
                     f'{" checked" if v.get("permit_type") == k else ""}> {esc(name)} (€{fee})</label>'
                     for k, (name, fee) in PERMIT_TYPES.items())
    err = f'<p class="field-error">Error: {esc(errors["permit_type"])}</p>' if "permit_type" in errors else ""
    consent_err = f'<p class="field-error">Error: {esc(errors["consent"])}</p>' if "consent" in errors else ""
    body = (f'<fieldset id="permit_type"><legend>Which permit do you need?</legend>{err}{radios}</fieldset>'
            + _field("plate", "Vehicle registration plate",
                     _input("plate", v, extra='pattern="[A-Za-z]{2}-[0-9]{3}-[A-Za-z]{2}" '
                     'title="Like LF-123-AB"'), errors, "Like LF-123-AB. Leave empty for a visitor booklet.")
            + f'<fieldset><legend>Declarations</legend>{consent_err}<label class="check">'
            '<input type="checkbox" id="consent" name="consent" value="1" required> '
            "I confirm the information is correct and I live at this address</label>"
            '<label class="check"><input type="checkbox" name="reminders" value="1"'
            f'{" checked" if v.get("reminders") else ""}>'
            ' Email me a reminder before my permit expires</label></fieldset>')
    button = ('<button class="btn" type="submit" id="continue" disabled>Continue</button><script>'
              'const c=document.getElementById("consent"),b=document.getElementById("continue");'
              'c.addEventListener("change",()=>{b.disabled=!c.checked});</script>')
    return _step(3, "Your permit", "/apply/permit", errors, body, button)


def review(a: Application) -> str:
    rows = [("Name", f"{a.first_name} {a.last_name}", "personal"),
            ("Date of birth", a.birth_date, "personal"),
            ("Email", a.email, "personal"), ("Address", f"{a.street}, {a.postcode} Lindfjord", "address"),
            ("District", DISTRICTS[a.district][0] if a.district in DISTRICTS else "", "address"),
            ("Permit", PERMIT_TYPES[a.permit_type][0] if a.permit_type in PERMIT_TYPES else "", "permit"),
            ("Vehicle", a.plate or "None", "permit"), ("Reminders", "Yes" if a.reminders else "No", "permit")]
    body = "".join(f'<tr><th>{k}</th><td>{esc(v)}</td>'
                   f'<td><a href="/apply/{s}">Change<span hidden> {k}</span></a></td></tr>'
                   for k, v, s in rows)
    return page("Check your answers", f"""<h1>Check your answers before applying</h1>
<table><tbody>{body}</tbody></table>
<h2>Now send your application</h2><p>By submitting you confirm the details are correct to the best of your
knowledge.</p>
<form method="post" action="/apply/submit"><button class="btn" type="submit">Submit
application</button></form>""")


def done(a: Application) -> str:
    return page("Application complete", f"""<div class="panel" role="status"><h1>Application complete</h1>
Your application number<strong>{esc(a.number)}</strong></div><p>We have sent a confirmation to
{esc(a.email)}.</p>
<p>We will decide within 10 working days. Keep your application number and postcode to
<a href="/status">check its status</a>.</p>""")


def status(v: dict[str, str], errors: dict[str, str], found: Application | None = None) -> str:
    result = ""
    if found is not None:
        kind = esc(PERMIT_TYPES[found.permit_type][0])
        result = (f'<div class="inset" role="status"><h2>Application {esc(found.number)}</h2>'
                  f"<p>Submitted {esc(found.submitted)} &middot; {kind}</p>"
                  f"<p><b>Status:</b> {esc(found.status)}</p></div>")
    number = _field("number", "Application number", _input("number", v, extra="required"), errors,
                    "For example, LF-PP-2026-01234")
    postcode = _field("postcode", "Postcode",
                      _input("postcode", v, extra='required class="short" pattern="[0-9]{4}"'), errors)
    return page("Check an application", f"""<h1>Check the status of an application</h1>
{_errors(errors)}{result}
<form method="post" action="/status">{number}{postcode}
<button class="btn" type="submit">Check status</button></form>""")
