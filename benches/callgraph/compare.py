#!/usr/bin/env python3
"""Compare repotoire's call edges with a language server's call hierarchy.

usage: compare.py LANG ROOT [--repotoire BIN] [--show N] [--truth-cache FILE]

LANG is python (pyright-langserver), typescript (typescript-language-server) or rust
(rust-analyzer). The server's outgoing calls of every function it lists are the truth
(for Rust with its incoming calls too, which alone see calls in a macro's arguments);
both sides are reduced to (caller, callee) pairs of project functions identified by file
and the line of their name, and compared. Only callers both sides know are counted, so a
function one side does not list is neither a hit nor a miss. Prints precision and recall
per confidence tier, and samples of false and missed edges. `--truth-cache` keeps the
server's answer in FILE (and reads it from there when present).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import quote, unquote

SERVERS = {
    "python": (["pyright-langserver", "--stdio"], (".py",)),
    "typescript": (["typescript-language-server", "--stdio"], (".ts", ".tsx", ".js", ".mjs", ".cjs")),
    "rust": (["rust-analyzer"], (".rs",)),
}
LANGUAGE_IDS = {".py": "python", ".ts": "typescript", ".tsx": "typescriptreact", ".js": "javascript",
                ".mjs": "javascript", ".cjs": "javascript", ".rs": "rust"}
FUNCTION_KINDS = {6, 9, 12}  # Method, Constructor, Function
METHOD_KIND = 6
CLASS_KIND = 5
CONSTRUCTORS = {"__init__", "__new__", "constructor"}
SKIP_DIRS = {"node_modules", ".git", "target", ".repotoire", "__pycache__", ".venv"}


class Server:
    """A language server on stdio speaking JSON-RPC with Content-Length framing."""

    def __init__(self, cmd, root):
        self.proc = subprocess.Popen(cmd, cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.replies = {}
        self.cond = threading.Condition()
        self.quiescent = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            msg = json.loads(out.read(length))
            if "id" in msg and "method" in msg:
                self._answer(msg)
            elif "id" in msg:
                with self.cond:
                    self.replies[msg["id"]] = msg
                    self.cond.notify_all()
            elif msg.get("method") == "experimental/serverStatus":
                with self.cond:
                    self.quiescent = msg["params"].get("quiescent", False)
                    self.cond.notify_all()

    def _answer(self, msg):
        # Servers ask for configuration and progress tokens. Python is pointed at an empty
        # interpreter, so an installed copy of the corpus cannot stand in for its sources.
        result = None
        if msg["method"] == "workspace/configuration":
            result = [{"pythonPath": bare_python()} if item.get("section") == "python" else None
                      for item in msg["params"]["items"]]
        self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    def _send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout=600):
        self.next_id += 1
        rid = self.next_id
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        with self.cond:
            if not self.cond.wait_for(lambda: rid in self.replies, timeout):
                raise TimeoutError(method)
            reply = self.replies.pop(rid)
        if "error" in reply:
            return None
        return reply.get("result")

    def wait_quiescent(self, timeout):
        with self.cond:
            self.cond.wait_for(lambda: self.quiescent, timeout)


def bare_python():
    """A virtual environment with nothing installed, made once per run."""
    global BARE
    if BARE is None:
        BARE = tempfile.mkdtemp(prefix="bare-python-")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", BARE], check=True)
    return os.path.join(BARE, "bin", "python")


BARE = None


def uri_of(path):
    return "file://" + quote(str(path))


def path_of(uri):
    return Path(unquote(uri[len("file://"):]))


def source_files(root, exts):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        for name in filenames:
            if name.endswith(exts) and not name.endswith(".d.ts"):
                yield Path(dirpath) / name


def anonymous(sym, holder):
    """tsserver lists an anonymous function as a symbol of its own (`operate() callback`,
    `<function>`), and so the members of an object literal written in a function
    (`subscribe({ next: (v) => … })`); we, like a reader, count their calls as the named
    function's around them."""
    name = sym.get("name", "")
    in_literal = sym.get("kind") == METHOD_KIND and holder is not None and holder.get("kind") in FUNCTION_KINDS
    return name.endswith(") callback") or name.startswith("<") or in_literal


