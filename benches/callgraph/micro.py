#!/usr/bin/env python3
"""Precision and recall of repotoire's Python call edges on small programs with known call
graphs, in PyCG's micro-benchmark layout.

usage: micro.py BIN SNIPPETS [-v]

SNIPPETS holds one folder per program with its sources and a `callgraph.json` that maps
each function (`main.A.func`, `main` for module code) to what it calls. PyCG's own set
ships in its source release: `pip download pycg==0.0.8 --no-deps --no-binary :all:` and
unpack `micro-benchmark/snippets`. Builtins are left out (`<builtin>.len`, `<**PyStr**>.join`,
our `builtins.*` nodes); a call of a class counts as a call of its `__init__` when the
project defines one (none otherwise), as PyCG names it. Each program is copied to a
temporary folder so no cache is left beside it. -v lists every false and missed edge.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def our_edges(binary, folder):
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "program")
        shutil.copytree(folder, work, ignore=shutil.ignore_patterns("callgraph.json", "README.md"))
        run = subprocess.run([binary, "--headless", "graph", "export", work],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{binary} failed on {folder}: {run.stderr.strip()}")
        graph = json.loads(run.stdout)
    nodes = {n["id"]: n for n in graph["nodes"]}
    functions = {n["qualified_name"] for n in graph["nodes"] if n["kind"] in ("function", "method")}
    edges = set()
    for edge in graph["edges"]:
        if edge["kind"] != "calls":
            continue
        source, target = nodes[edge["source"]], nodes[edge["target"]]
        callee = target["qualified_name"]
        if target["kind"] == "builtin" or callee.startswith("builtins."):
            continue
        if target["kind"] == "class":
            if callee + ".__init__" not in functions:
                continue
            callee += ".__init__"
        edges.add((source["qualified_name"], callee))
    return edges


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    if len(args) != 2:
        sys.exit(__doc__)
    binary, root = args
    verbose = "-v" in sys.argv
    totals = {}
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        if "callgraph.json" not in files:
            continue
        with open(os.path.join(folder, "callgraph.json")) as fh:
            truth = json.load(fh)
        want = {(caller, callee) for caller, callees in truth.items() for callee in callees
                if not callee.startswith("<")}
        ours = our_edges(binary, folder)
        name = os.path.relpath(folder, root)
        row = totals.setdefault(name.split(os.sep)[0], [0, 0, 0])
        row[0] += len(ours & want)
        row[1] += len(ours - want)
        row[2] += len(want - ours)
        if verbose and ours != want:
            print(f"== {name}")
            for edge in sorted(ours - want):
                print("   false ", " -> ".join(edge))
            for edge in sorted(want - ours):
                print("   missed", " -> ".join(edge))
    found = sum(r[0] for r in totals.values())
    false = sum(r[1] for r in totals.values())
    missed = sum(r[2] for r in totals.values())
    for category, (tp, fp, fn) in sorted(totals.items()):
        print(f"{category:14} found {tp:3}  false {fp:3}  missed {fn:3}")
    print(f"precision {found / max(1, found + false):.1%}  recall {found / max(1, found + missed):.1%}"
          f"  ({found} found, {false} false, {missed} missed)")


if __name__ == "__main__":
    main()
