"""Reading done by code, with no model decision: the lines further down a long page that match the task,
and a search that finds nothing tried again with fewer words, as a person would."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest
from browser_site import Site, run_skill

from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession
from navwright.browser.skills.find import lines_matching
from navwright.browser.skills.search import shorter_queries

ARTICLE = ("<title>Corva - Wiki</title><h1>Corva</h1>"
           + "".join(f"<p style='margin:0;height:90px'>Paragraph {i} on the harbour.</p>" for i in range(40))
           + "<h2>Population</h2><table><tr><th>Census</th><th>Population</th></tr>"
           + "<tr><td>1908</td><td>6,663</td></tr><tr><td>2020</td><td>18,430</td></tr></table>"
           + "<p>Text is available under an open licence. Corva Wiki is fictional.</p>")


async def test_lines_further_down_that_match_the_task_come_with_their_heading(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": ARTICLE}))
    obs = await observe(session.page, "all", budget_tokens=1400)
    assert "6,663" not in obs.text and obs.left_out > 0
    more = await lines_matching(session.page, "Using the wiki: what was the population of Corva at the 1908 "
                                "census?", obs.text)
    assert "# Population" in more and "1908 | 6,663" in more
    assert "Paragraph" not in more  # the page's own name (its title) weighs little: every line has it


async def test_links_set_side_by_side_with_no_space_read_as_separate_words(
    site: Site, session: BrowserSession
) -> None:
    page = ("<title>Skyway</title><nav><a href=/f>Flights</a><a href=/t>My trips</a><a href=/b>Baggage</a>"
            "</nav><style>nav a{margin-right:12px}</style><h1>Where to next?</h1><p>Search flights</p>")
    await session.open(site({"/": page}))
    lines = await lines_matching(session.page, "What time does my trip QX7P2L leave?", "")
    assert "Flights · My trips · Baggage" in lines and "FlightsMy" not in lines


async def test_a_line_that_restates_the_request_is_not_a_matching_line(
    site: Site, session: BrowserSession
) -> None:
    page = ("<p>Select the town Parma and click Submit.</p><p>Paris</p><p>Parma</p>"
            "<p>Parma is the home of the ham.</p><button>Submit</button>")
    await session.open(site({"/": page}))
    lines = await lines_matching(session.page, "Select the town Parma and click Submit.", "")
    assert "Parma is the home of the ham" in lines
    assert "click Submit" not in lines and "Paris" not in lines
    assert "  Parma\n" in lines + "\n"  # a name the request says is no restatement (a search result)


class _PhraseSearch(BaseHTTPRequestHandler):
    """A site search that matches the whole query as written, like many small sites' searches."""

    def do_GET(self) -> None:
        url = urlparse(self.path)
        q = parse_qs(url.query).get("q", [""])[0]
        body = "<form action=/search><input type=search name=q aria-label=Search><button>Go</button></form>"
        if url.path == "/search" and q and q.lower() in "corva harbour and shipyard":
            found = "<div class=result><a href=/wiki/corva>Corva</a></div>"
            body += f"<main><p>1 result for {q}</p>{found}</main>"
        elif url.path == "/search":
            body += f"<main><p>There were no results for {q}.</p></main>"
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture
def phrase_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _PhraseSearch)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


async def test_a_search_that_finds_nothing_is_tried_again_with_the_name_alone(
    phrase_site: str, session: BrowserSession
) -> None:
    await session.open(phrase_site + "/")
    result = await run_skill(session, "search_site", query="Corva 1908 census")
    assert result.ok, result.error
    assert "no results for 'Corva 1908 census'; searched 'Corva' instead" in result.detail
    assert result.text is not None and "Corva" in result.text and "1 result" in result.text
    assert result.url.endswith("q=Corva")


async def test_a_search_with_results_is_not_tried_again(phrase_site: str, session: BrowserSession) -> None:
    await session.open(phrase_site + "/")
    result = await run_skill(session, "search_site", query="harbour")
    assert result.ok and "instead" not in result.detail and result.url.endswith("q=harbour")


def test_shorter_queries_try_the_names_then_the_words_then_drop_words_from_the_end() -> None:
    assert shorter_queries("Corva 1908 census") == ["Corva", "1908", "census", "Corva 1908"]
    assert shorter_queries("mayor of Vellmar") == ["Vellmar", "mayor Vellmar", "mayor", "mayor of"]
    # a whole question typed into a webmail's search found nothing; "quote" finds the workshop's quote
    assert shorter_queries("quote for repairing my bike")[:2] == ["quote repairing bike", "quote"]
    assert shorter_queries("tent") == []


def test_a_questions_word_finds_the_line_that_says_it_as_pages_do() -> None:
    from navwright.browser.skills.find import PageLine, best_lines

    lines = [PageLine(text=t) for t in ("Booking RH7K2Q", "ICE 125 · Utrecht → Cologne · Friday 5 March",
                                        "Departs 10:02 from Utrecht Centraal", "Arrives 12:41 in Cologne",
                                        "Seat 42, coach 7")]
    assert 2 in best_lines(lines, "What time does my train leave?")
    assert 3 in best_lines(lines, "when does it land in Cologne?")


def test_a_month_the_question_names_finds_its_abbreviated_table_row() -> None:
    from navwright.browser.skills.find import PageLine, best_lines

    rows = ["Month | Average high (°C) | Average low (°C) | Rain (mm)"] + [
        f"{m} | {10 + i}.2 | {i}.4 | 80" for i, m in enumerate(
            ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"))]
    lines = [PageLine(text=t) for t in rows]
    question = "What is the average high temperature in July in Ostrahavn, according to its climate table?"
    assert 7 in best_lines(lines, question, limit=4)  # "Jul | 16.2 | 6.4 | 80", not only May's row


TICKET = ("<title>#14 Storage checksum mismatch</title><h1>Storage checksum mismatch</h1>"
          "<table class='properties'><tr><th>Reported by:</th><td>Felipe Silva</td>"
          "<th>Owned by:</th><td>Bence Kovacs</td></tr>"
          "<tr><th>Keywords:</th><td>corruption</td><th>Cc:</th><td></td></tr></table>")


async def test_a_property_table_reads_each_value_beside_its_label(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": TICKET}))
    more = await lines_matching(session.page, "Who owns ticket #14?", "")
    assert "Reported by: Felipe Silva | Owned by: Bence Kovacs" in more  # "owns" matches "Owned" too
    obs = await observe(session.page, "all", budget_tokens=1400)
    assert "Reported by: Felipe Silva | Owned by: Bence Kovacs" in obs.text
    assert "Keywords: corruption | Cc:" in obs.text