def functions_in(symbols, out, parent=None, holder=None):
    """(symbol, enclosing function symbol or None) for every function, nested ones too;
    `holder` is the symbol whose children `symbols` are."""
    for sym in symbols or []:
        inner = parent
        if sym.get("kind") in FUNCTION_KINDS and "selectionRange" in sym and not anonymous(sym, holder):
            out.append((sym, parent))
            inner = sym
        functions_in(sym.get("children"), out, inner, sym)
    return out


def tsserver_path():
    """The TypeScript beside the language server: the corpora carry no node_modules."""
    server = shutil.which("typescript-language-server")
    if not server:
        return None
    modules = Path(os.path.realpath(server)).parents[2]
    return str(modules / "typescript" / "lib" / "tsserver.js")


def classes_in(symbols, out):
    for sym in symbols or []:
        if sym.get("kind") == CLASS_KIND and "selectionRange" in sym:
            out.append(sym)
        classes_in(sym.get("children"), out)
    return out


def innermost(functions, site):
    """The name line of the innermost function whose header or body holds `site` (line,
    character). Servers list a nested function's calls under its parents too, and a
    decorator's call under the function it decorates; both run in the scope around them.
    A call on the line a function expression's name is on but before it (`use(function
    logger() {`) is its parent's."""
    best = None
    for sym in functions:
        name = sym["selectionRange"]["start"]
        end = sym["range"]["end"]
        start = (name["line"], name["character"])
        if start <= site <= (end["line"], end["character"]) and (best is None or start >= best):
            best = start
    return None if best is None else best[0]


def truth_edges(lang, root):
    cmd, exts = SERVERS[lang]
    server = Server(cmd, root)
    init = {
        "processId": os.getpid(), "rootUri": uri_of(root),
        "workspaceFolders": [{"uri": uri_of(root), "name": root.name}],
        "capabilities": {
            "textDocument": {"callHierarchy": {}, "documentSymbol": {"hierarchicalDocumentSymbolSupport": True}},
            "window": {"workDoneProgress": True},
            "experimental": {"serverStatusNotification": True},
        },
        "initializationOptions": {"cachePriming": {"enable": True}, "checkOnSave": False,
                                  "tsserver": {"path": tsserver_path()}},
    }
    server.request("initialize", init)
    server.notify("initialized", {})
    files = sorted(source_files(root, exts))
    for f in files:
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri_of(f), "languageId": LANGUAGE_IDS[f.suffix], "version": 1,
            "text": f.read_text(errors="replace")}})
    if lang == "rust":
        server.wait_quiescent(900)
    edges, callers = set(), set()
    symbols_of = {}
    for f in files:
        symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri_of(f)}})
        symbols_of[f] = symbols
    functions_of = {str(f.relative_to(root)): [sym for sym, _ in functions_in(s, [])]
                    for f, s in symbols_of.items()}
    for f in files:
        rel = str(f.relative_to(root))
        functions = functions_of[rel]
        # Class bodies too: a class nested in a function runs its body and decorators there.
        for sym in functions + classes_in(symbols_of[f], []):
            pos = sym["selectionRange"]["start"]
            items = server.request("textDocument/prepareCallHierarchy",
                                   {"textDocument": {"uri": uri_of(f)}, "position": pos}) or []
            for item in items[:1]:
                if sym.get("kind") != CLASS_KIND:
                    callers.add((rel, item["selectionRange"]["start"]["line"] + 1))
                for call in server.request("callHierarchy/outgoingCalls", {"item": item}) or []:
                    callee = project_target(call["to"], root)
                    if callee is None:
                        continue
                    for site in call.get("fromRanges") or []:
                        owner = innermost(functions, (site["start"]["line"], site["start"]["character"]))
                        if owner is not None:
                            edges.add(((rel, owner + 1), callee))
                if lang == "rust":
                    edges |= incoming_edges(server, item, root, functions_of)
    server.proc.kill()
    return edges, callers


def incoming_edges(server, item, root, functions_of):
    """rust-analyzer's outgoing calls skip the arguments of a macro (`assert_eq!(f(x), …)`,
    `vec![g()]`); its incoming calls find them, as its references do. Both directions
    together are its call hierarchy."""
    callee = project_target(item, root)
    out = set()
    if callee is None or item.get("kind") == CLASS_KIND:
        return out
    for call in server.request("callHierarchy/incomingCalls", {"item": item}) or []:
        source = path_of(call["from"]["uri"])
        if root not in source.parents:
            continue
        rel = str(source.relative_to(root))
        for site in call.get("fromRanges") or []:
            owner = innermost(functions_of.get(rel, []), (site["start"]["line"], site["start"]["character"]))
            if owner is not None:
                out.add(((rel, owner + 1), callee))
    return out


