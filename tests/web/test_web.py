# SPDX-License-Identifier: MIT
"""The web page (web/dist/, `make web`) in headless Chromium, driven by Selenium.

For each game a person (this script: seeded random choices) plays a complete
game against the computer through real clicks on the board and buttons: the
set-up form, pieces then destinations (the highlighted destinations must be
exactly the legal ones), the sticks' throw button, the secret finger choice.
After every ply the board drawn (every node's pieces) and the position text
must equal the native library's (the ctypes binding, replaying the page's move
list), and the move list must hold the moves played.  Also: one typed move,
one keyboard move, undo/redo (throws kept), a hint, save then load of the game
record (when the library has game records; again behind a comment and a
[Gamer] tag naming another game, from a page showing that game), no
console error.  Then two
people at one page (both sides "a person": every ply waits for a person, the
computer never moves; the finger game asks each person's secret choice in
turn, the first one kept hidden), and the page on a phone's screen (one
column with the board first, nothing wider than the screen, touch targets
of at least 24 px, a game played by taps).  Last, the board of each game is
ag-svg's picture (frame, marks, edges, points, goals; ag-svg adds a title
band and a caption the page shows elsewhere).  Then the links (#GAME,
#SPEC, ?game=, the address following the set-up: a link opens the same
set-up), the words (every message key in every language, none missing, no
English left in a French or Chinese page, the sticks' boxes named for
people), each language in play (computer games to their end, the language
from the browser's or from ?lang=, the switch) and the sticks and fingers
boards' labels on a phone (at least 12 CSS px, none overlapping or cut).  Prints
the page's size, its load time and the computer's move times.

Run by tests/check-web.sh: test_web.py DIST_DIR [SCREENSHOT_DIR].
"""
import functools
import http.server
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET

import ancientgames as ag
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,1100"]

# (game, options typed into the form, seed, the person's side): each game is
# played person against computer.  A finger game between a random person and
# the computer lasts about a thousand plies (several minutes here), so that
# one is capped at 80 rounds with the game's own max_rounds option (a draw
# when no side has won by then, AG_END_PLY_LIMIT).
GAMES = [
    ("hare", {}, 3, 1),
    ("liubo_sticks", {}, 5, 0),
    ("liubo_fingers", {"max_rounds": "80"}, 11, 0),
]
MAX_PLIES = 4000          # a safety net: no game of these seeds comes near it


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root):
    """An HTTP server on 127.0.0.1, a free port, serving root."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


class Page:
    def __init__(self, driver, base):
        self.d = driver
        self.base = base

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def by_id(self, i):
        return self.d.find_element(By.ID, i)

    def wait(self, cond, timeout=30, what="the page"):
        try:
            return WebDriverWait(self.d, timeout, poll_frequency=0.01).until(lambda d: cond())
        except TimeoutException:
            raise Failure("timed out waiting for %s (status: %r)" % (what, self.status()))

    def status(self):
        return self.js("return document.getElementById('status').textContent")

    def phase(self):
        return self.js("return document.body.dataset.phase || ''")

    def settled(self):
        """Waits until a person must act or the game is over; returns the phase."""
        self.wait(lambda: self.js("""const b = document.body.dataset;
                    return ['person', 'throw', 'fingers', 'over'].includes(b.phase) && b.thinking !== 'yes'"""),
                  what="the person's turn")
        return self.phase()

    def snapshot(self, since=0):
        """Everything checked after a ply, read in one call; moves from index since."""
        return self.js("""
            const nodes = [...document.querySelectorAll('#board g.node')].map(g => ({
              name: g.dataset.name, cls: g.getAttribute('class'), label: g.getAttribute('aria-label'),
              pieces: [...g.querySelectorAll('g.piece')].map(p =>
                [Number(p.dataset.owner), Number(p.dataset.kind), Number(p.dataset.count)])}));
            const moves = [...document.querySelectorAll('#movelist li')].slice(arguments[0]).map(li =>
              [li.dataset.kind, li.dataset.move || li.textContent]);
            return {nodes, moves, position: document.getElementById('position').textContent,
                    ply: Number(document.body.dataset.ply), phase: document.body.dataset.phase,
                    status: document.getElementById('status').textContent};""", since)

    def last_move(self, kind):
        """The text of the last entry of the move list of that kind."""
        return self.js("""const l = document.querySelectorAll('#movelist li[data-kind="' + arguments[0] + '"]');
                          return l.length ? l[l.length - 1].dataset.move : null;""", kind)

    def node(self, name):
        return self.d.find_element(By.CSS_SELECTOR, '#board g.node[data-name="%s"]' % name)

    def click(self, element):
        element.click()


class Native:
    """The native library, replaying the page's move list."""

    def __init__(self, spec):
        self.game = ag.Game(spec)
        self.st = self.game.new_state()
        self.moves = []

    def replay(self, moves):
        """A fresh state after the moves (list of [kind, text])."""
        st = self.game.new_state()
        self.play(st, moves)
        return st

    @staticmethod
    def play(st, moves):
        for kind, text in moves:
            if kind == "result":
                continue
            if kind == "joint":
                st.apply_joint(text.split(" "))
            else:
                st.apply(text)

    def follow(self, page):
        """The page's snapshot, with the native state brought up to its move list
        (read from where it was last time: the list only grows during play)."""
        snap = page.snapshot(len(self.moves))
        new = [mv for mv in snap["moves"] if mv[0] != "result"]
        self.play(self.st, new)
        self.moves += new
        snap["moves"] = self.moves + [mv for mv in snap["moves"] if mv[0] == "result"]
        return snap, self.st

    def resync(self, page):
        """After undo/redo or load: start again from the page's whole list."""
        self.st = self.game.new_state()
        self.moves = []
        return self.follow(page)

    def board(self, st):
        return {n.name: [[p.owner, p.kind, p.count] for p in st.pieces(n.index)] for n in self.game.nodes}


def compare(page_snap, native, st, what):
    check(page_snap["position"] == st.to_text(),
          "%s: page position %r != native %r" % (what, page_snap["position"], st.to_text()))
    board = native.board(st)
    for n in page_snap["nodes"]:
        check(n["pieces"] == board[n["name"]],
              "%s: node %s shows %r, the library has %r" % (what, n["name"], n["pieces"], board[n["name"]]))
        check(n["label"] and n["label"].startswith(n["name"] + ":"), "%s: node %s has no label" % (what, n["name"]))
    check(page_snap["ply"] == st.ply, "%s: page ply %d != %d" % (what, page_snap["ply"], st.ply))


