"""Northpeak Outfitters' pages: the layout and one function per page type, as HTML strings.

Long lines are HTML template text, kept whole so the markup reads as markup.
"""
# ruff: noqa: E501

from __future__ import annotations

from importlib.resources import files
from urllib.parse import urlencode

from navwright.bench.tasks.sites.shop.data import CATEGORIES, SHIPPING, Product, money
from navwright.bench.tasks.web import esc

ICONS = {"backpacks": "PACKS", "jackets": "JACKETS", "footwear": "FOOTWEAR", "tents": "SHELTER", "accessories": "KIT"}


def layout(title: str, body: str, cart_count: int = 0, toast: str = "", query: str = "") -> str:
    css = files("navwright.bench.tasks.sites.shop").joinpath("style.css").read_text()
    cats = "".join(f'<a href="/c/{k}">{esc(v)}</a>' for k, v in CATEGORIES.items())
    note = f'<div class="toast" role="status">{toast}</div>' if toast else ""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>{esc(title)} · Northpeak Outfitters</title>
<style>{css}</style></head><body><header><div class="top"><a class="logo" href="/">North<span>peak</span></a>
<form action="/search" method="get" role="search"><input type="search" name="q" value="{esc(query)}"
 placeholder="Search gear, brands…" aria-label="Search products"><button>Search</button></form>
<a class="cartlink" href="/cart">Cart ({cart_count})</a></div></header>
<nav class="cats"><div>{cats}</div></nav>{note}<main>{body}</main>
<footer><div><span>Northpeak Outfitters · 210 Pine St, Portland OR</span><span>Free standard shipping on all
orders</span><span>30-day returns</span><span>© 2026</span></div></footer></body></html>"""


def stars(rating: float) -> str:
    return f'<span class="stars">{"★" * round(rating)}{"☆" * (5 - round(rating))} {rating:.1f}</span>'


def stock_line(p: Product) -> str:
    if p.stock == 0:
        return '<span class="out">Out of stock</span>'
    if p.stock < 5:
        return f'<span class="in">Only {p.stock} left in stock</span>'
    return '<span class="in">In stock</span>'


def card(p: Product) -> str:
    return f"""<div class="card"><div class="thumb">{ICONS[p.category]}</div><span class="brand">{esc(p.brand)}</span>
<a href="/p/{p.slug}">{esc(p.name)}</a>{stars(p.rating)}<span class="price">{money(p.price)}</span>{stock_line(p)}</div>"""


def home(featured: list[Product]) -> str:
    tiles = "".join(f'<a class="card" href="/c/{k}"><div class="thumb">{ICONS[k]}</div>{esc(v)}</a>'
                    for k, v in CATEGORIES.items())  # fmt: skip
    return f"""<div class="hero"><h1>Gear for the long way round</h1><p>Winter sale: free standard shipping
