"""Open a `mergefn dups --html` page in headless Chromium (Playwright) and check it as a user
would see it: it loads without console or page errors, shows every group, opens a group to its
functions, sorts, filters, and opens a near miss to the comparator's verdict.

    python3 dups_page.py PAGE.html DUPS.json [SCREENSHOT.png]

DUPS.json is `mergefn dups --json` of the same module: the expected content. Exits 0 when every
check holds, 1 with a message otherwise, 3 when Playwright or Chromium is missing.
"""

import json
import os
import shutil
import sys


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def main():
    page_path, json_path = sys.argv[1], sys.argv[2]
    shot = sys.argv[3] if len(sys.argv) > 3 else None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("playwright for Python is not installed (pip install playwright)")
        sys.exit(3)
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(chromium):
        print("chromium is not installed (apt-get install chromium)")
        sys.exit(3)
    data = json.load(open(json_path))
    groups = data["groups"]
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("file://" + os.path.abspath(page_path))
        page.wait_for_selector("#summary")
        if errors:
            fail(f"errors while loading: {errors}")

        rows = page.locator("#groups tbody tr.group")
        if rows.count() != len(groups):
            fail(f"{rows.count()} group rows shown, {len(groups)} groups in the JSON")
        summary = page.inner_text("#summary")
        if f"{len(groups):,} groups" not in summary:
            fail(f"summary does not give the group count: {summary!r}")

        if groups:
            first = groups[0]
            cells = rows.nth(0).locator("td")
            if first["origin"] not in cells.nth(5).inner_text():
                fail(f"first row is not the biggest group {first['origin']!r}")
            # Open it: one row per function, the first function's demangled name among them.
            rows.nth(0).click()
            members = page.locator("#groups tr.members tbody tr")
            if members.count() != len(first["functions"]):
                fail(f"opened group shows {members.count()} functions, expected {len(first['functions'])}")
            if first["functions"][0]["demangled"] not in page.inner_text("#groups tr.members"):
                fail("opened group does not name its functions")
            rows.nth(0).click()
            if page.locator("#groups tr.members").count() != 0:
                fail("second click does not close the group")

            # Sort by copies: the first row has the most copies.
            page.click("#groups th[data-key=copies]")
            top = int(rows.nth(0).locator("td").nth(1).inner_text().replace(",", ""))
            if top != max(g["copies"] for g in groups):
                fail(f"sorted by copies, the first row has {top}")

            # Filter by the last group's first mangled name: only groups holding it remain.
            name = groups[-1]["functions"][0]["name"]
            page.fill("#filter", name)
            want = sum(1 for g in groups if any(name.lower() in f["name"].lower()
                                                or name.lower() in f["demangled"].lower()
                                                for f in g["functions"])
                       or name.lower() in g["origin"].lower())
            if rows.count() != want:
                fail(f"filter {name!r} shows {rows.count()} groups, expected {want}")
            page.fill("#filter", "")
            if rows.count() != len(groups):
                fail("clearing the filter does not show every group again")

        misses = page.locator("#near tbody tr.miss")
        if misses.count() != len(data["near_misses"]):
            fail(f"{misses.count()} near misses shown, {len(data['near_misses'])} in the JSON")
        if data["near_misses"]:
            misses.nth(0).click()
            verdict = page.inner_text("#near pre.verdict")
            if verdict.strip() != data["near_misses"][0]["verdict"].strip():
                fail(f"near-miss verdict differs: {verdict!r}")
        if shot:
            page.screenshot(path=shot, full_page=False)
        if errors:
            fail(f"errors while using the page: {errors}")
        browser.close()
    print(f"ok: {len(groups)} groups, {len(data['near_misses'])} near misses")


if __name__ == "__main__":
    main()