def project_target(to, root):
    """(file, name line) of a called project function or class, else None."""
    target = path_of(to["uri"])
    if to.get("kind") not in FUNCTION_KINDS | {CLASS_KIND} or root not in target.parents:
        return None
    if any(part in SKIP_DIRS for part in target.relative_to(root).parts):
        return None
    return (str(target.relative_to(root)), to["selectionRange"]["start"]["line"] + 1, to["name"])


def our_edges(binary, root):
    out = subprocess.run([binary, "--headless", "graph", "export", "--no-cache", str(root)],
                         check=True, capture_output=True).stdout
    graph = json.loads(out)
    by_id = {n["id"]: n for n in graph["nodes"]}
    nodes = {i: n for i, n in by_id.items() if n["kind"] in ("function", "method", "class")}
    owner = {e["target"]: e["source"] for e in graph["edges"] if e["kind"] == "contains"}
    bases = defaultdict(list)
    for e in graph["edges"]:
        if e["kind"] == "inherits":
            bases[e["source"]].append(e["target"])
    constructor_of = {owner[i]: i for i, n in by_id.items()
                      if n["name"] in CONSTRUCTORS and owner.get(i) in by_id}
    def running_function(caller):
        # A class body runs in the scope around it: a class nested in a function is run
        # by that function; one at module level by no function.
        while caller in by_id and by_id[caller]["kind"] == "class":
            caller = owner.get(caller)
        return caller if caller in by_id and by_id[caller]["kind"] in ("function", "method") else None

    edges = {}
    for e in graph["edges"]:
        if e["kind"] == "calls" and e["source"] in nodes and e["target"] in nodes:
            source = running_function(e["source"])
            if source is None:
                continue
            target = e["target"]
            # A constructor call is a call of the class to a type checker.
            if by_id[target]["name"] in CONSTRUCTORS and owner.get(target) in nodes:
                target = owner[target]
            key = (source, target)
            edges[key] = max(edges.get(key, 0), e.get("confidence", 1.0))
    return nodes, edges, (bases, constructor_of)


def constructing_class(cls, hierarchy):
    """The class whose constructor runs when `cls` is called: the nearest one along the
    bases that declares it (our edges name that one; a type checker names `cls`)."""
    bases, constructor_of = hierarchy
    seen, queue = set(), [cls]
    while queue:
        c = queue.pop(0)
        if c in constructor_of:
            return c
        if c not in seen:
            seen.add(c)
            queue.extend(bases.get(c, []))
    return cls


def locate(nodes, lines_of):
    """Map each of our functions to the truth's (file, name line): the first line of its span
    that holds its name, since our span may start at a decorator or attribute."""
    where = {}
    for nid, n in nodes.items():
        lines = lines_of(n["file"])
        name = n["name"].split(".")[-1]
        for line in range(n["line"], min(n.get("end_line", n["line"]), n["line"] + 40) + 1):
            if line - 1 < len(lines) and name in lines[line - 1]:
                where[nid] = (n["file"], line)
                break
        else:
            where[nid] = (n["file"], n["line"])
    # Overload signatures and redefinitions stand for the definition that wins, the last of
    # a run of same-named definitions (Python anywhere in a scope, TypeScript adjacent).
    out = dict(where)
    groups = defaultdict(list)
    for nid, n in nodes.items():
        groups[(n["file"], n.get("qualified_name"))].append(nid)
    for (file, _), ids in groups.items():
        ids.sort(key=lambda i: nodes[i]["line"])
        run = [ids[-1]]
        for nid in reversed(ids[:-1]):
            between = lines_of(file)[nodes[nid].get("end_line", nodes[nid]["line"]):nodes[run[-1]]["line"] - 1]
            adjacent = all(not t.strip() or t.strip().startswith(COMMENT_STARTS) for t in between)
            if file.endswith(".py") or adjacent:
                out[nid] = out[run[0]]
            else:
                run = [nid]
            run.append(nid)
    return out, {where[nid]: loc for nid, loc in out.items()}


# Lines of a doc comment between an overload signature and the next.
COMMENT_STARTS = ("//", "/*", "*", "@")


