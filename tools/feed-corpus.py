#!/usr/bin/env python3
"""Skiff's feed parser against a public corpus of real-world feed edge cases: the test suite of the
Python feedparser package (6.0.14), which is downloaded here, never committed.

    make feed-corpus                      # builds .build/debug/feed-corpus, then runs this
    tools/feed-corpus.py [--dumper PATH] [--sdist TARBALL] [--show-out-of-scope] [--only SUBSTRING]

Each test file carries `Description:` and `Expect:` (a Python expression over feedparser's result)
in a comment, read as feedparser's tests/runtests.py reads them. The expression is split at its
top-level `and` into checks; a check is in scope when it reads only what a reader shows (the rule
is in docs/feeds.md, "The public corpus", and in `in_scope` below). The dumper's JSON reading of
each file is turned into a dict that behaves like feedparser's FeedParserDict (its own class, from
the sdist) and each in-scope check is evaluated against it.
"""

import argparse
import ast
import builtins
import codecs
import datetime
import glob
import html.parser
import importlib.util
import json
import math
import os
import posixpath
import re
import subprocess
import sys
import tarfile
import time
import types

VERSION = "6.0.14"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, ".build", "feed-corpus")
SOURCE = os.path.join(CORPUS, "feedparser-" + VERSION)
DIRECTORIES = ["wellformed", "illformed", "encoding", "entities"]

# ---------- the corpus ----------


def fetch(sdist):
    """The sdist unpacked into .build/feed-corpus (pip download, pinned; or a tarball given)."""
    if os.path.isdir(os.path.join(SOURCE, "tests")):
        return
    os.makedirs(CORPUS, exist_ok=True)
    if sdist is None:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                        "feedparser==" + VERSION, "-d", CORPUS], check=True)
        sdist = os.path.join(CORPUS, "feedparser-%s.tar.gz" % VERSION)
    with tarfile.open(sdist) as archive:
        names = [m for m in archive.getmembers() if m.name.startswith("feedparser-%s/" % VERSION)
                 and ".." not in m.name and (m.isfile() or m.isdir())]
        archive.extractall(CORPUS, members=names)


def test_files():
    """As runtests.py globs them: tests/*/*/*.xml (wellformed's folders, illformed/chardet),
    illformed/*.xml, encoding/*.xml, entities/*.xml."""
    os.chdir(SOURCE)
    files = glob.glob(os.path.join("tests", "*", "*", "*.xml"))
    for folder in ("illformed", "encoding", "entities"):
        files += glob.glob(os.path.join("tests", folder, "*.xml"))
    return sorted(f for f in set(files) if f.split(os.sep)[1] in DIRECTORIES)


def convert_to_utf8(data):
    """runtests.py's: the encoding tests' comments are read after their byte-order mark or
    signature (the parser itself is given the bytes as they are)."""
    signatures = [
        (b"\x4c\x6f\xa7\x94", "cp037", 0), (b"\x00\x00\xfe\xff", "utf-32be", 0),
        (b"\xff\xfe\x00\x00", "utf-32le", 0), (b"\x00\x00\x00\x3c", "utf-32be", 0),
        (b"\x3c\x00\x00\x00", "utf-32le", 0), (b"\x00\x3c\x00\x3f", "utf-16be", 0),
        (b"\x3c\x00\x3f\x00", "utf-16le", 0),
    ]
    for signature, codec, skip in signatures:
        if data[:4] == signature:
            return data[skip:].decode(codec).encode("utf-8")
    if data[:2] == b"\xfe\xff" and data[2:4] != b"\x00\x00":
        return data[2:].decode("utf-16be").encode("utf-8")
    if data[:2] == b"\xff\xfe" and data[2:4] != b"\x00\x00":
        return data[2:].decode("utf-16le").encode("utf-8")
    if data[:3] == b"\xef\xbb\xbf":
        return data[3:]
    return data


SKIP_RE = re.compile(rb"SkipUnless:\s*(.*?)\n")
DESC_RE = re.compile(rb"Description:\s*(.*?)\s*Expect:\s*(.*)\s*-->")
HEADER_RE = re.compile(rb"^Header:\s+([^:]+):(.+)$", re.MULTILINE)


