#!/usr/bin/env python3
"""Opens `tipc preview` pages in headless Chromium and checks them through the DOM.

For each page (the samples, the shared samples and a fixture with warnings):
- every tip's title, message and actions, read from the .tips files here
  (not from the page), are on the tip's card; a reusable tip that a scenario
  names with arguments shows the first such values in its slots, marked as
  filled, with the scenario named beside it;
- every warning `tipc check` prints sits on the card of the tip it is about;
- at phone, 200 %-zoom and desktop widths, in light and dark appearance (the
  switch is verified, not assumed): nothing scrolls sideways, no card leaves
  its box, no text leaves its card or is clipped, the close button covers no
  text, and every piece of text meets WCAG AA contrast;
- the page asks for nothing from the network, the filter narrows the tips, and
  with scripts off every tip is shown and the filter box is not;
- the Trails page made with its String Catalog (`--strings`), with made-up
  Arabic added, in each language of its switcher (English, German, Arabic,
  Japanese, the pseudo-language, right to left): every tip's title, message
  and actions in that language (the catalog's text; the pseudo-language's
  accented and at least 30 % longer), the cards mirrored in Arabic and right
  to left only, English that a translation lacks read left to right even in
  an Arabic card, a German translation given a misspelt slot shown as
  written and marked in error (tipc preview reports it, exits 1 and still
  writes the page), and the layout checks above, at every width and in both
  appearances;
- screenshots in light and dark at phone and desktop widths.

Chromium is driven over --remote-debugging-pipe (the DevTools protocol as
NUL-terminated JSON on file descriptors 3 and 4), so nothing listens on a port.

    python3 .ci/preview-check.py --tipc .build/debug/tipc --screenshots DIR
"""

import argparse
import base64
import glob
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (name, inputs): the pages checked. Screenshots are taken of those in SCREENSHOTS.
PAGES = [
    ("trails", sorted(glob.glob(os.path.join(ROOT, "Samples/Trails/Tips/*.tips")))),
    ("backyard", [os.path.join(ROOT, "Samples/Backyard/Tips/Backyard.tips")]),
    ("showcase", [os.path.join(ROOT, "Tests/TipsCompilerTests/Fixtures/Preview/Showcase.tips")]),
    ("scenario-values", [os.path.join(ROOT, "Tests/TipsCompilerTests/Fixtures/Preview/ScenarioValues.tips")]),
]
SHARED = os.path.join(os.path.dirname(ROOT), "shared/samples")
for shared in sorted(glob.glob(os.path.join(SHARED, "*.tips"))):
    PAGES.append(("shared-" + os.path.basename(shared)[:-5].lower(), [shared]))
SCREENSHOTS = {"trails"}
# The page of a compilation with its String Catalog, checked in every language of its switcher.
LANGUAGES_PAGE = ("trails-languages", PAGES[0][1], os.path.join(ROOT, "Samples/Trails/Tips/Tips.xcstrings"))
# Tips also shot on their own at desktop width, in one appearance (for the README and docs/).
SCREENSHOT_ARTICLES = {
    ("trails", "tip-FavoriteTrail", "light"), ("trails", "tip-NewTrail", "light"), ("showcase", "tip-Upgrade", "light"),
}

# (label, CSS width, height): a phone, the narrowest reflow width, 1280 at 200 % zoom, a desktop.
VIEWPORTS = [("phone", 390, 844), ("narrow", 320, 700), ("zoom200", 640, 450), ("desktop", 1280, 900)]
SCREENSHOT_VIEWPORTS = {"phone", "desktop"}
APPEARANCES = ["light", "dark"]


class DevTools:
    """The DevTools protocol over the pipe of one Chromium process."""

    def __init__(self, chromium, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.log = open(os.path.join(profile, "chromium.log"), "wb")
        self.process = subprocess.Popen(
            [
                chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--force-color-profile=srgb", "--user-data-dir=" + os.path.join(profile, "profile"),
                "--remote-debugging-pipe", "about:blank",
            ],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            preexec_fn=wire, pass_fds=(3, 4), close_fds=True,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.next_id = 0
        self.buffer = b""
        self.events = []

    def _read_message(self, timeout):
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.from_browser], [], [], timeout)
            if not ready:
                raise TimeoutError("Chromium did not answer in %s s" % timeout)
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe (see chromium.log)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message(timeout)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s failed: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, session, timeout=60):
        for index, event in enumerate(self.events):
            if event.get("method") == method and event.get("sessionId") == session:
                return self.events.pop(index)
        while True:
            event = self._read_message(timeout)
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self.events.append(event)

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        self.log.close()


