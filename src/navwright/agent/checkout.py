"""The checkout procedure: what a person does once the item is in the cart for an order they asked for
— open the cart, then its checkout — with no model decision. A small model, shown the product page
again after "Added to your cart", adds it again and calls the order done; code takes the two routine
clicks and the form procedure fills the checkout's form, leaving the order itself (Place order) to the
navigator and the confirmation policy.

It runs for a request that commands a purchase ("Order the…", "buy 2 pairs…"), after an action of
this run put something in a cart (its button said so and the page took it), on a page with no form to
fill, at most once per page and step, and not after it reached a checkout in the step.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from pydantic import BaseModel

from navwright.agent.actions import action_params, is_search_box
from navwright.agent.formfill import FILLABLE
from navwright.agent.procedure import Move
from navwright.browser.types import ElementInfo, Observation

_CART = r"(?:cart|basket|bag|trolley)"
ADDS = re.compile(rf"\badd(?:ed)?\b.*\b{_CART}\b", re.IGNORECASE)
CHECKOUT = re.compile(r"\bcheck\s?-?out\b", re.IGNORECASE)
OPENS_CART = re.compile(rf"^\W*(?:(?:view|go to|see|open|your|my|shopping)\s+)*{_CART}\b", re.IGNORECASE)
CLICKED = {"link", "button", "menuitem"}


def adds_to_cart(action: BaseModel, obs: Observation) -> bool:
    """The action clicks an "Add to cart" (bag, basket) button."""
    element = action_params(action).get("element")
    target = next((e for e in obs.elements if e.id == element), None)
    return target is not None and bool(ADDS.search(target.name))


@dataclass
class CheckoutWay:
    """Where the checkout procedure clicked in one step."""

    clicked_on: set[str] = field(default_factory=set)
    """The URLs it clicked on (to the cart, to the checkout)."""
    reached: bool = False
    """It clicked the checkout: no more clicks back to the cart."""

    def next_click(self, obs: Observation) -> Move | None:
        """A click on the page's checkout, else on its cart; None on a page with a form to fill (the
        checkout itself), when there is neither, or once the checkout was clicked."""
        if self.reached or obs.url in self.clicked_on or _has_form(obs):
            return None
        shown = [e for e in obs.elements if e.role in CLICKED and not e.disabled and not _here(e, obs.url)]
        for pattern in (CHECKOUT, OPENS_CART):
            found = next((e for e in shown if pattern.search(e.name)), None)
            if found is not None:
                self.clicked_on.add(obs.url)
                self.reached = pattern is CHECKOUT
                return "click", {"element": found.id}
        return None


def _has_form(obs: Observation) -> bool:
    """A form of two or more fields to type into (a checkout's address): not a product's quantity, a
    cart's quantities or a search box."""
    typed = Counter(e.form for e in obs.elements if e.form and e.role in FILLABLE and not is_search_box(e)
                    and e.role != "spinbutton" and e.input_type != "number")  # fmt: skip
    return any(n >= 2 for n in typed.values())


def _here(element: ElementInfo, url: str) -> bool:
    """A link to the page itself (a breadcrumb "Checkout" on the checkout page)."""
    def plain(u: str) -> str:
        return u.split("#")[0].rstrip("/")

    return bool(element.href) and plain(element.href or "") == plain(url)