def skipped(condition):
    """runtests.py's SkipUnless: a test needing what this Python lacks (a codec, chardet) is skipped."""
    stub = types.SimpleNamespace(ACCEPTABLE_URI_SCHEMES=("http", "https"))
    try:
        return not eval(condition, {"feedparser": stub, "__import__": __import__})
    except (ImportError, LookupError, NotImplementedError, AttributeError):
        return True


def request(path, data):
    """The address and charset the parser is given: runtests.py serves files whose path holds
    "http" from 127.0.0.1:8097 with the `Header:` lines of their comment; others are local files,
    which feedparser reads with no base address (so: a file: URL, which resolves no link)."""
    if "http" not in path:
        return "file://" + os.path.abspath(path), ""
    address = "http://127.0.0.1:8097/" + posixpath.normpath(path.replace(os.sep, "/"))
    headers = {k.decode().strip().lower(): v.decode().strip() for k, v in HEADER_RE.findall(data)}
    charset = ""
    match = re.search(r"charset\s*=\s*[\"']?([^;\"'\s]+)", headers.get("content-type", ""), re.I)
    if match:
        charset = match.group(1)
    if "content-location" in headers:
        # As FeedSync does (FetchOutcome): the answer's Content-Location is the document's base.
        import urllib.parse
        location = urllib.parse.urljoin(address, headers["content-location"])
        if location.split(":", 1)[0] in ("http", "https"):
            address = location
    return address, charset


# ---------- which checks are in scope ----------

ROOTS = {"feed": "feed", "channel": "feed", "entries": "entries", "items": "entries"}
ALIASES = {"guid": "id", "description": "summary", "description_detail": "summary_detail",
           "date_parsed": "updated_parsed", "modified_parsed": "updated_parsed",
           "issued_parsed": "published_parsed", "url": "href"}
TEXT_KEYS = {"title", "summary", "value"}
ENTRY_KEYS = {
    ("title",), ("title_detail", "value"), ("link",), ("id",), ("author",), ("author_detail", "name"),
    ("summary",), ("summary_detail", "value"), ("content",), ("content", "#"), ("content", "#", "value"),
    ("published_parsed",), ("updated_parsed",), ("enclosures",), ("enclosures", "#"),
    ("enclosures", "#", "href"), ("enclosures", "#", "type"), ("enclosures", "#", "length"),
}
FEED_KEYS = {(), ("title",), ("title_detail", "value"), ("link",)}
# `feed['title_detail']` on the way to its value is no check of its own.
ENTRY_KEYS |= {k[:n] for k in ENTRY_KEYS for n in range(len(k))}
FEED_KEYS |= {k[:n] for k in FEED_KEYS for n in range(len(k))}
GLOBAL_NAMES = set(dir(builtins)) | {"time", "datetime", "codecs", "u"}
# A tag with an attribute: a check about markup (feedparser's sanitiser keeping or dropping an
# attribute, relative URIs rewritten inside HTML), not about text.
MARKUP_RE = re.compile(r"<[A-Za-z][^<>]*\s[\w:-]+\s*=")


def chain(node):
    """`entries[0]['content'][0].value` as ['entries', '#', 'content', '#', 'value'], or None."""
    keys = []
    while True:
        if isinstance(node, ast.Attribute):
            keys.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            index = node.slice
            if isinstance(index, ast.Constant) and isinstance(index.value, str):
                keys.append(index.value)
            else:
                keys.append("#")
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("get", "has_key") and node.args \
                and isinstance(node.args[0], ast.Constant):
            keys.append(node.args[0].value)
            node = node.func.value
        elif isinstance(node, ast.Name):
            keys.append(node.id)
            return list(reversed(keys))
        else:
            return None


def reader_visible(keys):
    root = ROOTS.get(keys[0])
    rest = tuple("#" if k == "#" else ALIASES.get(k, k) for k in keys[1:])
    if root == "feed":
        return rest in FEED_KEYS
    if root == "entries":
        if rest == () or rest == ("#",):
            return True
        return rest[0] == "#" and rest[1:] in ENTRY_KEYS
    return False


