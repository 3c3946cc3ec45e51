"""The web explorer in a real browser: Playwright drives Debian's Chromium (headless) against a
running ``graphrag serve``, as a user would: upload a law and watch its job, ask with a streamed
answer, open a citation in its document's structure, expand the evidence graph by clicking an
entity, browse entities, switch the language, delete the document. A screenshot of each view
is kept under ``tests/artifacts/explorer/``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests.e2e.cli import cli, serving

pytestmark = pytest.mark.e2e

LAWS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "corpus" / "de-arbeitsrecht"
ARTEFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "explorer"


def _chromium() -> str:
    found = os.environ.get("GRAPHRAG_TEST_CHROMIUM") or next(
        (p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None
    )
    if found is None:
        pytest.fail("no Chromium: `apt-get install chromium` (make test installs it where it can)")
    return found


def test_the_explorer_uploads_asks_expands_browses_and_deletes(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with (
        serving(tmp_path / "data", GRAPHRAG_API_KEY="s3cret") as base,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900}, locale="de-DE")
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/?tenant=acme&lang=de")
        expect(page.locator("body[data-ready=true]")).to_be_attached()

        # without the key the service refuses, and the page says so
        page.click("nav button[data-tab=documents]")
        expect(page.locator("#error")).to_contain_text("API key")
        page.fill("#who input[name=key]", "s3cret")

        # upload: the job's progress, then the document in the list
        page.set_input_files("#upload-files", str(LAWS / "burlg.md"))
        page.click("#upload-form button")
        expect(page.locator("#jobs .job[data-state=done]")).to_be_visible(timeout=240_000)
        row = page.locator("#document-table tbody tr", has_text="burlg.md")
        expect(row).to_be_visible()
        row.locator("a").click()
        expect(page.locator("#structure .section-tree li").first).to_be_visible()
        page.screenshot(path=str(ARTEFACTS / "documents.png"), full_page=True)

        # ask: the streamed answer with its citation, which opens the passage in its structure
        page.click("nav button[data-tab=ask]")
        # typed in a hurry: the answer says how the question was read
        page.fill("#question", "Wie viele Werktage Urlab stehen mir mindestens zu?")
        page.click("#ask-form button")
        expect(page.locator("#answer")).to_contain_text("24 Werktage", timeout=120_000)
        expect(page.locator("#answer .read-as")).to_have_text(
            "Gelesen als: Wie viele Werktage Urlaub stehen mir mindestens zu?"
        )
        expect(page.locator("#citations li").first).to_contain_text("burlg.md")
        page.locator("#answer a.cite").first.click()
        expect(page.locator("#passage .passage-text")).to_contain_text("24 Werktage")
        expect(page.locator("#passage .section-tree li.cited")).to_have_count(1)

        # the evidence graph, drawn; a click on an entity adds its neighbours
        graph = page.locator("#graph")
        expect(graph).to_have_attribute("data-nodes", _more_than(0), timeout=60_000)
        before = int(graph.get_attribute("data-nodes") or 0)
        position = page.evaluate(
            """() => {
                const node = state.cy.nodes("[kind = 'entity']").filter((n) => n.visible())[0];
                return node ? node.renderedPosition() : null;
            }"""
        )
        assert position is not None, "the evidence graph has no entity"
        box = graph.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + position["x"], box["y"] + position["y"])
        expect(page.locator("#node-info")).to_contain_text("Entitäten")
        page.wait_for_function(
            "(n) => Number(document.querySelector('#graph').dataset.nodes) > n",
            arg=before,
            timeout=30_000,
        )
        # a click on a chunk adds what the walk reaches from it (the edges that brought them)
        before = int(graph.get_attribute("data-edges") or 0)
        chunk = page.evaluate(
            """() => {
                const node = state.cy.nodes("[kind = 'chunk']").filter((n) => n.visible())[0];
                return { id: node.id(), ...node.renderedPosition() };
            }"""
        )
        page.mouse.click(box["x"] + chunk["x"], box["y"] + chunk["y"])
        expect(page.locator("#node-info")).to_have_attribute("data-kind", "chunk")
        page.wait_for_function(
            "(n) => Number(document.querySelector('#graph').dataset.edges) > n",
            arg=before,
            timeout=30_000,
        )
        # the filter hides a kind
        page.locator("#graph-filters input[value=chunk]").uncheck()
        hidden = "() => state.cy.nodes(\"[kind = 'chunk']\").map((n) => n.style('display'))"
        assert set(page.evaluate(hidden)) == {"none"}, page.evaluate(hidden)
        page.locator("#graph-filters input[value=chunk]").check()
        page.screenshot(path=str(ARTEFACTS / "ask.png"), full_page=True)

        # entities: the most mentioned first, one opened with its mentions
        page.click("nav button[data-tab=entities]")
        page.click("#entity-form button")
        first = page.locator("#entity-list li a").first
        expect(first).to_be_visible()
        first.click()
        expect(page.locator("#entity-view .mention").first).to_be_visible()
        page.screenshot(path=str(ARTEFACTS / "entities.png"), full_page=True)

        # the interface in English
        page.select_option("#who select[name=lang]", "en")
        expect(page.locator("nav button[data-tab=ask]")).to_have_text("Ask")

        # delete, after the confirmation
        page.click("nav button[data-tab=documents]")
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator("#document-table tbody tr", has_text="burlg.md").locator(
            "button.delete"
        ).click()
        expect(page.locator("#document-table tbody")).to_contain_text("No documents yet.")
        assert errors == [], errors
        browser.close()


def test_an_html_export_opens_from_disk_with_its_graph(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    data = tmp_path / "data"
    ingested = cli("ingest", str(LAWS / "burlg.md"), data_dir=data)
    assert ingested.returncode == 0, ingested.stderr[-2000:]
    top = json.loads(cli("entities", "--json", data_dir=data).stdout)
    first = top[0]["entity"]
    pages = {
        "top": [],
        "entity": ["--entity", first["id"]],
        "document": ["--doc", str(LAWS / "burlg.md")],
    }
    counts = {}
    for name, options in pages.items():
        target = tmp_path / f"{name}.html"
        done = cli("export", "--html", str(target), *options, data_dir=data)
        assert done.returncode == 0, done.stderr[-2000:]
        text = target.read_text(encoding="utf-8")
        # one file: no script, style or image from anywhere else
        assert "<script src" not in text and "<link" not in text and "<img" not in text
        counts[name] = int(re.search(r"(\d+) nodes", done.stdout).group(1))  # type: ignore[union-attr]
        assert counts[name] > 1, done.stdout
    # another tenant's export holds nothing of acme's... nor of the default tenant's
    other = cli(
        "export", "--html", str(tmp_path / "other.html"), "--tenant", "other", data_dir=data
    )
    assert other.returncode == 0 and ": 0 nodes" in other.stdout, other.stdout
    assert first["name"] not in (tmp_path / "other.html").read_text(encoding="utf-8")

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route(
            "**/*",
            lambda route: (
                route.abort() if not route.request.url.startswith("file:") else route.continue_()
            ),
        )
        for name in pages:
            page.goto((tmp_path / f"{name}.html").as_uri())
            page.wait_for_selector("body[data-nodes]")
            assert int(page.get_attribute("body", "data-nodes") or 0) == counts[name]
        page.screenshot(path=str(ARTEFACTS / "export.png"))
        assert errors == [], errors
        browser.close()


def _more_than(n: int) -> object:
    return re.compile(r"^(?:[1-9]\d*)$" if n == 0 else rf"^\d{{{len(str(n))},}}$")
