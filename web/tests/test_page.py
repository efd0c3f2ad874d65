"""The page in a real browser (issue 46): headless Chromium from Debian's
packages, driven by Selenium through the page's own controls.

Run by web/tools/test-page, which builds the page, makes the venv and finds
the CLI; by hand: STONEGAME_CLI=target/release/stonegame \
web/tests/.venv/bin/python web/tests/test_page.py [-v]

Environment: STONEGAME_CLI (the CLI the values are compared with, required),
CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default
/usr/bin/chromedriver), SCREENSHOTS (a folder: screenshots of each game are
saved there), TEST_SEED (the random seed, default 46).
"""

import functools
import http.server
import os
import random
import subprocess
import sys
import threading
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

WEB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = int(os.environ.get("TEST_SEED", "46"))
CLI = os.environ.get("STONEGAME_CLI", "")
SCREENSHOTS = os.environ.get("SCREENSHOTS", "")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def serve():
    """web/ on a free localhost port, in a thread; returns (server, base URL)."""
    handler = functools.partial(QuietHandler, directory=WEB)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1200,1000", "--disable-extensions"):
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def cli(args, lines):
    """The CLI's answer line for each input line (one process for all)."""
    out = subprocess.run([CLI, *args], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True, timeout=120)
    answers = out.stdout.split("\n")[: len(lines)]
    assert len(answers) == len(lines), out.stdout
    return answers


WORD = {"First": "win", "Second": "lose"}