def align(callee, named, merged):
    """The truth's callee as our location: a server may name an overload signature where we
    name the implementation."""
    file, line, name = callee
    if (file, line) in merged:
        return merged[(file, line)]
    same = named.get((file, name.split("(")[0]), ())
    # A run of overload signatures of a function we list once, by its implementation,
    # after them however long their doc comments.
    after = [loc for loc in same if 0 <= loc[1] - line <= 400]
    if after:
        return min(after, key=lambda loc: loc[1])
    near = [loc for loc in same if abs(loc[1] - line) <= 60]
    return min(near, key=lambda loc: abs(loc[1] - line)) if near else (file, line)


# A class field holding a function (`static create = (…) => …`, `pick = function …`).
CLASS_FIELD_FUNCTION = re.compile(
    r"^\s*((static|private|protected|public|readonly|override|declare)\s+)*#?[\w$]+[?!]?\s*"
    r"(:[^=]*)?=\s*(async\s+)?(function\b|(<[^>]*>\s*)?\([^)]*\)?|[\w$]+\s*=>)")
# An ES5 method: `Shape.prototype.area = function …` or `Shape.create = function …`.
ASSIGNED_METHOD = re.compile(r"^\s*[A-Za-z_$][\w$]*(\.prototype)?\.[A-Za-z_$][\w$]*\s*=\s*(async\s+)?(function\b|\()")


def implicit(callee, lines_of):
    """Whether the callee is one no checker lists as called: a dunder method other than a
    constructor, a property, a TypeScript class field holding a function (the compiler's
    call hierarchy lists the calls inside it, never the calls of it: it follows the name to
    the field, which is no function), or an ES5 method assigned onto a prototype or a
    constructor (`Shape.prototype.area = function`: it follows the name to the assignment,
    which is no declaration it lists)."""
    lines = lines_of(callee[0])
    text = lines[callee[1] - 1] if callee[1] - 1 < len(lines) else ""
    ecma = callee[0].endswith((".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs"))
    if ecma and (CLASS_FIELD_FUNCTION.match(text) or ASSIGNED_METHOD.match(text)):
        return True
    name = text.split("def ", 1)[-1].split("(")[0].strip()
    if name.startswith("__") and name.endswith("__") and name not in CONSTRUCTORS:
        return True
    above = lines[callee[1] - 2].strip() if callee[1] >= 2 else ""
    return above.startswith("@") and ("property" in above or above.endswith((".setter", ".getter")))


def only_through_call(caller, callee, lines_of):
    """Whether `caller` reaches `callee` only through JavaScript's `f.call(…)` or
    `f.apply(…)` (`Base.call(this, x)`, `Base.prototype.init.call(this)`): the compiler's
    call hierarchy names the library's `Function.prototype.call` there."""
    body = "\n".join(lines_of(caller["file"])[caller["line"] - 1:caller.get("end_line", caller["line"])])
    parts = callee.get("qualified_name", callee["name"]).split(".")
    name = parts[-2] if parts[-1] == "constructor" and len(parts) > 1 else parts[-1]
    through = re.search(r"\b" + re.escape(name) + r"\.(call|apply)\s*\(", body)
    direct = re.search(r"(?<![.\w])(new\s+)?" + re.escape(name) + r"\s*\(", body)
    return bool(through) and not direct


MACRO_CALL = re.compile(r"^\s*[\w:]+!\s*[(\[{]")