def node_classes(snap):
    return {n["name"]: set(n["cls"].split()) for n in snap["nodes"]}


def play_person_move(page, native, st, rng, log, mode):
    """The person (player 0) plays one legal move: clicks, typed or keyboard."""
    g = native.game
    p = st.current_player
    moves = st.legal_moves()
    m = rng.choice(moves)
    text = g.move_to_text(m)
    kind, frm, to = g.move_info(m)
    reserves = [n.index for n in g.nodes if n.kind == ag.AG_NODE_RESERVE]
    if frm < 0 and to >= 0 and reserves:
        frm = reserves[p]
    # The page offers exactly the legal moves (datalist of the move field).
    offered = page.js("return [...document.querySelectorAll('#legal option')].map(o => o.value)")
    check(sorted(offered) == sorted(g.move_to_text(x) for x in moves),
          "legal moves offered %r != library %r" % (offered, [g.move_to_text(x) for x in moves]))
    if kind == ag.AG_MOVE_PASS or (frm < 0 and to < 0):
        page.click(page.by_id("pass"))
    elif mode == "typed":
        box = page.by_id("movetext")
        box.clear()
        box.send_keys(text + Keys.ENTER)
    else:
        origin = g.nodes[frm].name
        if mode == "keys":
            page.js("arguments[0].focus()", page.node(origin))
            page.node(origin).send_keys(Keys.ENTER)
        else:
            page.click(page.node(origin))
        # The highlighted destinations are exactly the legal ones from there.
        want = set()
        for x in moves:
            _, f2, t2 = g.move_info(x)
            if f2 < 0 and t2 >= 0 and reserves:
                f2 = reserves[p]
            if f2 == frm and t2 >= 0:
                want.add(g.nodes[t2].name)
        classes = node_classes(page.snapshot())
        shown = {name for name, c in classes.items() if "target" in c}
        check("selected" in classes[origin], "%s is not shown selected" % origin)
        check(shown == want, "targets from %s: page %r, library %r" % (origin, sorted(shown), sorted(want)))
        dest = g.nodes[to].name
        if mode == "keys":
            page.js("arguments[0].focus()", page.node(dest))
            page.node(dest).send_keys(Keys.ENTER)
        else:
            page.click(page.node(dest))
        if page.js("return !document.getElementById('choose').hidden"):
            page.click(page.d.find_element(By.CSS_SELECTOR, '#choose button[data-move="%s"]' % text))
    page.wait(lambda: page.js("return Number(document.body.dataset.ply)") > st.ply
              or page.phase() == "over", what="the move %s" % text)
    log.append(text)
    return text


def click_fingers(page, g, st, rng, person):
    """Clicks a random secret choice of `person` in the finger panel: fingers
    (and call), then Show.  Returns the choice's text."""
    choices = st.legal_moves(person)
    text = g.move_to_text(rng.choice(choices))
    fingers, _, call = text.partition("/")
    page.wait(lambda: page.js("""const b = document.getElementById('fingers');
                                 return !b.hidden && b.dataset.player === arguments[0]""", str(person)),
              what="the finger panel of player %d" % person)
    offered = page.js("return [...document.querySelectorAll('#fingers button.finger')].map(b => b.dataset.fingers)")
    check(sorted(offered, key=int) == sorted({t.split("/")[0] for t in map(g.move_to_text, choices)}, key=int),
          "fingers offered %r" % offered)
    page.click(page.d.find_element(By.CSS_SELECTOR, '#fingers button.finger[data-fingers="%s"]' % fingers))
    if call:
        page.click(page.d.find_element(By.CSS_SELECTOR, '#fingers button.call[data-call="%s"]' % call))
    page.click(page.by_id("showfingers"))
    return text


def play_fingers(page, native, st, rng, person):
    """The person's secret finger choice: fingers (and call), then Show."""
    text = click_fingers(page, native.game, st, rng, person)
    page.wait(lambda: page.js("return Number(document.body.dataset.ply)") > st.ply
              or page.phase() == "over", what="the finger round")
    joint = page.last_move("joint").split(" ")
    check(joint[person] == text, "the round shows %r, the person chose %r" % (joint, text))
    revealed = page.js("const r = document.querySelector('#reveal [data-reveal]'); return r ? r.dataset.reveal : ''")
    check(revealed == " ".join(joint), "reveal %r != round %r" % (revealed, joint))
    return text


def throw(page, st):
    page.click(page.by_id("throwbtn"))
    page.wait(lambda: page.js("return Number(document.body.dataset.ply)") > st.ply, what="the throw")
    last = page.last_move("throw")
    a, b = (int(v) for v in last.split("+"))
    groups = page.js("""return [...document.querySelectorAll('#throw .stickgroup')].map(g =>
        [g.querySelectorAll('.stick').length, g.querySelectorAll('.stick.flat').length,
         Number(g.querySelector('.stickvalue').textContent)])""")
    check(groups == [[3, a - 1, a], [3, b - 1, b]], "throw %s drawn as %r" % (last, groups))
    return last


def new_game(page):
    """Clicks New game and waits for it (the page counts the games it started)."""
    games = page.js("return document.body.dataset.games")
    page.click(page.by_id("newgame"))
    page.wait(lambda: page.js("return document.body.dataset.games") != games, what="the new game")


