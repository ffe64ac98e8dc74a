"""The demo shop's site API manifest (the HTML form described in docs/site-api.md)."""

from __future__ import annotations

from navwright.demo.catalog import CATEGORIES


def manifest_html() -> str:
    cats = ",".join(c.slug for c in CATEGORIES)
    return f"""<aside class="site-api" aria-label="Site API" hidden>
<ul class="api">
<li id="search_products" data-endpoint="/api/products" data-method="GET">
<p class="description">Search the shop's products. Returns each match's id, name, price and rating.</p>
<ul>
<li data-name="query" data-type="string" data-required>words to look for, e.g. "wireless mouse"</li>
<li data-name="category" data-type="string" data-enum="{cats}">only this category</li>
<li data-name="sort" data-type="string" data-enum="featured,price-asc,price-desc,rating">order of results</li>
</ul></li>
<li id="add_to_cart" data-endpoint="/api/cart" data-method="POST" data-body="json">
<p class="description">Put a product in the shopping cart. Returns the cart with its total.</p>
<ul>
<li data-name="product_id" data-type="string" data-required>the product's id from search_products</li>
<li data-name="quantity" data-type="integer" data-default="1">how many (1-10)</li>
</ul></li>
<li id="view_cart" data-endpoint="/api/cart" data-method="GET">
<p class="description">The shopping cart: its lines and total.</p>
<ul></ul></li>
</ul>
</aside>"""
