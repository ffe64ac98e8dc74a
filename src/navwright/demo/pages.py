"""HTML of the demo shop's pages. Small, semantic, realistic; no framework."""

from __future__ import annotations

from html import escape

from navwright.demo.cart import CartView
from navwright.demo.catalog import Catalog, Product

SORTS = (
    ("featured", "Featured"),
    ("price-asc", "Price: low to high"),
    ("price-desc", "Price: high to low"),
    ("rating", "Customer rating"),
)

_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;color:#222}
header{display:flex;gap:1rem;align-items:center;padding:.6rem 1rem;background:#1d3557;color:#fff}
header a{color:#fff} main{padding:1rem;max-width:60rem}
.products{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,14rem);gap:1rem}
.products li{border:1px solid #ccc;border-radius:6px;padding:.6rem}
.price{font-weight:bold} .cookie{position:fixed;bottom:0;left:0;right:0;background:#eee;padding:.8rem}
table{border-collapse:collapse} td,th{border-bottom:1px solid #ddd;padding:.3rem .6rem;text-align:left}
"""

_COOKIE_SCRIPT = (
    "document.getElementById('cookie-accept').addEventListener('click',function(){"
    "document.cookie='consent=1; path=/';document.getElementById('cookie-banner').remove();});"
)


def money(value: float) -> str:
    return f"${value:,.2f}"


def layout(title: str, body: str, *, cart_items: int, consent: bool, manifest: str) -> str:
    banner = (
        ""
        if consent
        else '<div class="cookie" id="cookie-banner" role="region" aria-label="Cookie notice">'
        "<p>We use cookies to keep your cart. <button id='cookie-accept' type='button'>Accept</button></p>"
        f"</div><script>{_COOKIE_SCRIPT}</script>"
    )
    full_title = title if "Gadget Shop" in title else f"{title} - Gadget Shop"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(full_title)}</title>
<style>{_STYLE}</style></head>
<body>
<header><a href="/"><strong>Gadget Shop</strong></a>
<form action="/search" method="get" role="search">
<label for="q">Search products</label> <input id="q" name="q" type="search" placeholder="e.g. wireless mouse">
<button type="submit">Search</button></form>
<a href="/cart">Cart ({cart_items})</a></header>
<main>{body}</main>
<footer><p>Gadget Shop demo - free shipping on every order.</p></footer>
{manifest}{banner}
</body></html>"""


def _stars(rating: float) -> str:
    return f"{rating:.1f} out of 5 stars"


def product_list(products: list[Product]) -> str:
    if not products:
        return "<p>No products found.</p>"
    items = "".join(
        f'<li><h3><a href="/product/{p.id}">{escape(p.name)}</a></h3>'
        f'<p class="price">{money(p.price)}</p>'
        f"<p>Rating: {_stars(p.rating)} ({p.reviews} reviews)</p></li>"
        for p in products
    )
    return f'<ul class="products">{items}</ul>'


def home(catalog: Catalog, featured: list[Product]) -> str:
    cats = "".join(
        f'<li><a href="/category/{c.slug}">{escape(c.title)}</a></li>' for c in catalog.categories.values()
    )
    return (
        "<h1>Welcome to Gadget Shop</h1>"
        f'<nav aria-label="Categories"><h2>Shop by category</h2><ul>{cats}</ul></nav>'
        f"<section><h2>Featured</h2>{product_list(featured)}</section>"
    )


def _sort_form(action: str, hidden: dict[str, str], current: str) -> str:
    fields = "".join(f'<input type="hidden" name="{k}" value="{escape(v)}">' for k, v in hidden.items())
    opts = "".join(
        f'<option value="{v}"{" selected" if v == current else ""}>{label}</option>' for v, label in SORTS
    )
    return (
        f'<form action="{action}" method="get">{fields}<label for="sort">Sort by</label> '
        f'<select id="sort" name="sort">{opts}</select> <button type="submit">Apply</button></form>'
    )


def category(title: str, slug: str, products: list[Product], sort: str) -> str:
    return (
        f"<h1>{escape(title)}</h1><p>{len(products)} products</p>"
        f"{_sort_form(f'/category/{slug}', {}, sort)}{product_list(products)}"
    )


def search(query: str, products: list[Product], sort: str) -> str:
    return (
        f"<h1>Results for “{escape(query)}”</h1><p>{len(products)} products</p>"
        f"{_sort_form('/search', {'q': query}, sort)}{product_list(products)}"
    )


def product(p: Product, category_title: str, added: bool) -> str:
    note = '<p role="status">Added to your cart.</p>' if added else ""
    return (
        f'<nav aria-label="Breadcrumb"><a href="/">Home</a> › '
        f'<a href="/category/{p.category}">{escape(category_title)}</a></nav>'
        f"<h1>{escape(p.name)}</h1>{note}<p class='price'>{money(p.price)}</p>"
        f"<p>Rating: {_stars(p.rating)} ({p.reviews} reviews)</p><p>{escape(p.blurb)}</p>"
        f'<form action="/cart/add" method="post"><input type="hidden" name="product_id" value="{p.id}">'
        '<label for="quantity">Quantity</label> '
        '<input id="quantity" name="quantity" type="number" min="1" max="10" value="1"> '
        '<button type="submit">Add to cart</button></form>'
    )


def cart(view: CartView, added: str | None) -> str:
    note = f'<p role="status">Added {escape(added)} to your cart.</p>' if added else ""
    if not view.lines:
        return f"<h1>Your cart</h1>{note}<p>Your cart is empty.</p><p><a href='/'>Continue shopping</a></p>"
    rows = "".join(
        f"<tr><td><a href='/product/{line.product_id}'>{escape(line.name)}</a></td>"
        f"<td>{money(line.unit_price)}</td>"
        f"<td><form action='/cart/update' method='post'><input type='hidden' name='product_id' "
        f"value='{line.product_id}'><label>Quantity <input name='quantity' type='number' min='0' "
        f"value='{line.quantity}'></label> <button type='submit'>Update</button></form></td>"
        f"<td>{money(line.line_total)}</td></tr>"
        for line in view.lines
    )
    return (
        f"<h1>Your cart</h1>{note}<table><thead><tr><th>Item</th><th>Price</th><th>Quantity</th>"
        f"<th>Subtotal</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<p>Shipping: Free</p><p id='cart-total'><strong>Total: {money(view.total)}</strong></p>"
        "<p><a href='/checkout'>Proceed to checkout</a></p>"
    )


def checkout(view: CartView) -> str:
    if not view.lines:
        return "<h1>Checkout</h1><p>Your cart is empty.</p>"

    def field(name: str, label: str, extra: str = "") -> str:
        return f'<p><label for="{name}">{label}</label> <input id="{name}" name="{name}" required{extra}></p>'

    return (
        f"<h1>Checkout</h1><p>Order total: <strong>{money(view.total)}</strong> ({view.items} items)</p>"
        '<form action="/checkout" method="post"><fieldset><legend>Shipping address</legend>'
        + field("name", "Full name", ' autocomplete="name"')
        + field("address", "Street address", ' autocomplete="street-address"')
        + field("city", "City", ' autocomplete="address-level2"')
        + field("postal", "Postal code", ' autocomplete="postal-code"')
        + "</fieldset><fieldset><legend>Payment</legend>"
        + field("card", "Card number", ' autocomplete="cc-number" inputmode="numeric"')
        + field("expiry", "Expiry (MM/YY)", ' autocomplete="cc-exp"')
        + field("cvc", "CVC", ' autocomplete="cc-csc" inputmode="numeric"')
        + '</fieldset><button type="submit">Place order</button></form>'
    )


def order_placed(number: str, total: float) -> str:
    return f"<h1>Thank you!</h1><p>Your order {escape(number)} for {money(total)} has been placed.</p>"


def not_found() -> str:
    return "<h1>Page not found</h1><p><a href='/'>Back to the shop</a></p>"