def set_up(page, name, options, seed, person, other="computer"):
    """Chooses the game, its options, the players (`person` is a person, the
    other side `other`) and the seed in the form."""
    Select(page.by_id("game")).select_by_value(name)
    page.wait(lambda: page.js("return document.getElementById('spec').textContent.startsWith(arguments[0])", name),
              what="the game switch")
    for key, value in options.items():
        box = page.by_id("opt-" + key)
        if box.tag_name == "select":
            Select(box).select_by_value(value)
        else:
            box.clear()
            box.send_keys(value)
    Select(page.by_id("side%d" % person)).select_by_value("person")
    Select(page.by_id("side%d" % (1 - person))).select_by_value(other)
    Select(page.by_id("strength")).select_by_value("quick")
    seed_box = page.by_id("seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    new_game(page)


def play_game(page, name, options, seed, person, shots, figures):
    spec = "%s(%s)" % (name, ",".join("%s=%s" % kv for kv in options.items()))
    native = Native(spec)
    rng = random.Random(seed)
    set_up(page, name, options, seed, person)
    check(page.js("return document.getElementById('spec').textContent") == native.game.spec, "spec differs")
    log = []
    person_plies = 0
    undo_done = False
    hint_done = False
    checked = 0
    while True:
        phase = page.settled()
        snap, st = native.follow(page)
        compare(snap, native, st, "%s ply %d" % (name, st.ply))
        checked += 1
        if phase == "over":
            check(st.is_terminal, "the page says over, the library does not")
            check(snap["moves"][-1][0] == "result", "no result in the move list")
            check(snap["status"] == snap["moves"][-1][1] and len(snap["status"]) > 10,
                  "result in words: %r" % snap["status"])
            break
        check(not st.is_terminal, "the library's game is over, the page goes on")
        check(st.ply < MAX_PLIES, "game too long")
        if phase == "throw":
            check(st.current_player == ag.AG_PLAYER_CHANCE, "throw button at a non-chance node")
            throw(page, st)
            continue
        if phase == "fingers":
            check(st.current_player == ag.AG_PLAYER_SIMULTANEOUS, "finger panel at a non-simultaneous node")
            play_fingers(page, native, st, rng, person)
            person_plies += 1
            continue
        check(st.current_player == person, "person to move but the library says %d" % st.current_player)
        if not hint_done and person_plies == 2:
            page.click(page.by_id("hint"))
            page.wait(lambda: page.js("return document.getElementById('hinttext').textContent.startsWith('Hint: ')"),
                      what="the hint")
            hint = page.js("return document.getElementById('hinttext').textContent")[6:]
            figures.setdefault("hints", []).append(hint)
            hint = hint.split(" ")[0]
            check(st.is_legal(native.game.move_from_text(hint)), "hint %r is not legal" % hint)
            hint_done = True
        mode = "typed" if person_plies == 0 else "keys" if person_plies == 1 else "click"
        before = snap
        play_person_move(page, native, st, rng, log, mode)
        person_plies += 1
        listed = page.snapshot(len(before["moves"]))["moves"]
        check(listed and listed[0] == ["move", log[-1]],
              "the move list does not show %s after %r" % (log[-1], before["moves"][-3:]))
        if not undo_done and person_plies >= 3 and page.settled() != "over":
            after = page.snapshot()
            page.click(page.by_id("undo"))
            page.wait(lambda: page.snapshot()["position"] == before["position"], what="undo")
            undone = page.snapshot()
            check(undone["moves"] == before["moves"], "undo: move list %r != %r" % (undone["moves"], before["moves"]))
            compare(undone, native, native.replay(undone["moves"]), "after undo")
            page.click(page.by_id("redo"))
            page.wait(lambda: page.snapshot()["position"] == after["position"], what="redo")
            check(page.snapshot()["moves"] == after["moves"], "redo: move list differs (throws must be kept)")
            native.resync(page)
            undo_done = True
    check(undo_done or person_plies < 3, "%s: undo/redo was not tried" % name)
    # Save then load the game record, when the library has records.
    if page.js("return !document.getElementById('save').hidden"):
        save_and_load(page, native, snap)
        figures["records"] = "saved and loaded"
    else:
        figures["records"] = "not in this library (no ag_state_record)"
    if shots:
        page.d.save_screenshot(os.path.join(shots, "%s.png" % name))
    figures[name] = {"plies": st.ply, "person_plies": person_plies, "checked": checked,
                     "result": snap["status"]}


def two_people(page, name, options, seed, plies, figures):
    """Two people at one page, both sides "a person": for `plies` plies every
    ply waits for a person (the computer never moves), the side to move plays
    by clicks, each finger round asks player 0's secret choice, then player
    1's with nothing of the first shown, and plays the round only then."""
    spec = "%s(%s)" % (name, ",".join("%s=%s" % kv for kv in options.items()))
    native = Native(spec)
    g = native.game
    rng = random.Random(seed)
    set_up(page, name, options, seed, 0, other="person")
    ai_moves = len(page.js("return window.agPage.aiTimes()"))
    movers, rounds, log = set(), 0, []
    for _ in range(plies):
        phase = page.settled()
        snap, st = native.follow(page)
        compare(snap, native, st, "two people, %s ply %d" % (name, st.ply))
        if phase == "over":
            break
        if phase == "throw":
            throw(page, st)
            continue
        if phase == "fingers":
            chosen = []
            for q in (0, 1):
                page.wait(lambda q=q: page.js("return document.getElementById('fingers').dataset.player") == str(q),
                          what="player %d's finger panel" % q)
                status = page.status()
                check(status.startswith(g.players[q].capitalize()) and "looks away" in status,
                      "finger round, player %d: status %r" % (q, status))
                if q == 1:
                    check(page.js("return document.querySelectorAll('#fingers [aria-pressed=\"true\"]').length") == 0,
                          "player 1's panel shows a choice already made")
                    check(page.js("return Number(document.body.dataset.ply)") == st.ply,
                          "the round was played before player 1 chose")
                    check(page.snapshot(len(native.moves))["moves"] == [], "player 0's choice is listed")
                chosen.append(click_fingers(page, g, st, rng, q))
            page.wait(lambda: page.js("return Number(document.body.dataset.ply)") > st.ply
                      or page.phase() == "over", what="the round of two people")
            check(page.last_move("joint").split(" ") == chosen,
                  "the round shows %r, the people chose %r" % (page.last_move("joint"), chosen))
            rounds += 1
            continue
        check(phase == "person", "two people, %s: phase %r" % (name, phase))
        p = st.current_player
        check(snap["status"].startswith(g.players[p].capitalize() + " to move"),
              "two people: status %r with player %d to move" % (snap["status"], p))
        movers.add(p)
        play_person_move(page, native, st, rng, log, "click")
    check(len(page.js("return window.agPage.aiTimes()")) == ai_moves, "the computer moved in a game of two people")
    check(movers == {0, 1}, "two people, %s: only players %r moved" % (name, sorted(movers)))
    check(rounds > 0 or not g.flags & ag.GameFlag.SIMULTANEOUS, "two people, %s: no finger round" % name)
    figures["two_people_" + name] = {"plies": native.st.ply, "finger_rounds": rounds}


def phone(page, figures):
    """The page on a phone's screen (390 x 844 CSS px, the viewport meta tag's
    width=device-width): one column with the board first (above the set-up
    form), nothing wider than the screen, every point's touch target at least
    24 px across (WCAG 2.2's minimum target size), and a hare game between
    two people played by taps."""
    size = page.d.get_window_size()
    page.d.set_window_size(390, 844)
    try:
        page.wait(lambda: page.js("return window.innerWidth") <= 400, what="the phone's width")
        Select(page.by_id("game")).select_by_value("hare")
        page.wait(lambda: page.js("return document.getElementById('spec').textContent.startsWith('hare')"),
                  what="the game switch")
        new_game(page)
        m = page.js("""const box = (e) => { const r = e.getBoundingClientRect();
                                            return {left: r.left, right: r.right, top: r.top, width: r.width}; };
            const hits = [...document.querySelectorAll('#board g.node circle.hit')].map(c => box(c).width);
            return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth,
                    board: box(document.getElementById('board')), play: box(document.getElementById('play')),
                    setup: box(document.getElementById('setup')), hit: Math.min(...hits),
                    columns: getComputedStyle(document.querySelector('main')).gridTemplateColumns};""")
        check(m["scroll"] <= m["inner"], "phone: the page is %s px wide on a %s px screen" % (m["scroll"], m["inner"]))
        check(len(m["columns"].split()) == 1, "phone: grid columns %r, not one" % m["columns"])
        check(m["play"]["top"] < m["setup"]["top"], "phone: the board is not first")
        check(m["board"]["left"] >= 0 and m["board"]["right"] <= m["inner"] and m["board"]["width"] >= 0.8 * m["inner"],
              "phone: the board spans %r on a %s px screen" % (m["board"], m["inner"]))
        check(m["hit"] >= 24, "phone: a touch target is %.1f px across" % m["hit"])
        figures["phone"] = {"width": m["inner"], "board_px": round(m["board"]["width"]),
                            "smallest_target_px": round(m["hit"], 1)}
        two_people(page, "hare", {}, 17, 8, figures)
        phone_labels(page, None, figures)
    finally:
        page.d.set_window_size(size["width"], size["height"])


PICTURE_CLASSES = ("frame", "mark", "edge", "point", "goal")
PICTURE_ATTRS = ("x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy", "r", "d", "points")


def polygon_points(v):
    """A polygon's points attribute, "x,y x,y ...", as [(x, y), ...]."""
    return [tuple(float(n) for n in p.split(",")) for p in v.split()]


def picture(shapes, origin=None):
    """The shapes [tag, class, [[attr, value], ...]] moved so that the board's
    frame starts at 0, 0 (ag-svg leaves room for a title and a caption that
    the page shows elsewhere), as sorted comparable rows."""
    frame = [dict(a) for _, cls, a in shapes if cls == "frame"]
    check(len(frame) == 1, "not one frame: %r" % frame)
    if "points" in frame[0]:   # a polygon frame (the cross): its bounding box's corner
        pts = polygon_points(frame[0]["points"])
        ox, oy = min(x for x, _ in pts), min(y for _, y in pts)
    else:
        ox, oy = float(frame[0]["x"]), float(frame[0]["y"])
    rows = []
    for tag, cls, attrs in shapes:
        row = [tag, cls]
        for k, v in attrs:
            if k == "points":
                v = " ".join("%.1f,%.1f" % (x - ox, y - oy) for x, y in polygon_points(v))
            elif k == "d":   # "M x y L x y ...": x and y alternate
                nums = v.replace("M", " ").replace("L", " ").split()
                v = " ".join("%.1f" % (float(n) - (ox if i % 2 == 0 else oy)) for i, n in enumerate(nums))
            elif k in ("x", "x1", "x2", "cx"):
                v = "%.1f" % (float(v) - ox)
            elif k in ("y", "y1", "y2", "cy"):
                v = "%.1f" % (float(v) - oy)
            else:
                v = "%.1f" % float(v)
            row.append((k, v.replace("-0.0", "0.0")))
        rows.append(json.dumps(row))
    return sorted(rows)


def same_picture_as_ag_svg(page, ag_svg, figures):
    """board.js draws "the same picture as examples/ag-svg.c": for each game
    the page's frame, decoration marks, edges, point dots and goal squares
    (tag, class, size and place relative to the frame) are exactly ag-svg's.
    (ag-svg and Python's State.svg() are both the library's ag_state_svg.)"""
    import xml.etree.ElementTree as ET
    checked = {}
    for name in ag.game_names():
        Select(page.by_id("game")).select_by_value(name)
        page.wait(lambda: page.js("return document.getElementById('spec').textContent.startsWith(arguments[0])", name),
                  what="the game switch")
        new_game(page)
        drawn = page.js("""const want = arguments[0], attrs = arguments[1], out = [];
            for (const e of document.querySelectorAll('#board *')) {
              const cls = e.getAttribute('class') || '';
              if (!want.includes(cls.split(' ')[0])) continue;
              out.push([e.tagName.toLowerCase(), cls, attrs.filter(k => e.hasAttribute(k)).map(k => [k, e.getAttribute(k)])]);
            }
            return out;""", list(PICTURE_CLASSES), list(PICTURE_ATTRS))
        spec = page.js("return document.getElementById('spec').textContent")
        root = ET.fromstring(subprocess.run([ag_svg, spec], stdout=subprocess.PIPE, check=True).stdout)
        shapes = [[e.tag.split("}")[-1], e.get("class"), [[k, e.get(k)] for k in PICTURE_ATTRS if e.get(k) is not None]]
                  for e in root.iter() if e.get("class", "").split(" ")[0] in PICTURE_CLASSES]
        a, b = picture(drawn), picture(shapes)
        check(a == b, "%s: not ag-svg's picture: only the page has %s; only ag-svg has %s"
              % (name, sorted(set(a) - set(b))[:4], sorted(set(b) - set(a))[:4]))
        checked[name] = len(b)
    figures["same_picture_as_ag_svg"] = checked


def default_strength_times(page, name, moves=8):
    """The computer's move time at the default strength ("normal"): the computer
    plays both sides for a few moves.  Printed, never asserted (a loaded
    machine is slower)."""
    Select(page.by_id("game")).select_by_value(name)
    for p in (0, 1):
        Select(page.by_id("side%d" % p)).select_by_value("computer")
    Select(page.by_id("strength")).select_by_value("normal")
    first = page.js("return window.agPage.aiTimes().length")
    new_game(page)
    page.wait(lambda: page.js("return window.agPage.aiTimes().length") >= first + moves or page.phase() == "over",
              timeout=120, what="the computer's moves")
    times = sorted(page.js("return window.agPage.aiTimes()")[first:])
    return {"moves": len(times), "ms_median": round(times[len(times) // 2], 1), "ms_max": round(times[-1], 1)}


# ------------------------------------------------------------ links and words

def open_page(page, query="", hash_=""):
    """Loads the page afresh at ?pause=0&QUERY#HASH and waits for it."""
    page.d.get(page.base + "?pause=0" + ("&" + query if query else "") + ("#" + hash_ if hash_ else ""))
    page.wait(lambda: page.js("return document.body.dataset.ready === 'yes'"), what="the library to load")
    page.wait(lambda: page.js("return Number(document.body.dataset.games || 0)") >= 1, what="the first game")


def form(page):
    return page.js("""const v = (i) => document.getElementById(i).value;
        const opts = {}; for (const e of document.querySelectorAll('#options [data-key]')) opts[e.dataset.key] = e.value;
        return {game: v('game'), p0: v('side0'), p1: v('side1'), strength: v('strength'), seed: v('seed'),
                lang: v('lang'), opts, spec: document.getElementById('spec').textContent,
                hash: location.hash, search: location.search, share: document.getElementById('share').href,
                html_lang: document.documentElement.lang};""")


def links(page, figures):
    """#GAME and #SPEC choose the game (as ?game= and ?spec= still do); the
    address follows every change of the set-up (game, option, players,
    strength, seed, language), and opening that address gives the same
    set-up; a new #GAME typed in the address bar switches the game."""
    tried = []
    for hash_, query, game, spec_start in [("liubo_fingers", "", "liubo_fingers", "liubo_fingers("),
                                           ("hare(hunters=11)", "spec=liubo_fingers", "hare", "hare(hunters=11,"),
                                           ("", "game=liubo_sticks", "liubo_sticks", "liubo_sticks(")]:
        open_page(page, query, hash_)
        f = form(page)
        check(f["game"] == game and f["spec"].startswith(spec_start),
              "address ?%s#%s: game %r, spec %r" % (query, hash_, f["game"], f["spec"]))
        tried.append(query or "#" + hash_)
    # The address follows the form: the hash holds the game and the options
    # that differ from their defaults.
    check(form(page)["hash"] == "#liubo_sticks", "the address of liubo_sticks: %r" % form(page)["hash"])
    Select(page.by_id("opt-five")).select_by_value("off")
    page.wait(lambda: form(page)["hash"] == "#liubo_sticks(five=off)", what="the option in the address")
    Select(page.by_id("side0")).select_by_value("person")
    Select(page.by_id("side1")).select_by_value("person")
    Select(page.by_id("strength")).select_by_value("quick")
    seed = page.by_id("seed")
    seed.clear()
    seed.send_keys("4242")
    Select(page.by_id("lang")).select_by_value("fr")
    f = form(page)
    want = {"p0": "person", "p1": "person", "strength": "quick", "seed": "4242", "lang": "fr"}
    got = dict(x.split("=", 1) for x in f["search"].lstrip("?").split("&"))
    check(all(got.get(k) == v for k, v in want.items()), "the address %r lacks %r" % (f["search"], want))
    check(f["share"].endswith(f["search"] + f["hash"]), "the page's link %r is not the address" % f["share"])
    # That address, opened anew (in a fresh page: the same address with
    # only a new # would not load it again), is the same set-up.
    page.d.get("about:blank")
    page.d.get(f["share"])
    page.wait(lambda: page.js("return document.body.dataset.ready === 'yes'"), what="the shared link")
    g = form(page)
    for k in ("game", "p0", "p1", "strength", "seed", "lang", "opts", "hash"):
        check(g[k] == f[k], "the shared link gives %s=%r, not %r" % (k, g[k], f[k]))
    check(g["spec"].startswith("liubo_sticks(") and "five=off" in g["spec"], "shared spec %r" % g["spec"])
    # A game name typed after # switches the game; an unknown one gives the first game.
    page.js("location.hash = '#hare'")
    page.wait(lambda: form(page)["spec"].startswith("hare("), what="the game of a new #hare")
    page.js("location.hash = '#liubo_fingers(max_rounds=9)'")
    page.wait(lambda: form(page)["spec"].startswith("liubo_fingers(") and "max_rounds=9" in form(page)["spec"],
              what="the game of a new #SPEC")
    page.js("location.hash = '#no_such_game'")
    first = ag.game_names()[0]
    page.wait(lambda: form(page)["spec"].startswith(first + "("), what="the first game for an unknown #")
    figures["links"] = {"opened": tried, "shared": f["share"].split("/", 3)[-1]}


def placeholders(text):
    return sorted(set(re.findall(r"\{(\w+)\}", text)))


def english_fragments(messages, same):
    """The English sentences' fixed parts (between the {places}) long enough
    to be told from names and notation: none may be left in a translation."""
    out = set()
    for key, text in messages.items():
        if key in same or key.startswith(("pl_", "opt_", "val_")):
            continue
        for part in re.split(r"\{\w+\}", text):
            part = part.strip(" .,:;()…'")
            if len(part) >= 8 or (" " in part and len(part) >= 6):
                out.add(part)
    return out


def message_keys(page, figures):
    """Every message key in every language: the same keys as English, no
    empty message, the same {places}, a translation that differs from the
    English (SAME_AS_ENGLISH excepted); every key the page's sources use
    exists; every word of the library (players, option keys and word
    values) has its entry; every game has its "how to play" in every
    language."""
    tables = page.d.execute_async_script("""const done = arguments[arguments.length - 1];
        Promise.all([import('./assets/i18n.js'), import('./assets/howto.js')]).then(([i, h]) => done({
          messages: i.MESSAGES, same: [...i.SAME_AS_ENGLISH], langs: i.LANGS.map(l => l.code),
          howto: Object.fromEntries(Object.entries(h.HOWTO).map(([l, g]) => [l, Object.keys(g)])),
          options: window.agPage.app.names.map(n => [n, window.agPage.app.ag.options(n)]),
          players: window.agPage.app.names.map(n => { const g = window.agPage.app.ag.game(n);
                                                      const p = g.players; g.free(); return p; })}),
          (e) => done({error: String(e)}));""")
    check("error" not in tables, "i18n.js: %r" % tables.get("error"))
    msgs, same = tables["messages"], set(tables["same"])
    check(tables["langs"] == ["en", "fr", "zh"], "languages %r" % tables["langs"])
    en = msgs["en"]
    problems = []
    for lang in tables["langs"][1:]:
        tr = msgs[lang]
        problems += ["%s: no %s" % (lang, k) for k in sorted(set(en) - set(tr))]
        problems += ["%s: %s is not an English key" % (lang, k) for k in sorted(set(tr) - set(en))]
        for k in sorted(set(en) & set(tr)):
            if not tr[k].strip():
                problems.append("%s: %s is empty" % (lang, k))
            elif tr[k] == en[k] and k not in same:
                problems.append("%s: %s left in English (%r)" % (lang, k, en[k]))
            elif placeholders(tr[k]) != placeholders(en[k]) and not k.startswith("held_by"):
                problems.append("%s: %s has places %r, English %r" % (lang, k, placeholders(tr[k]), placeholders(en[k])))
    # The keys the page's sources use.
    used = set()
    web = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "web")
    for f in sorted(os.listdir(web)):
        if f.endswith((".js", ".html")):
            text = open(os.path.join(web, f), encoding="utf-8").read()
            used |= set(re.findall(r"\bt\(\s*\"(\w+)\"", text))
            used |= {k + "_" + form_ for k in re.findall(r"\btn\(\s*\"(\w+)\"", text) for form_ in ("one", "other")}
            used |= set(re.findall(r"data-i18n(?:-[a-z-]+)?=\"(\w+)\"", text))
            for a, b in re.findall(r"\bt\(\s*[^\"()]*\?\s*\"(\w+)\"\s*:\s*\"(\w+)\"", text):
                used |= {a, b}
    used |= {"strength_" + s for s in ("quick", "normal", "1s", "3s")}
    problems += ["the page uses %s, en has none" % k for k in sorted(used - set(en))]
    # The library's words.
    for players in tables["players"]:
        for p in players:
            problems += ["no pl_%s%s" % (p, f) for f in ("", "_of", "_by", "_owner", "_wins") if "pl_%s%s" % (p, f) not in en]
    words = set()
    for name, opts in tables["options"]:
        for o in opts:
            words.add("opt_" + o["key"])
            words |= {"val_" + v for v in (o["values"] or []) if not v.isdigit()}
    problems += ["no %s (a word of the library)" % k for k in sorted(words - set(en))]
    for lang in tables["langs"]:
        problems += ["%s: no how to play %s" % (lang, n) for n, _ in tables["options"] if n not in tables["howto"].get(lang, [])]
    check(not problems, "messages: %s" % "; ".join(problems[:12]))
    figures["messages"] = {"keys": len(en), "used_by_the_page": len(used), "library_words": len(words),
                           "languages": tables["langs"]}
    return msgs, same


PAGE_TEXT = """const b = document.body;
    const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].map(e =>
        [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')].join(' '));
    const svgText = [...document.querySelectorAll('#board text')].map(t => t.textContent);
    const opts = [...document.querySelectorAll('option')].filter(o => !o.closest('#game') && !o.closest('#lang'))
                   .map(o => o.textContent);
    return [document.title, b.innerText, attrs.join(' '), svgText.join(' '), opts.join(' '),
            document.getElementById('howto-text').textContent].join(' | ');"""


def in_language(page, lang, msgs, same, shots, figures):
    """The page in `lang`: for each game a short game of the computer
    against itself (the games' own limits keep it short) to its result
    sentence, the sticks' boxes named for people, the status line, the
    side boxes, throws, finger rounds and the move list in that language,
    and no English sentence anywhere on the page."""
    tr, en = msgs[lang], msgs["en"]
    english = english_fragments(en, same)
    short = {"hare": "hare(max_plies=16)", "liubo_sticks": "liubo_sticks(max_turns=6)",
             "liubo_fingers": "liubo_fingers(max_rounds=6)"}
    results = {}
    for i, name in enumerate(ag.game_names()):
        if i == 0:
            open_page(page, "p0=computer&p1=computer&strength=quick&seed=5&lang=" + lang, short.get(name, name))
            check(form(page)["lang"] == lang, "?lang=%s gives %r" % (lang, form(page)["lang"]))
        else:      # a new #SPEC in the address bar: a new game, no reload
            games = page.js("return document.body.dataset.games")
            page.js("location.hash = arguments[0]", "#" + short.get(name, name))
            page.wait(lambda: page.js("return document.body.dataset.games") != games, what="the game of a new #")
            check(form(page)["spec"].startswith(name + "("), "#%s gives %r" % (name, form(page)["spec"]))
        page.wait(lambda: page.phase() == "over", timeout=120, what="the end of a %s game" % name)
        text = page.js(PAGE_TEXT)
        left = sorted(f for f in english if f in text)
        check(not left, "%s, %s: English left on the page: %r" % (lang, name, left[:6]))
        status = page.status()
        check(status and status == page.js("return document.querySelector('#movelist li.result').textContent"),
              "%s, %s: the result %r" % (lang, name, status))
        results[name] = status
        if name == "liubo_sticks":
            boxes = page.js("return [...document.querySelectorAll('#board text.boxlabel')].map(t => t.dataset.text)")
            g = ag.Game(name)
            # Whose pieces each box holds: the library's drawing says it
            # (data-owner), the page must not guess it from the box's name.
            owners = {int(e.get("data-index")): int(e.get("data-owner"))
                      for e in ET.fromstring(g.new_state().svg()).iter("{http://www.w3.org/2000/svg}g")
                      if e.get("class", "").startswith("node ") and e.get("data-owner") is not None}
            want = []
            for n in g.nodes:
                if n.kind == ag.AG_NODE_RESERVE:
                    want.append(tr["reserve_of"].replace("{of}", tr["pl_%s_of" % g.players[owners[n.index]]]))
                elif n.kind == ag.AG_NODE_PRISON:
                    holder = 1 - owners[n.index]
                    want.append(tr["held_by"].replace("{by}", tr["pl_%s_by" % g.players[holder]])
                                .replace("{of}", tr["pl_%s_of" % g.players[holder]]))
            check(len(owners) == 4 and boxes == want, "%s: the %s boxes say %r, not %r" % (lang, name, boxes, want))
            results["boxes"] = boxes
        if shots:
            page.d.save_screenshot(os.path.join(shots, "%s-%s.png" % (lang, name)))
    figures["language_" + lang] = results


def browser_language(page, figures):
    """With no ?lang=, the browser's languages choose (fr-CA -> French,
    zh-CN -> Chinese, de then en -> English); ?lang= wins over them."""
    ua = page.js("return navigator.userAgent")
    seen = {}
    try:
        for accept, query, want in [("fr-CA,fr;q=0.9", "", "fr"), ("zh-CN,zh", "", "zh"), ("de-DE,en;q=0.5", "", "en"),
                                    ("fr-FR", "lang=zh", "zh")]:
            page.d.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": accept})
            open_page(page, query, "hare")
            f = form(page)
            check(f["lang"] == want, "browser %s, ?%s: the page is in %r, not %r" % (accept, query, f["lang"], want))
            check(page.js("return document.getElementById('newgame').textContent") ==
                  page.js("return arguments[0]", {"en": "New game", "fr": "Nouvelle partie", "zh": "新对局"}[want]),
                  "browser %s: the button is %r" % (accept, page.js("return document.getElementById('newgame').textContent")))
            seen[accept + (" ?" + query if query else "")] = f["lang"]
            check(("lang=" in f["search"]) == bool(query), "the address %r (a language only when asked)" % f["search"])
    finally:
        page.d.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": "en-US,en"})
    # The switch: the game goes on, every text changes.
    open_page(page, "p0=person&p1=computer", "liubo_sticks")
    before = page.js("return document.getElementById('position').textContent")
    Select(page.by_id("lang")).select_by_value("zh")
    page.wait(lambda: page.js("return document.documentElement.lang") == "zh-Hans", what="the switch to Chinese")
    check(page.js("return document.getElementById('position').textContent") == before, "the switch restarted the game")
    check(page.status().startswith("白方"), "after the switch the status is %r" % page.status())
    Select(page.by_id("lang")).select_by_value("en")
    figures["browser_language"] = seen


PHONE_BOARDS = ("liubo_sticks", "liubo_fingers")   # the crowded ones


def phone_labels(page, shots, figures):
    """At 390 x 844 CSS px (a phone) the labels of the crowded boards (points
    and boxes: the sticks' stations and reserves, the fingers' 32 points and
    four prisons on the board), in each language, are at least 12 CSS px
    high, overlap neither each other nor another node's dot, and lie inside
    the board and the screen."""
    out = {}
    for game, lang in [(g, l) for g in PHONE_BOARDS for l in ("en", "fr", "zh")]:
        open_page(page, "p0=person&p1=person&lang=" + lang, game)
        page.wait(lambda: page.js("return window.innerWidth") <= 400, what="the phone's width")
        m = page.js("""const svg = document.getElementById('board'), r = svg.getBoundingClientRect();
            const k = r.width / svg.viewBox.baseVal.width;
            const box = (e) => { const b = e.getBoundingClientRect();
                                 return [b.left, b.top, b.right, b.bottom]; };
            const labels = [...svg.querySelectorAll('text.label, text.boxlabel')].map(t => ({
              text: t.dataset.text || t.textContent, node: t.closest('g.node').dataset.name,
              px: parseFloat(getComputedStyle(t).fontSize) * k, box: box(t)}));
            const dots = [...svg.querySelectorAll('circle.point')].map(c => ({node: c.closest('g.node').dataset.name, box: box(c)}));
            const fr = box(svg.querySelector('rect.frame'));
            const boxes = [...svg.querySelectorAll('rect.box')].map(c => {
              const h = box(c.closest('g.node').querySelector('circle.hit')), x = (h[0] + h[2]) / 2, y = (h[1] + h[3]) / 2;
              return {node: c.closest('g.node').dataset.name, box: box(c),
                      on_board: x > fr[0] && x < fr[2] && y > fr[1] && y < fr[3]}; });
            return {labels, dots, boxes, frame: box(svg.querySelector('rect.frame')),
                    nodes: svg.querySelectorAll('g.node').length,
                    svg: [r.left, r.top, r.right, r.bottom], inner: window.innerWidth,
                    scroll: document.documentElement.scrollWidth};""")
        bad = []
        meet = lambda a, b: a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
        name = lambda x: x.get("text", x["node"])

        def clashes(these, those, what):
            """Each pair of these x those (these x themselves: those None) of
            different nodes that meet."""
            for i, a in enumerate(these):
                for b in these[i + 1:] if those is None else those:
                    if a["node"] != b["node"] and meet(a["box"], b["box"]):
                        bad.append(what % (name(a), name(b)))
        s = m["svg"]
        for a in m["labels"]:
            if a["px"] < 12:
                bad.append("%s is %.1f px" % (a["text"], a["px"]))
            if a["box"][0] < s[0] - 0.5 or a["box"][2] > s[2] + 0.5 or a["box"][1] < s[1] - 0.5 or a["box"][3] > s[3] + 0.5:
                bad.append("%s is cut by the board's edge" % a["text"])
            if a["box"][0] < 0 or a["box"][2] > m["inner"]:
                bad.append("%s is off the screen" % a["text"])
        clashes(m["labels"], None, "%s overlaps %s")
        clashes(m["labels"], m["dots"], "%s covers the point %s")
        clashes(m["boxes"], None, "the boxes %s and %s overlap")
        clashes(m["boxes"], m["labels"], "the box %s covers the label %s")
        # A box beside the board (the sticks' reserves) keeps clear of it; a
        # box on the board (the fingers' prisons) of its points.
        clashes([b for b in m["boxes"] if not b["on_board"]], [{"node": "the board", "box": m["frame"]}],
                "the box %s overlaps %s")
        clashes([b for b in m["boxes"] if b["on_board"]], m["dots"], "the box %s covers the point %s")
        check(not bad, "phone, %s: the %s board's labels: %s" % (lang, game, "; ".join(bad[:8])))
        check(m["scroll"] <= m["inner"], "phone, %s, %s: the page is %s px wide" % (lang, game, m["scroll"]))
        check(len(m["labels"]) == m["nodes"], "phone, %s: %d labels for %d nodes" % (game, len(m["labels"]), m["nodes"]))
        out["%s-%s" % (game, lang)] = {"labels": len(m["labels"]),
                                       "smallest_px": round(min(a["px"] for a in m["labels"]), 1)}
        if shots:
            page.d.save_screenshot(os.path.join(shots, "phone-%s-%s.png" % (lang, game)))
    figures["phone_labels"] = out


def save_and_load(page, native, snap):
    files = os.listdir(page.downloads)
    page.click(page.by_id("save"))
    page.wait(lambda: [f for f in os.listdir(page.downloads) if f not in files and not f.endswith(".crdownload")],
              what="the saved file")
    new = [f for f in os.listdir(page.downloads) if f not in files and not f.endswith(".crdownload")][0]
    path = os.path.join(page.downloads, new)
    # A new game, then the file loaded back gives the same game.
    new_game(page)
    page.d.find_element(By.ID, "load").send_keys(path)
    page.wait(lambda: page.snapshot()["position"] == snap["position"], what="the loaded game")
    loaded = page.snapshot()
    check(loaded["moves"] == snap["moves"], "loaded move list differs")
    compare(loaded, native, native.replay(loaded["moves"]), "after load")
    # The same record behind decoys that fooled the page's own reading of
    # the [Game] tag (issue 27, D13): a comment and a [Gamer] tag naming
    # another game come first.  Opened from a page showing that other game,
    # the record's own game comes back (ag_state_new_from_record).
    with open(path, encoding="utf-8") as f:
        text = f.read()
    this = re.search(r'^\[Game "(\w+)', text, re.M).group(1)
    other = "liubo_sticks" if this == "hare" else "hare"
    decoy = os.path.join(os.path.dirname(page.downloads), "decoy-" + new)
    with open(decoy, "w", encoding="utf-8") as f:
        f.write('{ not this game: [Game "%s"] }\n[Gamer "%s"]\n%s' % (other, other, text))
    Select(page.by_id("game")).select_by_value(other)
    page.wait(lambda: page.js("return document.getElementById('spec').textContent.startsWith(arguments[0])", other),
              what="the switch to %s" % other)
    page.d.find_element(By.ID, "load").send_keys(decoy)
    page.wait(lambda: page.snapshot()["position"] == snap["position"],
              what="the record behind the decoys")
    check(page.js("return document.getElementById('game').value") == this, "decoys: the game is not %s" % this)
    decoyed = page.snapshot()
    check(decoyed["moves"] == snap["moves"], "decoys: loaded move list differs")
    compare(decoyed, native, native.replay(decoyed["moves"]), "after load with decoys")


def main():
    dist = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    size = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(dist) for f in fs)
    httpd = serve(dist)
    tmp = tempfile.mkdtemp(prefix="ag-web-")
    downloads = os.path.join(tmp, "downloads")
    os.makedirs(downloads)
    opts = webdriver.ChromeOptions()
    for f in CHROME_FLAGS:
        opts.add_argument(f)
    opts.add_argument("--user-data-dir=" + os.path.join(tmp, "profile"))
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    opts.add_experimental_option("prefs", {"download.default_directory": downloads,
                                           "download.prompt_for_download": False})
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(chromedriver), options=opts)
    figures = {"page_bytes": size}
    rc = 0
    try:
        driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        base = "http://127.0.0.1:%d/" % httpd.server_address[1]
        page = Page(driver, base)
        page.downloads = downloads
        t0 = time.time()
        driver.get(base + "?pause=0")
        page.wait(lambda: page.js("return document.body.dataset.ready === 'yes'"), what="the library to load")
        figures["load_ms"] = round((time.time() - t0) * 1000)
        figures["load_ms_in_page"] = round(page.js(
            "return performance.getEntriesByType('navigation')[0].duration || 0") or 0)
        for name, options, seed, person in GAMES:
            t = time.time()
            play_game(page, name, options, seed, person, shots, figures)
            figures[name]["seconds"] = round(time.time() - t, 1)
        times = sorted(page.js("return window.agPage.aiTimes()"))
        two_people(page, "liubo_fingers", {"max_rounds": "80"}, 23, 30, figures)
        two_people(page, "liubo_sticks", {}, 29, 12, figures)
        phone(page, figures)
        links(page, figures)
        msgs, same = message_keys(page, figures)
        browser_language(page, figures)
        for lang in ("fr", "zh"):
            in_language(page, lang, msgs, same, shots, figures)
        page.d.get(base + "?pause=0")
        page.wait(lambda: page.js("return document.body.dataset.ready === 'yes'"), what="the page again")
        ag_svg = os.path.join(os.environ.get("top_builddir") or os.path.join(dist, "..", ".."), "examples", "ag-svg")
        if os.access(ag_svg, os.X_OK):
            same_picture_as_ag_svg(page, ag_svg, figures)
        else:
            figures["same_picture_as_ag_svg"] = "not checked: no %s" % ag_svg
        figures["quick_computer"] = {"moves": len(times), "ms_median": round(times[len(times) // 2], 1),
                                     "ms_max": round(times[-1], 1)}
        for name, _, _, _ in GAMES:
            figures["default_computer_" + name] = default_strength_times(page, name)
        errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        check(not errors, "console errors: %r" % errors)
    except Failure as e:
        print("FAIL:", e)
        if shots:
            driver.save_screenshot(os.path.join(shots, "failure.png"))
        for e in driver.get_log("browser"):
            print("console:", e)
        rc = 1
    finally:
        driver.quit()
        httpd.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(figures, indent=1))
    return rc


if __name__ == "__main__":
    sys.exit(main())