def classify(check):
    """'in', 'out' (reads something a reader is not shown) or 'markup' (see MARKUP_RE)."""
    for node in ast.walk(check):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) \
                and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            keys = chain(node.comparators[0])
            if keys is not None and keys[0] in ROOTS and not reader_visible(keys + [node.left.value]):
                return "out"
    names = [n for n in ast.walk(check) if isinstance(n, ast.Name)]
    for name in names:
        if name.id in ROOTS:
            continue
        if name.id not in GLOBAL_NAMES:
            return "out"  # bozo, encoding, version, namespaces, headers...
    for node in ast.walk(check):
        keys = chain(node) if isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)) else None
        if keys and keys[0] in ROOTS and not reader_visible(keys):
            return "out"
    if not any(n.id in ROOTS for n in names):
        return "out"
    for node in ast.walk(check):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and MARKUP_RE.search(node.value):
            return "markup"
    return "in"


def checks(expression):
    tree = ast.parse(expression, mode="eval").body
    if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And):
        return tree.values
    return [tree]


# ---------- the parser's reading, as feedparser's result ----------


class VisibleText(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.hidden = [], 0

    # Elements a reader sees as a break between words (a line, a paragraph).
    BREAKS = {"br", "p", "div", "li", "tr", "td", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "hr"}

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        if tag in self.BREAKS:
            self.parts.append(" ")

    def handle_startendtag(self, tag, attrs):
        if tag in self.BREAKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.hidden:
            self.hidden -= 1
        if tag in self.BREAKS:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def collapsed(text):
    return " ".join(text.split())


def visible(markup):
    parser = VisibleText()
    parser.feed(markup)
    parser.close()
    return collapsed("".join(parser.parts))


class Text(str):
    """A title, summary or content as the reader shows it. Equal to an expected value whose visible
    text (tags removed, references decoded, white space collapsed) or whose plain text is this
    text; feedparser keeps markup in titles and summaries, Skiff shows text. A summary cut at
    FeedFormatLimits.summaryCharacters ("…") equals a longer text it begins."""

    def __new__(cls, shown, markup=False):
        text = super().__new__(cls, shown)
        text.shown = visible(shown) if markup else collapsed(shown)
        return text

    def readings(self, other):
        return {visible(other), collapsed(other)}

    def __eq__(self, other):
        if not isinstance(other, str):
            return NotImplemented
        if self.shown in self.readings(other):
            return True
        if self.shown.endswith("…"):
            return any(r.startswith(self.shown[:-1].rstrip()) for r in self.readings(other))
        return False

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return hash(self.shown)

    def __contains__(self, other):
        return any(r in self.shown for r in self.readings(other))


def load_dict_class():
    spec = importlib.util.spec_from_file_location("fp_util", os.path.join(SOURCE, "feedparser", "util.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.FeedParserDict


def result(reading, D):
    """The dumper's JSON as feedparser's result dict (only what the dumper reads is present)."""
    env = D(bozo=0, entries=[], feed=D())
    if not reading.get("ok"):
        env["bozo"] = 1
        return env
    feed = reading["feed"]
    env["feed"]["title"] = Text(feed["title"])
    env["feed"]["title_detail"] = D(value=env["feed"]["title"])
    if "link" in feed:
        env["feed"]["link"] = feed["link"]
    for item in reading["entries"]:
        entry = D()
        entry["title"] = Text(item["title"])
        entry["title_detail"] = D(value=entry["title"])
        for key in ("link", "id"):
            if key in item:
                entry[key] = item[key]
        if "author" in item:
            entry["author"] = Text(item["author"])
            entry["author_detail"] = D(name=entry["author"])
        if "summary" in item:
            entry["summary"] = Text(item["summary"])
        elif "content" in item:
            # Skiff's summary is the text of the description or content, nil when that text is empty
            # (`<description>&lt;b>&lt;/b></description>`): the card then shows no summary, as
            # feedparser's empty one would.
            entry["summary"] = Text(item["content"], markup=True)
        if "summary" in entry:
            entry["summary_detail"] = D(value=entry["summary"])
        if "content" in item:
            entry["content"] = [D(value=Text(item["content"], markup=True))]
        for key in ("published", "updated"):
            if key in item:
                entry[key + "_parsed"] = time.gmtime(math.floor(item[key]))
        entry["links"] = [D(rel="enclosure", href=e["href"], **({"type": e["type"]} if "type" in e else {}))
                          for e in item.get("enclosures", [])]
        env["entries"].append(entry)
    return env


# ---------- the run ----------


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--dumper", default=os.path.join(ROOT, ".build", "debug", "feed-corpus"))
    options.add_argument("--sdist", help="a feedparser-%s.tar.gz already downloaded" % VERSION)
    options.add_argument("--only", help="only test files whose path contains this")
    options.add_argument("--show-out-of-scope", action="store_true")
    args = options.parse_args()
    fetch(args.sdist and os.path.abspath(args.sdist))
    D = load_dict_class()
    files = [f for f in test_files() if not args.only or args.only in f]

    tests, skips = [], 0
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        comment_source = convert_to_utf8(data) if "encoding" in path else data
        skip = SKIP_RE.search(comment_source)
        if skip and skipped(skip.group(1).strip().decode()):
            skips += 1
            continue
        match = DESC_RE.search(comment_source)
        if not match:
            raise SystemExit("feed-corpus: no Description/Expect in %s" % path)
        address, charset = request(path, data)
        tests.append((path, match.group(2).decode("utf-8").strip(), address, charset))

    lines = "".join("%s\t%s\t%s\n" % (p, a, c) for p, _, a, c in tests)
    run = subprocess.run([args.dumper], input=lines.encode(), stdout=subprocess.PIPE, check=True)
    readings = {r["path"]: r for r in map(json.loads, run.stdout.decode().splitlines())}

    totals = {d: {"in": 0, "passed": 0, "out": 0, "markup": 0} for d in DIRECTORIES}
    failures, out_of_scope = [], []
    globals_ = {"time": time, "datetime": datetime, "codecs": codecs}
    for path, expression, _, _ in tests:
        folder = path.split(os.sep)[1]
        env = result(readings.get(path, {"ok": False}), D)
        for check in checks(expression):
            source = ast.unparse(check)
            kind = classify(check)
            if kind != "in":
                totals[folder][kind] += 1
                out_of_scope.append((kind, path, source))
                continue
            totals[folder]["in"] += 1
            try:
                passed = bool(eval(compile(ast.Expression(check), path, "eval"), dict(globals_), env))
            except Exception:  # a key the reading lacks fails the check, as it fails feedparser's test
                passed = False
            if passed:
                totals[folder]["passed"] += 1
            else:
                failures.append((path, source, readings.get(path, {})))

    for path, source, reading in failures:
        print("FAIL %s\n     %s" % (path, source))
        if not reading.get("ok"):
            print("     (no feed: %s)" % reading.get("error"))
        else:
            print("     got %s" % json.dumps({"feed": reading["feed"], "entries": reading["entries"][:2]},
                                           ensure_ascii=False)[:600])
    if args.show_out_of_scope:
        for kind, path, source in out_of_scope:
            print("%-6s %s  %s" % (kind.upper(), path, source))
    print()
    print("Scope: a check reads only feed title/link, and entries' title, link, id, author name, summary,")
    print("content value, published/updated (parsed), enclosures; 'markup' = compares an HTML attribute.")
    print("%-11s %8s %8s %8s %8s %8s" % ("directory", "passed", "in", "%", "out", "markup"))
    grand = {"in": 0, "passed": 0, "out": 0, "markup": 0}
    for folder in DIRECTORIES:
        t = totals[folder]
        for key in grand:
            grand[key] += t[key]
        print("%-11s %8d %8d %7.1f%% %8d %8d" % (folder, t["passed"], t["in"], 100.0 * t["passed"] / max(t["in"], 1),
                                               t["out"], t["markup"]))
    print("%-11s %8d %8d %7.1f%% %8d %8d" % ("total", grand["passed"], grand["in"],
                                           100.0 * grand["passed"] / max(grand["in"], 1), grand["out"], grand["markup"]))
    print("%d test files, %d skipped by their SkipUnless (a codec or chardet this Python lacks)" % (len(tests) + skips, skips))


if __name__ == "__main__":
    main()