def once_per_macro_item(truth, lines_of):
    """rust-analyzer may name a function a macro wrote twice for one call: at its line in
    the macro's body and at the macro call that wrote it. Counted once, at the call."""
    def is_call(file, line):
        lines = lines_of(file)
        return 0 < line <= len(lines) and MACRO_CALL.match(lines[line - 1]) is not None
    places = defaultdict(set)
    for a, (file, line, name) in truth:
        places[(a, file, name)].add(line)
    return {(a, b) for a, b in truth
            if is_call(b[0], b[1]) or not any(is_call(b[0], other) for other in places[(a, b[0], b[2])] - {b[1]})}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lang", choices=SERVERS)
    ap.add_argument("root")
    ap.add_argument("--repotoire", default="repotoire")
    ap.add_argument("--show", type=int, default=15)
    ap.add_argument("--floor", type=float, default=0.0, help="list only false edges of at least this confidence")
    ap.add_argument("--truth-cache")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    started = time.time()
    if args.truth_cache and os.path.exists(args.truth_cache):
        data = json.load(open(args.truth_cache))
        truth = {(tuple(a), tuple(b)) for a, b in data["edges"]}
        callers = {tuple(c) for c in data["callers"]}
    else:
        truth, callers = truth_edges(args.lang, root)
        if args.truth_cache:
            json.dump({"edges": sorted(truth), "callers": sorted(callers)}, open(args.truth_cache, "w"))
    print(f"truth: {len(truth)} edges from {len(callers)} functions ({time.time() - started:.0f} s)", file=sys.stderr)

    cache = {}
    def lines_of(rel):
        if rel not in cache:
            cache[rel] = (root / rel).read_text(errors="replace").splitlines()
        return cache[rel]

    if args.lang == "rust":
        truth = once_per_macro_item(truth, lines_of)
    nodes, ours, hierarchy = our_edges(args.repotoire, root)
    where, merged = locate(nodes, lines_of)
    at = {loc: nid for nid, loc in where.items()}
    named = defaultdict(list)
    for nid, loc in where.items():
        named[(loc[0], nodes[nid]["name"].split(".")[-1])].append(loc)
    truth = {(a, align(b, named, merged)) for a, b in truth}
    # `super().__init__()` names the method to a server; ours, like a constructor call,
    # is counted against the class.
    class_of_init = {init: cls for cls, init in hierarchy[1].items()}
    truth = {(a, where[class_of_init[at[b]]] if at.get(b) in class_of_init and class_of_init[at[b]] in where else b)
             for a, b in truth}
    truth = {(a, where[constructing_class(at[b], hierarchy)] if nodes.get(at.get(b), {}).get("kind") == "class" else b)
             for a, b in truth}
    known = callers & set(where.values())
    mine = defaultdict(float)
    for (a, b), conf in ours.items():
        if where[a] in known:
            pair = (where[a], where[b])
            mine[pair] = max(mine[pair], conf)
    truth_known = {e for e in truth if e[0] in known}
    print(f"callers on both sides: {len(known)} of {len(callers)} (truth) / {len(nodes)} (ours)")
    for floor in (0.9, 0.5, 0.0):
        chosen = {e for e, c in mine.items() if c >= floor}
        hit = len(chosen & truth_known)
        p = hit / len(chosen) if chosen else 0
        r = hit / len(truth_known) if truth_known else 0
        print(f"confidence >= {floor}: {len(chosen)} edges, precision {p:.1%}, recall {r:.1%}")
    blind = {e for e in mine if implicit(e[1], lines_of)}
    by_loc = {loc: nid for nid, loc in where.items()}
    if args.lang == "typescript":
        blind |= {e for e in mine if e not in truth_known
                  and only_through_call(nodes[by_loc[e[0]]], nodes[by_loc[e[1]]], lines_of)}
    chosen = set(mine) - blind
    hit = len(chosen & truth_known)
    print(f"without calls no checker lists (dunders, properties, class-field functions, `.call`/`.apply`: {len(blind)} "
          f"edges): {len(chosen)} edges, precision {hit / max(1, len(chosen)):.1%}")
    tiers = Counter(round(c, 2) for c in mine.values())
    wrong = Counter(round(c, 2) for e, c in mine.items() if e not in truth_known)
    print("tiers (edges / false):", {t: (tiers[t], wrong[t]) for t in sorted(tiers)})

    def text(loc):
        line = lines_of(loc[0])[loc[1] - 1].strip() if loc[1] - 1 < len(lines_of(loc[0])) else ""
        return f"{loc[0]}:{loc[1]} {line[:70]}"
    false = sorted(e for e in mine if e not in truth_known and e not in blind and mine[e] >= args.floor)
    missed = sorted(truth_known - set(mine))
    if os.environ.get("CG_DUMP"):
        json.dump({"false": [[list(a), list(b), mine[(a, b)]] for a, b in false], "missed": [[list(a), list(b)] for a, b in missed]}, open(os.environ["CG_DUMP"], "w"))
    print(f"\n-- false ({len(false)}) --")
    for a, b in false[:: max(1, len(false) // max(1, args.show))][: args.show]:
        print(f"{mine[(a, b)]:.2f}  {text(a)}\n      -> {text(b)}")
    print(f"\n-- missed ({len(missed)}) --")
    for a, b in missed[:: max(1, len(missed) // max(1, args.show))][: args.show]:
        print(f"      {text(a)}\n      -> {text(b)}")


if __name__ == "__main__":
    main()
