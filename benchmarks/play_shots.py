"""Screenshots and visible text of ``cardgen play`` pages, the material of a native reading of the table (#53).

usage: python benchmarks/play_shots.py LANG GAME [--extras]
    (writes $CARDGEN_SHOTS_DIR, default /tmp/cardgen-play-shots, /LANG/GAME/NN-moment-who.png/.txt; a table's
    working files in its work/ folder; Chromium at /usr/bin/chromium, playwright from the test extra)
How round 24 was run: docs/reads/README.md.
Each table: two people (seat 1 on a 390x844 phone, seat 2 on a 1280x800 laptop), an agent in seat 3, the
designer (1280x800). People come through the lobby, play random legal moves (seeded), answer the form.
--extras: a second table of the same game for the spectator's link, Ctrl-C + --resume, and pass-and-play.
"""
from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

PY = sys.executable
ROOT = str(Path(__file__).resolve().parents[1])
SHOTS = Path(os.environ.get("CARDGEN_SHOTS_DIR", "/tmp/cardgen-play-shots"))
CHROMIUM = "/usr/bin/chromium"
SEED = 7
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
NAMES = {"en": ("Ann", "Bo"), "fr": ("Camille", "Léo"), "it": ("Giulia", "Marco")}
UNCLEAR = {"en": "When may the dragon be used?", "fr": "Quand peut-on jouer le dragon ?",
           "it": "Quando si può giocare il drago?"}
# a moment specific to each game: a move whose words match (any language)
SPECIAL = {"king_lui": [("emerald-dragon", re.compile(r"emerald|drag", re.I))],
           "royale": [("serve-choice", re.compile(r"serv", re.I)), ("imposter", re.compile(r"impost", re.I))],
           "draco": [("dice-or-bank", re.compile(r"dice|\bdés\b|dadi|racket|bank|banque|banca", re.I)),
                     ("toast", re.compile(r"toast|brind", re.I))]}
ROLES = ("lobby", "1", "2", "spectator", "pass", "designer")
TEXT_JS = """() => {
  const attrs = [];
  for (const e of document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = e.getAttribute(a);
      if (v) attrs.push(a + ' (' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '): ' + v);
    }
  }
  const opts = [...document.querySelectorAll('select')].map((s) => 'select ' + s.name + ': ' +
    [...s.options].map((o) => o.textContent).join(' | '));
  return '<title>: ' + document.title + '\\nhtml lang: ' + document.documentElement.lang +
    '\\n\\n=== visible text (document.body.innerText) ===\\n' + document.body.innerText +
    '\\n\\n=== attributes (aria-label, title, placeholder, alt) ===\\n' + [...new Set(attrs)].join('\\n') +
    (opts.length ? '\\n\\n=== select options ===\\n' + opts.join('\\n') : '');
}"""


def start(work: Path, lang: str, game: str | None, *extra: str) -> tuple[subprocess.Popen, dict[str, str], list[str]]:
    cmd = [PY, "-m", "cardgen", "--project", ROOT, "play", *([game] if game else []), *extra, "--no-browser",
           "--pace", "0.05", "--out", str(work / "out")]
    if game:
        cmd[6:6] = []
        cmd += ["--people", "1,2", "--players", "3", "--seed", str(SEED), "--lang", lang, "--log", str(work / "games.jsonl")]
    env = dict(os.environ, CARDGEN_CACHE_DIR=os.environ.get("CARDGEN_CACHE_DIR", str(SHOTS / "cache")))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=open(work / f"stderr-{int(time.time())}.txt", "w"),
                            text=True, cwd=work, env=env)
    links: dict[str, str] = {}
    roles = iter(ROLES)
    printed = []
    for line in proc.stdout:
        printed.append(line.rstrip())
        hit = re.search(r"(http://127\.0\.0\.1:\d+/\S+/)", line)
        if hit:
            links[next(roles)] = hit.group(1)
        if "designer" in links:
            (work / "links.txt").open("a").write(" ".join(cmd) + "\n" + "\n".join(printed) + "\n\n")
            return proc, links, cmd
    raise SystemExit(f"no links: {printed}")