on every order.</p></div><h2>Shop by category</h2><div class="grid">{tiles}</div>
<h2>Staff picks</h2><div class="grid">{"".join(card(p) for p in featured)}</div>"""


def listing(title: str, items: list[Product], total: int, page: int, pages: int, params: dict[str, str],
            path: str, filters: str = "") -> str:  # fmt: skip
    sorts = {"": "Featured", "price_asc": "Price: low to high", "price_desc": "Price: high to low",
             "rating": "Customer rating"}  # fmt: skip
    keep = "".join(f'<input type="hidden" name="{k}" value="{esc(v)}">' for k, v in params.items()
                   if k not in {"sort", "page"} and v)  # fmt: skip
    opts = "".join(f'<option value="{k}"{" selected" if params.get("sort", "") == k else ""}>{v}</option>'
                   for k, v in sorts.items())  # fmt: skip
    sorter = f"""<form method="get" action="{path}">{keep}<label>Sort by <select name="sort"
 onchange="this.form.submit()">{opts}</select></label> <noscript><button>Sort</button></noscript></form>"""
    links = []
    for n in range(1, pages + 1):
        href = path + "?" + urlencode({**{k: v for k, v in params.items() if v}, "page": str(n)})
        links.append(f"<span>{n}</span>" if n == page else f'<a href="{esc(href)}">{n}</a>')
    if page < pages:
        href = path + "?" + urlencode({**{k: v for k, v in params.items() if v}, "page": str(page + 1)})
        links.append(f'<a href="{esc(href)}">Next ›</a>')
    grid = "".join(card(p) for p in items) or '<p class="muted">No products match.</p>'
    start = (page - 1) * 12 + 1 if total else 0
    body = f"""<div class="bar"><span>Showing {start}–{start + len(items) - 1 if total else 0} of {total} products</span>
{sorter}</div><div class="grid">{grid}</div><nav class="pages" aria-label="Pages">{"".join(links)}</nav>"""
    if filters:
        body = f'<div class="layout"><aside>{filters}</aside><section>{body}</section></div>'
    return f"<h1>{esc(title)}</h1>{body}"


def filters(path: str, brands: list[str], params: dict[str, str]) -> str:
    boxes = ""
    for value in ["", *brands]:
        on = " checked" if params.get("brand", "") == value else ""
        boxes += f'<label><input type="radio" name="brand" value="{esc(value)}"{on}> {esc(value or "All brands")}</label><br>'
    sort = f'<input type="hidden" name="sort" value="{esc(params.get("sort", ""))}">' if params.get("sort") else ""
    return f"""<form method="get" action="{path}"><fieldset><legend>Brand</legend>{boxes}</fieldset>
<fieldset><legend>Price</legend><label>Min $ <input name="min" size="5" value="{esc(params.get("min", ""))}"></label>
<label>Max $ <input name="max" size="5" value="{esc(params.get("max", ""))}"></label></fieldset>{sort}
<button class="btn">Apply filters</button> <a href="{path}">Clear</a></form>"""


def product(p: Product, error: str = "") -> str:
    opts = ""
    if p.options == "apparel":
        sizes = "".join(f"<option>{s}</option>" for s in p.sizes)
        cols = "".join(f"<option>{esc(c)}</option>" for c in p.colours)
        opts = f"""<label for="size">Size</label><select id="size" name="size" required>
<option value="">Select a size</option>{sizes}</select><label for="colour">Colour</label>
<select id="colour" name="colour" required><option value="">Select a colour</option>{cols}</select>"""
    elif p.options == "shoe":
        radios = "".join(f'<label><input type="radio" name="size" value="{s}"> EU {s}</label>' for s in p.sizes)
        opts = f"""<label>Size (EU)</label><div class="sizes" role="radiogroup" aria-label="Size">{radios}</div>
<p class="error" id="size-error" role="alert"{"" if error else " hidden"}>{esc(error or "Please choose a size.")}</p>"""
    check = ""
    if p.options == "shoe":
        check = """<script>document.getElementById('buy').addEventListener('submit',function(e){
if(!this.querySelector('input[name=size]:checked')){e.preventDefault();document.getElementById('size-error').hidden=false;}});
document.querySelectorAll('input[name=size]').forEach(function(r){r.addEventListener('change',function(){
document.getElementById('size-error').hidden=true;});});</script>"""
    button = ('<button class="btn" disabled>Out of stock</button>' if p.stock == 0
              else '<button class="btn">Add to cart</button>')  # fmt: skip
    reviews = "".join(f'<div class="review"><b>{esc(who)}</b> {stars(float(n))}<br>{esc(text)}</div>'
                      for who, n, text in p.reviews)  # fmt: skip
    return f"""<p class="muted"><a href="/">Home</a> › <a href="/c/{p.category}">{CATEGORIES[p.category]}</a></p>
