#!/usr/bin/env python3
"""Recall and precision of `analyze --audit` over annotated snippets.

  python3 benches/security/check.py BIN [DIR] [-v]

A `ruleid:` comment marks the statement after it as one a security review flags, an `ok:`
comment one it leaves alone (semgrep's test convention). A statement counts as found when a
security finding lies on one of its lines. DIR defaults to the snippets beside this script;
-v lists the statements missed and those flagged wrongly.
"""
import collections
import json
import os
import re
import subprocess
import sys

ANNOTATION = re.compile(r'^\s*(#|//|/\*|\{/\*)\s*(todoruleid|ruleid|todook|ok)\s*:')
# A statement is read at most this many lines past its annotation.
MAX_STATEMENT = 12


def findings(binary, root):
    """(file, line) -> detectors of the security findings there."""
    run = subprocess.run(
        [binary, '--headless', 'analyze', root, '--audit', '--format', 'json',
         '--no-cache', '--fail-on', 'never'],
        capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f'{binary} failed ({run.returncode}): {run.stderr.strip()}')
    at = collections.defaultdict(list)
    for f in json.loads(run.stdout)['findings']:
        if f.get('category') == 'security':
            for line in range(f['line'], (f.get('end_line') or f['line']) + 1):
                at[(f['file'], line)].append(f['detector'])
    return at


def statement(lines, start):
    """The 1-based line numbers of the statement starting at `start` (0-based)."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    span, at = [], start
    while at < len(lines) and at < start + MAX_STATEMENT:
        text = lines[at].rstrip()
        span.append(at + 1)
        at += 1
        if at >= len(lines) or not lines[at].strip() or ANNOTATION.match(lines[at]):
            break
        after = lines[at]
        # A decorator's statement is the definition it decorates (semgrep marks a route
        # that way): on through the `def` line and its body.
        if lines[start].lstrip().startswith('@') and len(after) - len(after.lstrip()) >= indent:
            if len(after) - len(after.lstrip()) > indent or after.lstrip().startswith(('@', 'def ', 'async def ', 'class ')):
                continue
        ends = text.endswith((')', ';', ']', '"', "'")) and text.count('(') <= text.count(')')
        continues = after.lstrip().startswith(('.', ')', ']', '}')) or len(after) - len(after.lstrip()) > indent
        if ends and not continues:
            break
    return span


def annotated(path):
    """(kind, first line index, lines) of each annotated statement in a file."""
    with open(path, encoding='utf-8', errors='replace') as fh:
        lines = fh.read().split('\n')
    for i, line in enumerate(lines):
        m = ANNOTATION.match(line)
        if not m:
            continue
        j = i + 1
        while j < len(lines) and (ANNOTATION.match(lines[j]) or lines[j].strip().startswith(('# ', '//'))):
            j += 1
        if j < len(lines):
            yield m.group(2), j, lines


def main():
    args = [a for a in sys.argv[1:] if a != '-v']
    if not args:
        sys.exit(__doc__)
    here = os.path.dirname(os.path.abspath(__file__))
    root = args[1] if len(args) > 1 else os.path.join(here, 'snippets')
    at = findings(args[0], root)
    counts = collections.defaultdict(collections.Counter)
    missed, wrong = [], []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            for kind, start, lines in annotated(path):
                hit = sorted({d for n in statement(lines, start) for d in at.get((rel, n), [])})
                where = f'{rel}:{start + 1}: {lines[start].strip()[:90]}'
                c = counts[os.path.splitext(name)[1].lstrip('.')]
                if kind.endswith('ruleid'):
                    c['flag'] += 1
                    c['found'] += bool(hit)
                    if not hit:
                        missed.append(where)
                else:
                    c['ok'] += 1
                    c['wrong'] += bool(hit)
                    if hit:
                        wrong.append(f'{where} {hit}')
    total = sum(counts.values(), collections.Counter())
    found, flagged = total['found'], total['found'] + total['wrong']
    print(f"recall {found}/{total['flag']}; ok flagged {total['wrong']}/{total['ok']}; "
          f"precision {found / max(flagged, 1):.1%}")
    for ext, c in sorted(counts.items()):
        print(f"  {ext}: {c['found']}/{c['flag']} found, {c['wrong']}/{c['ok']} ok flagged")
    if '-v' in sys.argv:
        print('missed:', *missed, sep='\n  ')
        print('flagged wrongly:', *wrong, sep='\n  ')


if __name__ == '__main__':
    main()