class Page:
    """One tab."""

    def __init__(self, tools):
        self.tools = tools
        target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Network.enable")

    def send(self, method, params=None):
        return self.tools.send(method, params, session=self.session)

    def open(self, url, scripts=True):
        self.send("Emulation.setScriptExecutionDisabled", {"value": not scripts})
        self.tools.events.clear()
        self.send("Page.navigate", {"url": url})
        self.tools.wait_for("Page.loadEventFired", self.session)

    def requests(self):
        """The URLs the page asked for since it was opened."""
        return [
            event["params"]["request"]["url"]
            for event in self.tools.events
            if event.get("method") == "Network.requestWillBeSent" and event.get("sessionId") == self.session
        ]

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("page script failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def emulate(self, width, height, appearance):
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        self.send(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": appearance}]},
        )

    def screenshot(self, path, clip=None):
        params = {"format": "png"}
        if clip:
            params.update({"clip": dict(clip, scale=1), "captureBeyondViewport": True})
        data = self.send("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def element_boxes(self, selector):
        """The page-relative box of every element matching `selector`, with its id."""
        return self.evaluate(
            "Array.from(document.querySelectorAll(%s)).map((e) => { const r = e.getBoundingClientRect(); "
            "return {id: e.id, x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}; })"
            % json.dumps(selector)
        )


# The layout and contrast checks, run inside the page; returns a list of problems.
LAYOUT_CHECK = r"""
(() => {
  const problems = [];
  const slack = 0.5;
  const inside = (a, b) => a.left >= b.left - slack && a.right <= b.right + slack &&
    a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const overlaps = (a, b) => a.left < b.right - slack && b.left < a.right - slack &&
    a.top < b.bottom - slack && b.top < a.bottom - slack;
  const hidden = (element) => element.closest('.visually-hidden, [hidden]') !== null;
  const where = (element) => {
    const owner = element.closest('article');
    return (owner ? owner.id : 'page') + ' ' + element.tagName.toLowerCase() +
      (element.className && typeof element.className === 'string' ? '.' + element.className.split(' ').join('.') : '');
  };
  const textRects = (root) => {
    const rects = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.textContent.trim() || hidden(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.height > 0) rects.push({node, rect});
      }
    }
    return rects;
  };

  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    problems.push('the page scrolls sideways: ' + page.scrollWidth + ' > ' + page.clientWidth + ' px');
  }
  for (const {node, rect} of textRects(document.body)) {
    if (rect.left < -slack || rect.right > page.clientWidth + slack) {
      problems.push(where(node.parentElement) + ': text leaves the window: "' + node.textContent.trim().slice(0, 40) + '"');
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (hidden(element) || element instanceof SVGElement) continue;
    const style = getComputedStyle(element);
    if (style.display === 'none') continue;
    const clipsX = style.overflowX !== 'visible', clipsY = style.overflowY !== 'visible';
    if ((clipsX && element.scrollWidth > element.clientWidth + 1) ||
        (clipsY && element.scrollHeight > element.clientHeight + 1)) {
      problems.push(where(element) + ': its text is clipped');
    }
    if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
      problems.push(where(element) + ': its text is cut with an ellipsis');
    }
  }
  for (const box of document.querySelectorAll('article')) {
    const outer = box.getBoundingClientRect();
    for (const {node, rect} of textRects(box)) {
      if (!inside(rect, outer)) problems.push(where(node.parentElement) + ': text leaves its box');
    }
  }
  for (const card of document.querySelectorAll('.tip-card')) {
    const box = card.getBoundingClientRect();
    const canvas = card.closest('.canvas').getBoundingClientRect();
    const figure = card.closest('figure').getBoundingClientRect();
    const article = card.closest('article').getBoundingClientRect();
    if (!inside(box, canvas)) problems.push(where(card) + ': the card overflows its canvas');
    if (!inside(canvas, figure) || !inside(figure, article)) problems.push(where(card) + ': the picture overflows its tip');
    // Readable: the copy has room for a few words a line, not a letter or two.
    for (const text of card.querySelectorAll('.tip-text')) {
      const size = parseFloat(getComputedStyle(text).fontSize);
      if (text.getBoundingClientRect().width < 8 * size) {
        problems.push(where(card) + ': the copy is squeezed into ' + Math.round(text.getBoundingClientRect().width) + ' px');
      }
    }
    const close = card.querySelector('.tip-close').getBoundingClientRect();
    for (const {node, rect} of textRects(card)) {
      if (!inside(rect, box)) {
        problems.push(where(node.parentElement) + ': text leaves its card: "' + node.textContent.trim().slice(0, 40) + '"');
      }
      if (!node.parentElement.closest('.tip-close') && overlaps(rect, close)) {
        problems.push(where(node.parentElement) + ': the close button covers text');
      }
    }
  }

  // WCAG AA: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold).
  const parse = (color) => {
    const numbers = color.match(/[\d.]+/g).map(Number);
    return {r: numbers[0], g: numbers[1], b: numbers[2], a: numbers.length > 3 ? numbers[3] : 1};
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a), a: 1,
  });
  const background = (element) => {
    const layers = [];
    for (let at = element; at; at = at.parentElement) {
      const color = parse(getComputedStyle(at).backgroundColor);
      if (color.a > 0) layers.push(color);
      if (color.a >= 1) break;
    }
    let result = {r: 255, g: 255, b: 255, a: 1};
    for (let index = layers.length - 1; index >= 0; index--) result = over(layers[index], result);
    return result;
  };
  const luminance = (color) => {
    const channel = (value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
  };
  const checked = new Set();
  let lowest = 21;
  for (const {node} of textRects(document.body)) {
    const element = node.parentElement;
    if (checked.has(element)) continue;
    checked.add(element);
    const style = getComputedStyle(element);
    const back = background(element);
    const fore = over(parse(style.color), back);
    const [light, dark] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    lowest = Math.min(lowest, ratio);
    if (ratio < (large ? 3 : 4.5)) {
      problems.push(where(element) + ': contrast ' + ratio.toFixed(2) + ':1 is below AA for "' +
        node.textContent.trim().slice(0, 30) + '" (' + style.color + ' on ' + JSON.stringify(back) + ')');
    }
  }
  return {problems, lowestContrast: lowest, dark: matchMedia('(prefers-color-scheme: dark)').matches,
          pageBackground: getComputedStyle(document.documentElement).backgroundColor};
})()
"""

# What the page shows of each tip: the first (inline, light) card's copy, and the warnings on its card.
CONTENT_READ = r"""
(() => {
  const squash = (text) => text.replace(/\s+/g, ' ').trim();
  const tips = {};
  for (const article of document.querySelectorAll('article.tip')) {
    const card = article.querySelector('.tip-card');
    const pick = (selector) => Array.from(card.querySelectorAll(selector)).map((e) => squash(e.textContent));
    tips[article.id] = {
      visible: article.offsetParent !== null,
      title: pick('.tip-title'), message: pick('.tip-message'), actions: pick('.tip-action'),
      cards: article.querySelectorAll('.tip-card').length,
      filled: Array.from(card.querySelectorAll('.filled[data-slot]')).map((e) => [e.dataset.slot, e.textContent]),
      source: squash((article.querySelector('.sample-source') || {textContent: ''}).textContent),
      warnings: Array.from(article.querySelectorAll('.warning')).map((e) => squash(e.textContent)),
    };
  }
  const box = document.getElementById('filter-box');
  // Structure: unique ids, headings that never skip a level, one of each landmark.
  const structure = [];
  const ids = new Map();
  for (const element of document.querySelectorAll('[id]')) ids.set(element.id, (ids.get(element.id) || 0) + 1);
  for (const [id, count] of ids) if (count > 1) structure.push('id "' + id + '" is used ' + count + ' times');
  let level = 0;
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const next = Number(heading.tagName[1]);
    if (next > level + 1) structure.push('heading "' + squash(heading.textContent) + '" skips from h' + level + ' to h' + next);
    level = next;
  }
  if (document.querySelectorAll('h1').length !== 1) structure.push('the page has not exactly one h1');
  for (const selector of ['body > header', 'body > nav', 'body > main', 'body > footer', '[role=search]']) {
    if (document.querySelectorAll(selector).length !== 1) structure.push('the page has not exactly one ' + selector);
  }
  for (const link of document.querySelectorAll('a[href^="#"]')) {
    if (!document.getElementById(link.getAttribute('href').slice(1))) structure.push('link ' + link.href + ' leads nowhere');
  }
  return {tips, structure, filterShown: box !== null && !box.hidden,
          warningsOnPage: document.querySelectorAll('.warning').length};
})()
"""

FILTER = r"""
(() => {
  const input = document.getElementById('filter');
  input.value = %s;
  input.dispatchEvent(new Event('input'));
  return Array.from(document.querySelectorAll('article.tip')).filter((a) => !a.hidden).map((a) => a.id);
})()
"""

# The language switch, then what the first card of each tip shows in the chosen language.
LANGUAGE_READ = r"""
(() => {
  const choice = document.getElementById('language-' + %s);
  choice.click();
  const squash = (text) => text.replace(/\s+/g, ' ').trim();
  const tips = {};
  for (const article of document.querySelectorAll('article.tip')) {
    const card = article.querySelector('.tip-card');
    const part = (selector) => Array.from(card.querySelectorAll(selector)).map((e) => squash(e.innerText));
    tips[article.id.slice(4)] = {
      title: part('.tip-title'), message: part('.tip-message'), actions: part('.tip-action'),
      actionIds: Array.from(card.querySelectorAll('.tip-action')).map((e) => e.dataset.action),
      direction: getComputedStyle(card).direction,
      fallbackDirections: Array.from(card.querySelectorAll('.l10n.untranslated, .l10n.in-error'))
        .filter((span) => span.getClientRects().length > 0).map((span) => getComputedStyle(span).direction),
      marked: Object.fromEntries(['.tip-title', '.tip-message', '.tip-action'].map((selector) => [selector,
        Array.from(card.querySelectorAll(selector)).map((e) =>
          Array.from(e.querySelectorAll('.l10n.untranslated')).some((span) => span.getClientRects().length > 0))])),
      inError: Object.fromEntries(['.tip-title', '.tip-message', '.tip-action'].map((selector) => [selector,
        Array.from(card.querySelectorAll(selector)).map((e) =>
          Array.from(e.querySelectorAll('.l10n.in-error')).some((span) => span.getClientRects().length > 0))])),
    };
  }
  return {checked: choice.checked, label: squash(choice.labels[0].innerText), tips};
})()
"""

STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def unescape(literal, values=None):
    """A .tips string literal's text as the page shows it: escapes decoded, each \\(name) its value in
    `values` or else its slot's name."""
    values = values or {}
    out, index = "", 0
    while index < len(literal):
        char = literal[index]
        if char != "\\":
            out += char
            index += 1
            continue
        following = literal[index + 1]
        if following == "(":
            end = literal.index(")", index)
            out += values.get(literal[index + 2:end], literal[index + 2:end])
            index = end + 1
        elif following == "u":
            end = literal.index("}", index)
            out += chr(int(literal[index + 3:end], 16))
            index = end + 1
        else:
            out += {"n": "\n", "t": "\t"}.get(following, following)
            index += 2
    return " ".join(out.split())


# A tip named with arguments in a scenario step: `Name(label: value, ...)`, values literals.
INSTANCE = re.compile(r'\b([A-Za-z_]\w*)\(((?:[^()"]|"(?:[^"\\]|\\.)*")*)\)')
ARGUMENT = re.compile(r'\s*(\w+)\s*:\s*("(?:[^"\\]|\\.)*"|[^,]+?)\s*(?:,|$)')


def scenario_values(paths, reusable):
    """Each reusable tip's first values in the scenarios (input order), as the page fills them in,
    with the scenario's name."""
    found = {}
    for path in paths:
        scenario = None
        with open(path, encoding="utf-8") as file:
            for line in file:
                words = line.split()
                if words and words[0] in ("tip", "group", "event", "enum", "parameter", "config"):
                    scenario = None
                elif words and words[0] == "scenario":
                    scenario = STRING.search(line).group(1)
                if scenario is None:
                    continue
                for match in INSTANCE.finditer(line):
                    tip = match.group(1)
                    if tip not in reusable or tip in found:
                        continue
                    values = {}
                    for label, value in ARGUMENT.findall(match.group(2)):
                        if value.startswith('"'):
                            value = unescape(value[1:-1])
                        values[label] = value.lstrip(".")
                    found[tip] = (values, scenario)
    return found


def expected_tips(paths):
    """Each tip's title, message and action titles, read from the .tips files (one item a line),
    slots filled with the scenarios' values where the page fills them."""
    literals = {}
    tips, owners = {}, {}
    for path in paths:
        current = None
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                words = line.split()
                if not words:
                    continue
                if words[0] in ("tip", "group") and len(words) > 1:
                    name = re.match(r"[^\s({]+", words[1]).group(0)
                    current = name if words[0] == "tip" else None
                    owners.setdefault(os.path.basename(path), []).append((number, current))
                    if current:
                        tips[current] = {"title": [], "message": [], "actions": [], "reusable": "(" in words[1]}
                        literals[current] = []
                    continue
                if current is None:
                    continue
                literal = STRING.search(line)
                if words[0] in ("title", "message") and literal:
                    literals[current].append((words[0], literal.group(1)))
                elif words[0] == "action" and literal:
                    literals[current].append(("actions", literal.group(1)))
    samples = scenario_values(paths, {tip for tip, copy in tips.items() if copy["reusable"]})
    for tip, items in literals.items():
        values, scenario = samples.get(tip, ({}, None))
        tips[tip]["values"], tips[tip]["scenario"] = values, scenario
        for part, literal in items:
            tips[tip][part].append(unescape(literal, values))
    return tips, owners


def expected_warnings(tipc, paths, owners):
    """(tip or None, message) for every warning `tipc check` prints."""
    run = subprocess.run([tipc, "check"] + paths, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError("tipc check failed:\n" + run.stderr)
    found = []
    for line in run.stderr.splitlines():
        match = re.match(r"(.+?):(\d+):(\d+): warning: (.*)$", line)
        if not match:
            continue
        number = int(match.group(2))
        declared = [owner for start, owner in owners.get(os.path.basename(match.group(1)), []) if start <= number]
        found.append((declared[-1] if declared else None, match.group(4)))
    return found


def check_content(name, page, tips, warnings, failures):
    seen = page.evaluate(CONTENT_READ)
    for tip, copy in tips.items():
        shown = seen["tips"].get("tip-" + tip)
        if shown is None:
            failures.append("%s: tip %s is not on the page" % (name, tip))
            continue
        if shown["cards"] != 4:
            failures.append("%s: tip %s has %d cards, not 4" % (name, tip, shown["cards"]))
        for part in ("title", "message", "actions"):
            if shown[part] != copy[part]:
                failures.append("%s: tip %s shows %s %r, the .tips file says %r" % (name, tip, part, shown[part], copy[part]))
        for slot, value in shown["filled"]:
            if copy["values"].get(slot) != value:
                failures.append("%s: tip %s fills slot %s with %r, the scenarios give %r"
                                % (name, tip, slot, value, copy["values"].get(slot)))
        if copy["scenario"] and not shown["filled"]:
            failures.append("%s: tip %s shows no filled slot, scenario %r gives values" % (name, tip, copy["scenario"]))
        if copy["scenario"] and "scenario \u201c%s\u201d" % copy["scenario"] not in shown["source"]:
            failures.append("%s: tip %s does not say its values come from scenario %r" % (name, tip, copy["scenario"]))
    for owner, message in warnings:
        if owner is None:
            continue
        on_card = seen["tips"].get("tip-" + owner, {}).get("warnings", [])
        if not any(message in text for text in on_card):
            failures.append("%s: warning %r is not on the card of %s" % (name, message, owner))
    for problem in seen["structure"]:
        failures.append("%s: %s" % (name, problem))
    if seen["warningsOnPage"] != len(warnings):
        failures.append("%s: %d warnings on the page, tipc check prints %d" % (name, seen["warningsOnPage"], len(warnings)))
    return seen


def write_page(name, arguments, tipc, workdir, failures, mutate, translation_errors=False):
    """Runs tipc preview with `arguments` into NAME.html, then applies `mutate` to the
    page; the page's path, or None (with the failure recorded) when tipc failed. With
    `translation_errors`, tipc must report them, exit 1 and still write the page."""
    html = os.path.join(workdir, name + ".html")
    run = subprocess.run([tipc, "preview"] + arguments + ["--output", html], capture_output=True, text=True)
    written = "the page was written" in run.stderr and os.path.exists(html)
    if translation_errors and (run.returncode != 1 or not written):
        failures.append("%s: with a translation in error, tipc preview exited %d%s:\n%s"
                        % (name, run.returncode, "" if written else " without writing the page", run.stderr))
        return None
    if run.returncode != 0 and not translation_errors:
        failures.append("%s: tipc preview exited %d:\n%s" % (name, run.returncode, run.stderr))
        return None
    if mutate:
        with open(html, encoding="utf-8") as file:
            text = file.read()
        with open(html, "w", encoding="utf-8") as file:
            file.write(mutate(text))
    return html


def check_page(
    name, inputs, tipc, tools, workdir, shots, articles, failures, mutate=None, viewports=VIEWPORTS, report=print
):
    html = write_page(name, inputs, tipc, workdir, failures, mutate)
    if html is None:
        return
    tips, owners = expected_tips(inputs)
    warnings = expected_warnings(tipc, inputs, owners)
    url = "file://" + html
    page = Page(tools)

    page.open(url)
    requests = [request for request in page.requests() if request != url]
    if requests:
        failures.append("%s: the page asked the network for %s" % (name, requests))
    seen = check_content(name, page, tips, warnings, failures)
    if not seen["filterShown"]:
        failures.append("%s: with scripts on, the filter box is not shown" % name)
    backgrounds = {}
    for label, width, height in viewports:
        for appearance in APPEARANCES:
            page.emulate(width, height, appearance)
            result = page.evaluate(LAYOUT_CHECK)
            if result["dark"] != (appearance == "dark"):
                failures.append("%s: %s %s: the page did not switch to %s" % (name, label, appearance, appearance))
            backgrounds.setdefault(appearance, set()).add(result["pageBackground"])
            for problem in result["problems"]:
                failures.append("%s: %s %s (%d px): %s" % (name, label, appearance, width, problem))
            report("  %-9s %-5s %4d px: %d problems, lowest text contrast %.2f:1"
                  % (label, appearance, width, len(result["problems"]), result["lowestContrast"]))
            if shots and name in SCREENSHOTS and label in SCREENSHOT_VIEWPORTS:
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(os.path.join(shots, "%s-%s-%s.png" % (name, label, appearance)))
            for box in page.element_boxes("article") if shots and label == "desktop" else []:
                if (name, box["id"], appearance) in SCREENSHOT_ARTICLES:
                    clip = {key: box[key] for key in ("x", "y", "width", "height")}
                    page.screenshot(os.path.join(shots, "%s-%s-%s.png" % (name, box["id"], appearance)), clip)
            if articles:
                for box in page.element_boxes("article"):
                    clip = {key: box[key] for key in ("x", "y", "width", "height")}
                    page.screenshot(
                        os.path.join(articles, "%s-%s-%s-%s.png" % (name, box["id"], label, appearance)), clip)
    if backgrounds.get("light") == backgrounds.get("dark"):
        failures.append("%s: light and dark pages have the same background %s" % (name, backgrounds.get("light")))

    if tips:
        first = sorted(tips)[0]
        word = tips[first]["title"][0].split()[-1] if tips[first]["title"] else first
        matching = [tip for tip, copy in tips.items()
                    if word.lower() in " ".join([tip] + copy["title"] + copy["message"] + copy["actions"]).lower()]
        shown = page.evaluate(FILTER % json.dumps(word))
        missing = ["tip-" + tip for tip in matching if "tip-" + tip not in shown]
        if missing or len(shown) >= len(tips) > len(matching):
            failures.append("%s: filtering by %r shows %s" % (name, word, shown))
        if page.evaluate(FILTER % json.dumps("no tip has this text 7f3a")):
            failures.append("%s: a filter that matches nothing still shows tips" % name)

    page.open(url, scripts=False)
    off = page.evaluate(CONTENT_READ)
    if off["filterShown"]:
        failures.append("%s: with scripts off, the filter box (which would do nothing) is shown" % name)
    hidden = [tip for tip, seen_tip in off["tips"].items() if not seen_tip["visible"]]
    if hidden or len(off["tips"]) != len(tips):
        failures.append("%s: with scripts off, %d of %d tips show" % (name, len(off["tips"]) - len(hidden), len(tips)))
    report("%s: %d tips, %d warnings checked" % (name, len(tips), len(warnings)))


def catalog_texts(path, tips):
    """For each language of the catalog, each tip's parts as the page should show them: the
    translation where the catalog has a non-empty one, else the source text, slots filled as in `tips`."""
    with open(path, encoding="utf-8") as file:
        catalog = json.load(file)
    languages = sorted({language for entry in catalog["strings"].values()
                        for language in entry.get("localizations", {})} - {catalog["sourceLanguage"]})

    def text(key, language, source):
        if (key, language) == IN_ERROR:
            return source
        unit = catalog["strings"].get(key, {}).get("localizations", {}).get(language, {}).get("stringUnit", {})
        return unit.get("value") or source

    return catalog["sourceLanguage"], languages, text


# Left out of the sample's catalog for the languages page, so that it shows a text without a translation.
UNTRANSLATED = ("FavoriteTrail.message", "de")
# Given a misspelt slot in that catalog, so that the page shows the text as written, marked in error
# (and tipc preview reports it, exits 1 and still writes the page).
IN_ERROR = ("NewTrail.message", "de")
# A language written right to left, added to that catalog with every text but one (left out so that
# English shows inside an Arabic card): made-up words that keep each text's slots.
ARABIC, ARABIC_UNTRANSLATED = "ar", "RotateMap.message"
RIGHT_TO_LEFT = {ARABIC, "rtl"}
SLOT = re.compile(r"\\\([A-Za-z_][A-Za-z0-9_]*\)")


def thinned_catalog(catalog, workdir):
    """A copy of `catalog` without the translation UNTRANSLATED names, with ARABIC added; its path."""
    with open(catalog, encoding="utf-8") as file:
        data = json.load(file)
    key, language = UNTRANSLATED
    del data["strings"][key]["localizations"][language]
    key, language = IN_ERROR
    unit = data["strings"][key]["localizations"][language]["stringUnit"]
    unit["value"] = SLOT.sub(lambda slot: slot.group(0)[:-2] + "x)", unit["value"], count=1)
    for key, entry in data["strings"].items():
        source = entry["localizations"][data["sourceLanguage"]]["stringUnit"]["value"]
        if key != ARABIC_UNTRANSLATED:
            text = " ".join(["نص عربي"] + SLOT.findall(source)) + "."
            entry["localizations"][ARABIC] = {"stringUnit": {"state": "translated", "value": text}}
    path = os.path.join(workdir, "Tips.xcstrings")
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file, ensure_ascii=False, indent=2)
    return path


def check_languages(tipc, tools, workdir, failures, mutate=None, viewports=VIEWPORTS, report=print):
    name, inputs, sample_catalog = LANGUAGES_PAGE
    catalog = thinned_catalog(sample_catalog, workdir)
    html = write_page(name, inputs + ["--strings", catalog], tipc, workdir, failures, mutate, translation_errors=True)
    if html is None:
        return
    tips, _ = expected_tips(inputs)
    source, translated, translation = catalog_texts(catalog, tips)
    with open(catalog, encoding="utf-8") as file:
        catalog_keys = list(json.load(file)["strings"])
    page = Page(tools)
    page.open("file://" + html)
    for language in [source] + translated + ["pseudo", "rtl"]:
        seen = page.evaluate(LANGUAGE_READ % json.dumps(language))
        where = "%s (%s)" % (name, language)
        if not seen["checked"]:
            failures.append("%s: the switch did not take" % where)
        missing = [key for key in catalog_keys if language in translated and not translation(key, language, "")
                   and (key, language) != IN_ERROR]
        counted = "%d of %d not translated" % (len(missing), len(catalog_keys))
        if (counted in seen["label"]) != bool(missing):
            failures.append("%s: the switcher says %r, with %d texts not translated" % (where, seen["label"], len(missing)))
        if ("1 in error" in seen["label"]) != (language == IN_ERROR[1]):
            failures.append("%s: the switcher says %r, with %d translations in error"
                            % (where, seen["label"], int(language == IN_ERROR[1])))
        for tip, copy in tips.items():
            shown = seen["tips"].get(tip)
            if shown is None:
                failures.append("%s: tip %s is not on the page" % (where, tip))
                continue
            keys = {"title": [tip + ".title"], "message": [tip + ".message"],
                    "actions": [tip + ".action." + action for action in shown["actionIds"]]}
            for part in ("title", "message", "actions"):
                if language == "pseudo":
                    for written, seen_text in zip(copy[part], shown[part]):
                        if len(seen_text) < 1.3 * len(written) or seen_text.isascii() or not seen_text.startswith("["):
                            failures.append("%s: tip %s shows %s %r, not %r made longer and accented"
                                            % (where, tip, part, seen_text, written))
                    continue
                wanted = copy[part]
                if language in translated:
                    wanted = [unescape(translation(key, language, ""), copy["values"]) or written
                              for key, written in zip(keys[part], copy[part])]
                if shown[part] != wanted:
                    failures.append("%s: tip %s shows %s %r, expected %r" % (where, tip, part, shown[part], wanted))
                unmarked = [language in translated and not translation(key, language, "") and (key, language) != IN_ERROR
                            for key in keys[part]]
                marked = shown["marked"][".tip-" + part.rstrip("s")]
                in_error = [(key, language) == IN_ERROR for key in keys[part]]
                if shown["inError"][".tip-" + part.rstrip("s")] != in_error:
                    failures.append("%s: tip %s's %s is%s marked in error (%r)"
                                    % (where, tip, part, "" if any(shown["inError"][".tip-" + part.rstrip("s")])
                                       else " not", shown["inError"][".tip-" + part.rstrip("s")]))
                if marked != unmarked:
                    failures.append("%s: tip %s's %s is%s marked untranslated (%r), its catalog has%s"
                                    % (where, tip, part, "" if any(marked) else " not", marked,
                                       " none" if any(unmarked) else " one"))
            if (shown["direction"] == "rtl") != (language in RIGHT_TO_LEFT):
                failures.append("%s: tip %s's card is %s, not laid out right to left only in %s"
                                % (where, tip, shown["direction"], " and ".join(sorted(RIGHT_TO_LEFT))))
            if any(direction != "ltr" for direction in shown["fallbackDirections"]):
                failures.append("%s: tip %s reads English it shows as written right to left (%s)"
                                % (where, tip, shown["fallbackDirections"]))
        for label, width, height in viewports:
            for appearance in APPEARANCES:
                page.emulate(width, height, appearance)
                result = page.evaluate(LAYOUT_CHECK)
                for problem in result["problems"]:
                    failures.append("%s: %s %s (%d px): %s" % (where, label, appearance, width, problem))
        report("%s: %d tips checked in %s" % (name, len(tips), language))


# The check checks: each mistake, made on purpose in the showcase page (or the page named last), must be reported.
MISTAKES = [
    ("a title that does not wrap", ".tip-title { margin: 0;", ".tip-title { white-space: nowrap; margin: 0;",
     "text leaves its card"),
    ("clipped copy", ".tip-message { margin: 0.25rem 0 0;", ".tip-message { overflow: hidden; height: 1em; margin: 0;",
     "its text is clipped"),
    ("grey message text", "--card-muted: #46464c", "--card-muted: #9a9aa0", "is below AA"),
    ("a dark page in light colours", "--page-fg: #f2f2f7", "--page-fg: #2a2a2a", "is below AA"),
    ("a changed title", ">Save this recipe<", ">Save the recipe<", "shows title"),
    ("a warning left off its card", '<li class="warning" data-part="message">', '<li data-part="message">',
     "is not on the card of Upgrade"),
    ("a stylesheet from the network", "<head>", '<head><link rel="stylesheet" href="https://example.invalid/a.css">',
     "asked the network"),
    ("narrow cards that keep the image beside the copy", "@container (max-width: 17rem)", "@container (max-width: 1rem)",
     "the copy is squeezed"),
    ("a close button over the title", "padding-inline-end: 1.875rem;", "padding-inline-end: 0;", "the close button covers text"),
    ("a skipped heading level", '<h3 id="tip-Upgrade-name">', '<h5 id="tip-Upgrade-name">', "skips from h3 to h5"),
    ("a link to no tip", 'href="#tip-Timer"', 'href="#tip-Timr"', "leads nowhere"),
    ("a filter box shown without scripts", ' role="search" hidden>', ' role="search">', "with scripts off"),
    ("a slot left empty that a scenario fills", '<span class="filled" data-slot="stars">3</span>',
     '<span class="slot" data-slot="stars">stars</span>', "shows message", "scenario-values"),
    ("a slot filled with another value", '<span class="filled" data-slot="day">Monday</span>',
     '<span class="filled" data-slot="day">Tuesday</span>', "fills slot day with 'Tuesday'", "scenario-values"),
    ("filled slots whose scenario is not named", '<p class="note sample-source">', '<p class="note">',
     "does not say its values come from scenario", "scenario-values"),
    ("a pseudo-language that does not wrap", '.l10n[data-language="pseudo"] { display: inline; }',
     '.l10n[data-language="pseudo"] { display: inline; white-space: nowrap; }', "text leaves its card", "languages"),
    ("cards that stay left to right", ".tip-card { direction: rtl; }", ".tip-card { direction: ltr; }",
     "not laid out right to left", "languages"),
    ("Arabic cards left to right", "#language-ar:checked) .tip-card { direction: rtl; }",
     "#language-ar:checked) .tip-card { }", "not laid out right to left", "languages"),
    ("English in an Arabic card right to left", 'lang="en" dir="auto"', 'lang="en"',
     "reads English it shows as written right to left", "languages"),
    ("a title left in English", 'lang="de">Als Favorit sichern<', 'lang="de">Save as a Favorite<',
     "shows title ['Save as a Favorite']", "languages"),
    ("a text without a translation left unmarked", 'class="l10n untranslated"', 'class="l10n"',
     "is not marked untranslated", "languages"),
    ("a switcher that does not count what is not translated", ", 1 of 12 not translated", "",
     "the switcher says", "languages"),
    ("a translation in error left unmarked", 'class="l10n in-error"', 'class="l10n"', "is not marked in error",
     "languages"),
    ("a switcher that does not count the translations in error", ", 1 in error", "", "the switcher says",
     "languages"),
]


def self_test(tipc, tools, workdir):
    """Runs the check of a page (the showcase unless named) once per mistake; returns the mistakes it missed."""
    missed = []
    for label, old, new, expected, *page in MISTAKES:
        found = []

        def mutate(text, old=old, new=new):
            if old not in text:
                raise RuntimeError("self-test: %r is not on the page any more; update MISTAKES" % old)
            return text.replace(old, new)

        if page == ["languages"]:
            check_languages(tipc, tools, workdir, found, mutate, VIEWPORTS[1:2], lambda _: None)
        else:
            check_page(
                "mistake", dict(PAGES)[page[0] if page else "showcase"], tipc, tools, workdir, None, None, found, mutate, VIEWPORTS[1:2], lambda _: None)
        if not any(expected in failure for failure in found):
            missed.append("%s (expected %r, got %s)" % (label, expected, found[:3]))
    return missed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tipc", required=True, help="the tipc executable")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--screenshots", help="write the screenshots kept in docs/preview here")
    parser.add_argument("--article-screenshots", help="write a screenshot of every tip and group here (to review)")
    arguments = parser.parse_args()
    tipc = os.path.abspath(arguments.tipc)
    for directory in (arguments.screenshots, arguments.article_screenshots):
        if directory:
            os.makedirs(directory, exist_ok=True)
    failures = []
    with tempfile.TemporaryDirectory(prefix="tipc-preview-") as workdir:
        tools = DevTools(arguments.chromium, workdir)
        try:
            for name, inputs in PAGES:
                check_page(
                    name, inputs, tipc, tools, workdir, arguments.screenshots, arguments.article_screenshots, failures)
            check_languages(tipc, tools, workdir, failures)
            print("self-test: %d mistakes made on purpose" % len(MISTAKES))
            for missed in self_test(tipc, tools, workdir):
                failures.append("self-test: the check missed " + missed)
        finally:
            tools.close()
    for failure in failures:
        print("FAIL " + failure)
    if failures:
        print("preview check: %d failures" % len(failures))
        return 1
    print("preview check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