class Page(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        assert CLI and os.access(CLI, os.X_OK), "set STONEGAME_CLI to the stonegame binary"
        cls.server, cls.base = serve()
        cls.driver = browser()
        cls.rng = random.Random(SEED)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.shutdown()

    # ---- page helpers ------------------------------------------------------

    def open(self, game, delay=20):
        self.driver.get(f"{self.base}?delay={delay}&game={game}")
        self.wait_settled()

    def wait(self, condition, timeout=30, what="the page"):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(
                lambda d: condition(d))
        except TimeoutException:
            self.fail(f"timed out waiting for {what}: state "
                      f"{self.body('state')}, error {self.error_text()!r}")

    def body(self, key):
        return self.driver.execute_script(f"return document.body.dataset.{key} ?? null")

    def error_text(self):
        box = self.driver.find_element(By.ID, "error")
        return "" if box.get_attribute("hidden") is not None else box.text

    def wait_settled(self, timeout=30):
        """Until the page waits for a person (or the game is over)."""
        self.wait(lambda d: self.body("state") in ("ready", "over", "error"), timeout, "a settled page")
        self.assertEqual(self.error_text(), "")
        self.assertIn(self.body("state"), ("ready", "over"))

    def status(self):
        data = self.driver.execute_script(
            "return Object.assign({}, document.getElementById('status').dataset)")
        for key in ("nimber", "remoteness", "score", "mover", "ply"):
            data[key] = int(data[key]) if data.get(key, "") != "" else None
        return data

    def moves(self):
        return self.driver.execute_script("""
            return [...document.querySelectorAll('#moves button.move')].map(b => ({
              index: Number(b.dataset.index), to: b.dataset.to, outcome: b.dataset.outcome,
              label: b.dataset.label, cls: b.className,
              nimber: b.dataset.nimber === '' ? null : Number(b.dataset.nimber),
              remoteness: b.dataset.remoteness === '' ? null : Number(b.dataset.remoteness),
              score: b.dataset.score === '' ? null : Number(b.dataset.score)}))""")

    def set_position(self, position, rules=None, side="0", misere=False):
        d = self.driver
        box = d.find_element(By.ID, "misere")
        if box.is_displayed() and box.is_selected() != misere:
            box.click()
        if rules is not None:
            field = d.find_element(By.ID, "rules")
            field.clear()
            field.send_keys(rules)
        field = d.find_element(By.ID, "position")
        field.clear()
        field.send_keys(position)
        Select(d.find_element(By.ID, "side")).select_by_value(side)
        d.find_element(By.ID, "set").click()
        self.wait_settled()

    def click_move(self, index):
        self.driver.find_element(By.CSS_SELECTOR, f'#moves button[data-index="{index}"]').click()
        self.wait_settled()

    def shot(self, name):
        if SCREENSHOTS:
            os.makedirs(SCREENSHOTS, exist_ok=True)
            self.driver.execute_script("window.scrollTo(0, 0)")
            self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"web-{name}.png"))

    # ---- playing -----------------------------------------------------------

    def play_against_perfect(self, game, position, rules=None, screenshot_after=3, misere=False):
        """A random player moves first, the page's perfect player replies; the
        reply must keep every win (and, for scores, the exact best lead)."""
        self.open(game)
        self.set_position(position, rules, misere=misere)
        start = self.status()
        self.assertEqual(start["misere"], "1" if misere else "0")
        replies = 0
        while True:
            here = self.status()
            if here["over"] == "1":
                break
            self.assertEqual(here["mover"], 1)
            moves = self.moves()
            self.assertTrue(moves)
            for m in moves:
                self.assertIn(m["outcome"], m["cls"].split(), "colour = value")
            # Mostly random; sometimes the best move, so both kinds of positions occur.
            chosen = self.rng.choice(moves)
            self.click_move(chosen["index"])
            after = self.status()
            if after["over"] == "1" and after["ply"] == here["ply"] + 1:
                break  # the player's move ended the game
            self.assertEqual(after["ply"], here["ply"] + 2, "the perfect player replied once")
            replies += 1
            if chosen["score"] is not None:
                # The reply is perfect: the player's final lead is what the move promised.
                self.assertEqual(after["score"], chosen["score"], chosen)
            else:
                self.assertEqual(after["outcome"], chosen["outcome"],
                                 f"the perfect player let a won position go after {chosen}")
                if chosen["remoteness"] is not None and after["remoteness"] is not None:
                    self.assertEqual(after["remoteness"], chosen["remoteness"] - 2, chosen)
            if replies == screenshot_after:
                self.shot(game)
        self.assertGreater(replies, 0)
        # The game ended; against a lost start the random player lost.
        end = self.status()
        if start["outcome"] == "lose" and start["score"] is None:
            # Normal play: the player is left without a move; misère: the player made the last move.
            self.assertEqual(end["mover"], 2 if misere else 1, "the random player lost")
        # The value history has one point a position.
        points = self.driver.find_elements(By.CSS_SELECTOR, "#history circle.point")
        self.assertEqual(len(points), end["ply"] + 1)
        return end

    def test_nim_against_the_perfect_player(self):
        self.play_against_perfect("nim", "3 5 6 7")

    def test_misere_nim_and_kayles_against_the_perfect_player(self):
        self.play_against_perfect("nim", "1 2 3 4", misere=True)
        self.play_against_perfect("octal", "7 5", rules="kayles", misere=True)

    def test_kayles_against_the_perfect_player(self):
        self.play_against_perfect("octal", "9 6", rules="kayles")
        # Heap games have no drawing: the board is not shown.
        self.assertFalse(self.driver.find_element(By.ID, "board").is_displayed())

    def test_wythoff_against_the_perfect_player(self):
        self.play_against_perfect("wythoff", "11 15")

    def test_ends_against_the_perfect_player(self):
        self.play_against_perfect("ends", "3 9 1 2 8 4 7 5 6 2")

    def test_subtraction_against_the_perfect_player(self):
        self.play_against_perfect("subtraction", "17 12", rules="1 3 4")

    def test_hackenbush_against_the_perfect_player_and_by_the_drawing(self):
        self.play_against_perfect("hackenbush", "0-1 1-2 2-0 1-3 3-4 0-5 5-5 5-6 6-7 6-8 8-9 9-6",
                                  screenshot_after=1)
        # Cutting an edge by clicking the drawing plays that edge's move.
        self.set_position("0-1 1-2 2-0 0-3", side="both")
        self.assertTrue(self.driver.find_element(By.ID, "board").is_displayed())
        edges = self.driver.find_elements(By.CSS_SELECTOR, "#board .edge")
        self.assertEqual(len(edges), 4)
        expected = self.moves()[1]["to"]
        self.driver.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", edges[1])
        self.wait_settled()
        self.assertEqual((self.status()["ply"], self.status()["position"]), (1, expected))

    def test_graph_game_with_draws(self):
        """Every vertex's value and remoteness equal the CLI's `graph`; the
        perfect player keeps its value while a random player clicks vertices."""
        arcs = "0>1 1>2 2>0 1>3 3>4 4>5 5>3 2>6 6>7 0>8 8>0 8>6 7>9"
        pairs = [tuple(map(int, a.split(">"))) for a in arcs.split()]
        n = 1 + max(max(p) for p in pairs)
        out = subprocess.run([CLI, "graph"], input=f"{n} {len(pairs)}\n" +
                             "".join(f"{u} {v}\n" for u, v in pairs),
                             capture_output=True, text=True, check=True).stdout.split("\n")
        self.open("graph")
        for v in range(n):
            self.set_position(str(v), rules=arcs, side="both")
            st = self.status()
            word = {"win": "Win", "lose": "Lose", "draw": "Draw"}[st["outcome"]]
            page = word if st["remoteness"] is None else f"{word} {st['remoteness']}"
            self.assertEqual(page, out[v].strip(), f"vertex {v}")
        self.assertIn("Draw", out)
        self.set_position("0", rules=arcs, side="0")
        self.shot("graph")
        for _ in range(6):
            here = self.status()
            if here["over"] == "1":
                break
            moves = self.moves()
            chosen = self.rng.choice(moves)
            vertex = self.driver.find_element(By.CSS_SELECTOR, f'#board circle[data-vertex="{chosen["to"]}"]')
            self.driver.execute_script(
                "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", vertex)
            self.wait_settled()
            after = self.status()
            if after["over"] == "1" and after["ply"] == here["ply"] + 1:
                break
            self.assertEqual(after["ply"], here["ply"] + 2)
            self.assertEqual(after["outcome"], chosen["outcome"], chosen)

    def test_two_perfect_players_hint_and_undo(self):
        self.open("nim")
        self.set_position("1 2 4", side="1")  # the perfect player opens
        first = self.status()
        self.assertEqual(first["ply"], 1, "the perfect player moved first")
        self.assertEqual(first["outcome"], "lose", "it left a lost position")
        self.driver.find_element(By.ID, "hint").click()
        hinted = self.driver.find_elements(By.CSS_SELECTOR, "#moves button.hinted")
        self.assertEqual(len(hinted), 1)
        self.click_move(self.moves()[0]["index"])
        self.assertEqual(self.status()["ply"], 3)
        self.driver.find_element(By.ID, "undo").click()
        self.wait_settled()
        self.assertEqual(self.status()["ply"], 1, "undo goes back to your turn")
        self.driver.find_element(By.ID, "finish").click()
        self.wait(lambda d: self.body("state") == "over", 60, "the end of the game")
        end = self.status()
        # Player 1 (the perfect player) won: player 2 is left without a move.
        self.assertEqual((end["over"], end["mover"]), ("1", 2))

    # ---- values against the CLI ------------------------------------------

    def test_values_equal_the_cli(self):
        """At least 100 random positions: the page's value of each position and
        of every position its moves lead to equal the CLI's."""
        rng = self.rng
        checked = 0
        heaps = lambda top, most: lambda: " ".join(str(rng.randint(0, top)) for _ in range(rng.randint(1, most)))
        cases = [
            ("nim", None, ["nim"], heaps(12, 4), False),
            ("octal", "kayles", ["octal", "kayles"], heaps(14, 3), False),
            ("octal", "0.07", ["octal", "0.07"], heaps(16, 3), False),
            ("subtraction", "1 3 4", ["subtraction", "--set", "1,3,4"], heaps(40, 3), False),
            ("wythoff", None, ["wythoff"], lambda: f"{rng.randint(0, 30)} {rng.randint(0, 30)}", False),
            ("ends", None, ["ends"], lambda: " ".join(str(rng.randint(-9, 20)) for _ in range(rng.randint(1, 9))), False),
            ("hackenbush", None, ["hackenbush"],
             lambda: " ".join(f"{rng.randint(0, 5)}-{rng.randint(0, 5)}" for _ in range(rng.randint(1, 8))), False),
            ("nim", None, ["nim", "--misere"], heaps(6, 4), True),
            ("octal", "kayles", ["octal", "kayles", "--misere"], heaps(10, 3), True),
            ("subtraction", "1 2", ["subtraction", "--set", "1,2", "--misere"], heaps(9, 2), True),
            ("wythoff", None, ["wythoff", "--misere"], lambda: f"{rng.randint(0, 12)} {rng.randint(0, 12)}", True),
        ]
        for game, rules, command, draw, misere in cases:
            self.open(game)
            seen = []
            for _ in range(20 if not misere else 10):
                self.set_position(draw(), rules, misere=misere)
                seen.append((self.status(), self.moves()))
            positions = [s["position"] for s, _ in seen]
            children = [m["to"] for _, ms in seen for m in ms]
            everything = positions + children
            # The CLI skips blank lines: an empty position is asked of nobody; it is
            # lost for the player to move (no move; won under misère play), and an
            # empty row is worth 0.
            asked = [p for p in everything if p.strip()]
            answers = iter(cli(command, asked))
            expected = []
            for p in everything:
                if not p.strip():
                    expected.append(0 if game == "ends" else ("win" if misere else "lose"))
                    continue
                a = next(answers)
                expected.append(int(a.split()[0]) if game == "ends" else WORD[a.split()[0]])
            page = []
            for s, ms in seen:
                page.append(s["score"] if game == "ends" else s["outcome"])
            for s, ms in seen:
                for m in ms:
                    if game == "ends":
                        stone = int(m["label"].split()[-1])
                        page.append(stone - m["score"])  # the value of the row after the move
                    else:
                        # The mover wins exactly when the position after the move is lost.
                        page.append({"win": "lose", "lose": "win"}[m["outcome"]])
            self.assertEqual(page, expected, f"{command}: page values differ from the CLI's")
            checked += len(positions)
            # The nimbers shown agree with the outcomes (0 exactly when lost).
            for s, ms in seen:
                if s["nimber"] is not None:
                    self.assertEqual(s["nimber"] == 0, s["outcome"] == "lose")
        self.assertGreaterEqual(checked, 100)

    # ---- the plot, cancelling, size, load time -----------------------------

    def plot(self, code, limit, work="0", timeout=300):
        d = self.driver
        d.find_element(By.CSS_SELECTOR, '.tab[data-game="plot"]').click()
        for field, value in (("plot-code", code), ("plot-limit", limit), ("plot-work", work)):
            d.find_element(By.ID, field).clear()
            d.find_element(By.ID, field).send_keys(value)
        d.find_element(By.ID, "plot-go").click()
        summary = d.find_element(By.ID, "plot-summary")
        self.wait(lambda _: summary.get_attribute("data-state") in ("done", "refused", "cancelled"),
                  timeout, f"the plot of {code}")
        return summary

    def test_octal_plot_of_0_1777_to_10_5(self):
        """0.1777's period (60,620,715 after heap 160,949,017) lies far beyond any
        page limit: the plot marks its rare heaps and says no period is certified."""
        self.open("nim")
        d = self.driver
        summary = self.plot("0.1777", "100000")
        self.assertEqual(summary.get_attribute("data-state"), "done", summary.text)
        path = d.find_element(By.ID, "plot-values").get_attribute("d")
        self.assertGreater(path.count("M"), 500, "one stroke a pixel column")
        self.assertIn("G(0..100000)", summary.text)
        self.assertTrue(d.find_elements(By.ID, "mark-no-period"), summary.text)
        self.assertIn("no period proved", summary.text)
        rare = d.find_element(By.ID, "mark-rare").get_attribute("d")
        self.assertGreater(rare.count("M"), 0)
        self.shot("plot")
        # A game whose period the page proves: Kayles, preperiod 71, period 12.
        summary = self.plot("kayles", "10000")
        self.assertEqual(summary.get_attribute("data-state"), "done", summary.text)
        self.assertIn("preperiod 71 and period 12", summary.text)
        self.assertTrue(d.find_elements(By.ID, "mark-preperiod"))
        self.assertTrue(d.find_elements(By.ID, "mark-period"))
        self.shot("plot-kayles")

    def test_a_cancelled_computation_leaves_the_page_responsive(self):
        self.open("nim")
        d = self.driver
        d.find_element(By.CSS_SELECTOR, '.tab[data-game="plot"]').click()
        for field, value in (("plot-code", "grundys-game"), ("plot-limit", "1000000"), ("plot-work", "0")):
            d.find_element(By.ID, field).clear()
            d.find_element(By.ID, field).send_keys(value)
        d.find_element(By.ID, "plot-go").click()
        busy = d.find_element(By.ID, "busy")
        self.wait(lambda _: busy.is_displayed(), 10, "the progress box")
        time.sleep(0.5)
        self.assertTrue(busy.is_displayed(), "still working after half a second")
        d.find_element(By.ID, "cancel").click()
        summary = d.find_element(By.ID, "plot-summary")
        self.wait(lambda _: summary.get_attribute("data-state") == "cancelled", 5, "the cancellation")
        self.assertFalse(busy.is_displayed())
        # Responsive: a game answers at once with a fresh worker.
        started = time.monotonic()
        d.find_element(By.CSS_SELECTOR, '.tab[data-game="nim"]').click()
        self.wait_settled(timeout=5)
        self.set_position("1 2 3")
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(self.status()["outcome"], "lose")
        # A refusal in plain words: a work cap too small for the limit.
        summary = self.plot("0.1777", "100000", work="1000", timeout=30)
        self.assertEqual(summary.get_attribute("data-state"), "refused")
        self.assertIn("work", summary.text)

    def test_module_size_and_load_time(self):
        size = os.path.getsize(os.path.join(WEB, "pkg", "stonegame_web_bg.wasm"))
        print(f"\nwasm module: {size} bytes", file=sys.stderr)
        self.assertLess(size, 1_000_000)
        times = []
        for _ in range(3):
            self.driver.get("about:blank")
            self.driver.get(f"{self.base}?game=nim")
            self.wait(lambda _: self.body("interactive") is not None, 10, "the first position")
            times.append(int(self.body("interactive")))
        print(f"interactive after {times} ms (navigation start to the first position shown)",
              file=sys.stderr)
        self.assertLess(min(times), 1000)


if __name__ == "__main__":
    unittest.main()