def ask(url: str, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Shooter:
    def __init__(self, out: Path):
        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        self.made: list[str] = []

    def __call__(self, page, nn: str, moment: str, who: str) -> None:
        name = f"{nn}-{moment}-{who}"
        time.sleep(0.3)  # let the last redraw land
        try:
            page.wait_for_function("() => typeof view !== 'undefined' && view && !busy", timeout=15_000)
        except Exception:
            pass
        page.screenshot(path=str(self.out / f"{name}.png"), full_page=True)
        text = page.evaluate(TEXT_JS)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        (self.out / f"{name}.txt").write_text(f"[{name}] url role: {who}; page scrollWidth {width}px, viewport "
                                              f"{page.viewport_size['width']}px\n" + text + "\n", encoding="utf-8")
        self.made.append(name)
        print("shot", self.out / name, flush=True)


def ready(page, timeout=60_000):
    page.wait_for_function("() => typeof view !== 'undefined' && view && !busy", timeout=timeout)


def two_devices(pw: Any, notes: list[str]) -> tuple[Any, Any, Any]:
    """A Chromium with a phone's page (390x844, touch) and a laptop's (1280x800), each page's errors noted."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    laptop = browser.new_context(viewport=LAPTOP).new_page()
    for p in (phone, laptop):
        p.on("pageerror", lambda e: notes.append(f"JS error (extras): {e}"))
    return browser, phone, laptop


def main() -> None:
    lang, game = sys.argv[1], sys.argv[2]
    extras = "--extras" in sys.argv
    out = SHOTS / lang / game
    work = SHOTS / "work" / f"{lang}-{game}"
    work.mkdir(parents=True, exist_ok=True)
    for f in work.glob("*"):
        if f.is_file():
            f.unlink()
    shoot = Shooter(out)
    rng = random.Random(11)
    names = NAMES[lang]
    notes: list[str] = []
    proc, links, cmd = start(work, lang, game)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1).new_page()
            laptop = browser.new_context(viewport=LAPTOP).new_page()
            designer = browser.new_context(viewport=LAPTOP).new_page()
            for p in (phone, laptop, designer):
                p.on("pageerror", lambda e, p=p: notes.append(f"JS error: {e}"))
            # 1. the lobby: a name typed, then a free seat taken (the page becomes that seat's)
            people = {0: phone, 1: laptop}
            for seat, page in people.items():
                who = "phone" if seat == 0 else "laptop"
                page.goto(links["lobby"])
                page.wait_for_function("() => typeof view !== 'undefined' && view && view.lobby")
                page.wait_for_selector("#lobby-name")
                shoot(page, "01", "lobby", who)
                page.fill("#lobby-name", names[seat])
                shoot(page, "01", "lobby-name-typed", who)
                page.click(f"button.take[data-seat='{seat + 1}']")
                page.wait_for_function("() => typeof view !== 'undefined' && view && !view.lobby && view.seat >= 0", timeout=30_000)
            designer.goto(links["designer"])
            designer.wait_for_function("() => typeof view !== 'undefined' && view && view.designer")
            # 2. the first page of each seat before any move
            for seat, page in people.items():
                page.wait_for_function("() => typeof view !== 'undefined' && view && view.waiting !== 'people'", timeout=30_000)
            shoot(phone, "02", "first", "phone")
            shoot(laptop, "02", "first", "laptop")
            shoot(designer, "02", "first", "designer")
            mid = grouped = False
            special = set()
            for _ in range(3000):
                views = {}
                for seat, page in people.items():
                    ready(page)
                    views[seat] = page.evaluate("() => view")
                if all(v["waiting"] == "over" for v in views.values()):
                    break
                mover = next((s for s, v in views.items() if v["waiting"] == "you"), None)
                if mover is None:
                    time.sleep(0.05)
                    continue
                page, view = people[mover], views[mover]
                who = "phone" if mover == 0 else "laptop"
                made = view["moves_made"]
                if not mid and made >= 8:  # 3. mid-game: both people, the designer, a hint
                    mid = True
                    designer.wait_for_function(f"() => typeof view !== 'undefined' && view && view.moves_made === {made}", timeout=10_000)
                    shoot(phone, "03", "mid", "phone")
                    shoot(laptop, "03", "mid", "laptop")
                    shoot(designer, "03", "mid", "designer")
                    if page.locator("#hint").is_visible() and page.locator("#hint").is_enabled():
                        page.click("#hint")
                        try:
                            page.wait_for_selector("#hint-box:not([hidden])", timeout=30_000)
                            ready(page)
                            shoot(page, "03", "mid-hint", who)
                        except Exception as exc:
                            notes.append(f"hint did not show: {exc}")
                    else:
                        notes.append("no Hint button to click at mid-game")
                texts = " ".join(m["text"] for m in view["moves"])
                for key, rx in SPECIAL[game]:
                    if key not in special and len(view["moves"]) >= 2 and rx.search(texts):
                        special.add(key)  # 4. a moment of this game: a choice among several moves
                        shoot(page, "04", key, who)
                        notes.append(f"04-{key}-{who}: after {made} moves; moves: {texts[:400]}")
                # the heading of a list all under one card is no move and no fold (disabled: round 29 en12)
                buttons = page.locator("#moves > button.move, #moves > button.group:not(.only)")
                chosen = buttons.nth(rng.randrange(buttons.count()))
                groups = page.locator("#moves > button.group:not(.only)")
                if not grouped and mover == 0 and groups.count():
                    chosen = groups.nth(rng.randrange(groups.count()))
                if "group" in (chosen.get_attribute("class") or ""):
                    chosen.click()
                    if not grouped and mover == 0:
                        grouped = True
                        shoot(page, "04", "group-open", who)
                    members = page.locator("#moves button.member")
                    chosen = members.nth(rng.randrange(members.count()))
                chosen.click()
                for p in people.values():
                    p.wait_for_function(f"() => typeof view !== 'undefined' && view && view.moves_made > {made}", timeout=30_000)
            else:
                notes.append("the game did not end within 3000 turns")
            for key, rx in SPECIAL[game]:
                if key not in special:
                    notes.append(f"moment 04-{key}: no person's move list matched during this game")
            if not grouped:
                notes.append("moment 04-group-open: the phone's moves were never grouped (8 moves or fewer each turn)")
            # 5. the end: the form, then answered
            designer.wait_for_function("() => typeof view !== 'undefined' && view && view.waiting === 'over'", timeout=30_000)
            for seat, page in people.items():
                page.wait_for_selector("form.feedback", timeout=30_000)
            shoot(phone, "05", "end-form", "phone")
            shoot(laptop, "05", "end-form", "laptop")
            shoot(designer, "05", "end", "designer")
            for seat, page in people.items():
                page.select_option("form.feedback select[name=fun]", str(4 + seat))
                page.select_option("form.feedback select[name=long]", "right")
                page.fill("form.feedback textarea[name=unclear]", UNCLEAR[lang])
                for sel in page.locator("form.feedback select").all():
                    if sel.input_value() == "":
                        values = [o for o in sel.locator("option").all() if o.get_attribute("value")]
                        sel.select_option(values[0].get_attribute("value"))
                page.locator("#fb-send").click()
                page.wait_for_function("() => view.feedback_given", timeout=30_000)
            shoot(phone, "05", "answered", "phone")
            shoot(laptop, "05", "answered", "laptop")
            designer.wait_for_function("() => Object.keys(view.feedback || {}).length === 2", timeout=30_000)
            shoot(designer, "05", "answered", "designer")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    if extras:
        extra_table(lang, game, out, work, shoot, notes)
    (out / "_notes.txt").write_text("\n".join([" ".join(cmd)] + notes) + "\n", encoding="utf-8")
    print("done", lang, game, len(shoot.made), "shots; notes:", *notes, sep="\n", flush=True)


def extra_table(lang: str, game: str, out: Path, work: Path, shoot: Shooter, notes: list[str]) -> None:
    """6. a second table: the spectator's link mid-game, Ctrl-C and --resume, the pass-and-play link."""
    global SEED
    SEED = 8
    work = work / "extras"
    work.mkdir(exist_ok=True)
    for f in work.glob("*"):
        if f.is_file():
            f.unlink()
    rng = random.Random(3)
    proc, links, cmd = start(work, lang, game)
    notes.append("extras table: " + " ".join(cmd))

    def moves(links, most):
        made = 0
        ask(links["1"] + "api/view"), ask(links["2"] + "api/view")
        while made < most:
            seen = ask(links["designer"] + "api/view")
            if seen["waiting"] == "over":
                break
            if seen["waiting"] == "agent":
                ask(links["designer"] + "api/agent", {"after": seen["moves_made"]})
                continue
            mine = ask(links[str(seen["turn"] + 1)] + "api/view")
            if mine["waiting"] == "you":
                ask(links[str(seen["turn"] + 1)] + "api/move",
                    {"action": rng.choice(mine["moves"])["action"], "turn": mine["moves_made"]})
                made += 1
        return made

    try:
        with sync_playwright() as pw:
            browser, phone, laptop = two_devices(pw, notes)
            moves(links, 6)
            laptop.goto(links["spectator"])
            laptop.wait_for_function("() => typeof view !== 'undefined' && view && view.spectator")
            shoot(laptop, "06", "spectator", "laptop")
            phone.goto(links["spectator"])
            phone.wait_for_function("() => typeof view !== 'undefined' && view && view.spectator")
            shoot(phone, "06", "spectator", "phone")
            browser.close()
        proc.send_signal(signal.SIGINT)
        proc.wait(30)
        record = json.loads((work / "games.jsonl").read_text(encoding="utf-8").splitlines()[-1])
        notes.append(f"after Ctrl-C the log's last game: end_reason={record.get('end_reason')}, "
                     f"{len(record.get('actions', []))} moves")
        proc, links, cmd = start(work, lang, None, "--resume", str(work / "games.jsonl"))
        notes.append("resumed: " + " ".join(cmd))
        with sync_playwright() as pw:
            browser, phone, laptop = two_devices(pw, notes)
            phone.goto(links["1"])
            laptop.goto(links["2"])
            ready(phone), ready(laptop)
            phone.wait_for_function("() => typeof view !== 'undefined' && view && view.waiting !== 'people'", timeout=30_000)
            shoot(phone, "06", "resumed", "phone")
            shoot(laptop, "06", "resumed", "laptop")
            # pass-and-play on a phone: the cover, then the hand shown
            passed = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
            passed.on("pageerror", lambda e: notes.append(f"JS error (pass): {e}"))
            passed.goto(links["pass"])
            ready(passed)
            for _ in range(200):  # until a person is to move (agents move as the page asks)
                if passed.evaluate("() => !document.getElementById('cover').hidden"):
                    break
                time.sleep(0.2)
            shoot(passed, "06", "pass-cover", "phone")
            if passed.evaluate("() => !document.getElementById('cover').hidden"):
                passed.click("#cover-ready")
                passed.wait_for_function("() => view.seat >= 0 && view.moves.length > 0", timeout=30_000)
                shoot(passed, "06", "pass-hand", "phone")
                b = passed.locator("#moves > button.move, #moves > button.group:not(.only)").first
                grouped = "group" in (b.get_attribute("class") or "")  # read first: a move may empty the list
                b.click()
                if grouped:
                    passed.locator("#moves button.member").first.click()
                time.sleep(1.5)
                shoot(passed, "06", "pass-after-move", "phone")
            else:
                notes.append("pass-and-play: no cover came")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
