"""The network-level data fence (browser/datafence.py): which requests carry the person's data to
another host, through the encodings a page may use."""

from __future__ import annotations

import json
from urllib.parse import quote, quote_plus

from navwright.browser.datafence import DataFence, site_of

FENCE = DataFence(facts=("ada@example.com", "5551234", "ada lovelace"), secrets=("p@ss w0rd&x=1",),
                  hosts=("shop.test",))
PAGE = "https://shop.test/checkout"


def test_the_person_s_data_to_another_host_is_refused_in_every_encoding() -> None:
    bodies = ["email=ada%40example.com", quote(quote("ada@example.com")),
              json.dumps({"e": "ada@example.com"}, ensure_ascii=True).replace("@", "\\u0040"),
              "phone=555-1234", "name=Ada+Lovelace", "pw=" + quote_plus("p@ss w0rd&x=1")]
    for body in bodies:
        assert FENCE.refusal("https://evil.test/collect", body.encode(), PAGE) is not None, body
    assert FENCE.refusal("https://evil.test/p?e=ada%40example.com", None, PAGE) is not None


def test_the_run_s_own_sites_and_harmless_requests_pass() -> None:
    own = b"email=ada%40example.com&pw=p%40ss+w0rd%26x%3D1"
    assert FENCE.refusal("https://shop.test/login", own, PAGE) is None
    assert FENCE.refusal("https://evil.test/collect", b"q=blue+mug", PAGE) is None


def test_a_profile_fact_may_go_within_the_page_s_site_but_a_secret_may_not() -> None:
    page = "https://www.partner.test/"
    assert FENCE.refusal("https://api.partner.test/subscribe", b"e=ada@example.com", page) is None
    assert FENCE.refusal("https://api.partner.test/login", b"pw=p@ss w0rd&x=1", page) is not None


def test_a_site_is_its_last_two_labels_and_an_address_is_its_own() -> None:
    assert site_of("a.shop.example.com") == "example.com"
    assert site_of("www.example.co.uk") == "example.co.uk"
    assert site_of("127.0.0.2") == "127.0.0.2" != site_of("127.0.0.1")


def test_a_short_number_is_no_needle_it_would_block_unrelated_requests() -> None:
    assert not DataFence(facts=("1990",), secrets=("4821",)).active
    assert DataFence(secrets=("hunter2",)).active