<div class="product"><div class="thumb">{ICONS[p.category]}</div><div><span class="brand">{esc(p.brand)}</span>
<h1>{esc(p.name)}</h1>{stars(p.rating)} <a href="#reviews">{len(p.reviews)} reviews</a>
<p class="price">{money(p.price)}</p><p>{stock_line(p)}</p><p class="muted">Weight: {esc(p.weight)}</p>
<form id="buy" class="opts" method="post" action="/cart/add"{" novalidate" if p.options == "shoe" else ""}>
<input type="hidden" name="slug" value="{p.slug}">{opts}<label for="qty">Quantity</label>
<input id="qty" type="number" name="qty" value="1" min="1" max="10"><p>{button}</p></form></div></div>
<h2 id="reviews">Customer reviews</h2>{reviews}{check}"""


def cart(lines: list[tuple[int, Product, dict[str, str], int]], subtotal: float) -> str:
    if not lines:
        return '<h1>Your cart</h1><p>Your cart is empty. <a href="/">Continue shopping</a></p>'
    rows = ""
    for i, p, opts, qty in lines:
        chosen = ", ".join(f"{k.title()}: {esc(v)}" for k, v in opts.items())
        rows += f"""<tr><td><a href="/p/{p.slug}">{esc(p.name)}</a><br><span class="muted">{chosen}</span></td>
<td>{money(p.price)}</td><td><form method="post" action="/cart/update"><input type="hidden" name="line" value="{i}">
<input type="number" name="qty" value="{qty}" min="1" max="10" aria-label="Quantity of {esc(p.name)}" style="width:60px">
<button class="btn light">Update</button></form></td><td>{money(p.price * qty)}</td><td><form method="post"
 action="/cart/remove"><input type="hidden" name="line" value="{i}"><button class="btn light">Remove</button></form></td></tr>"""
    return f"""<h1>Your cart</h1><table class="cart"><tr><th>Item</th><th>Price</th><th>Quantity</th><th>Total</th>
<th></th></tr>{rows}</table><p class="price">Subtotal: {money(subtotal)}</p>
<p><a class="btn" href="/checkout">Proceed to checkout</a></p>"""


def checkout(subtotal: float, form: dict[str, str], error: str = "") -> str:
    def field(name: str, label: str, kind: str = "text", extra: str = "", cls: str = "") -> str:
        return (f'<label class="{cls}">{label}<input type="{kind}" name="{name}" value="{esc(form.get(name, ""))}"'
                f" required {extra}></label>")  # fmt: skip

    ship = "".join(f'<label><input type="radio" name="shipping" value="{k}" required'
                   f'{" checked" if form.get("shipping") == k else ""}> {esc(t)} — {money(c) if c else "Free"}</label>'
                   for k, (t, c) in SHIPPING.items())  # fmt: skip
    err = f'<p class="error full" role="alert">{esc(error)}</p>' if error else ""
    return f"""<h1>Checkout</h1><p>Order subtotal: <b>{money(subtotal)}</b></p><form class="co" method="post"
 action="/checkout">{err}{field("name", "Full name", cls="full")}{field("email", "Email", "email", cls="full")}
{field("address", "Street address", cls="full")}{field("city", "City")}{field("zip", "ZIP / postal code")}
{field("country", "Country")}<fieldset><legend>Shipping method</legend>{ship}</fieldset>
{field("card", "Card number", extra='inputmode="numeric" autocomplete="cc-number"', cls="full")}
{field("expiry", "Expiry (MM/YY)", extra='placeholder="MM/YY"')}{field("cvc", "CVC", extra='maxlength="4"')}
<p class="full"><button class="btn">Place order</button></p></form>"""


def confirmation(number: str, total: float, email: str) -> str:
    return f"""<h1>Thank you for your order!</h1><p>Your order number is <b>{esc(number)}</b>.</p>
<p>Total charged: <b>{money(total)}</b>. A confirmation was sent to {esc(email)}.</p><p><a href="/">Keep shopping</a></p>"""
