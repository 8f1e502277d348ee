#!/usr/bin/env python3
"""Recall and precision of `analyze --audit` over annotated snippets.

  python3 benches/security/check.py BIN [DIR] [-v]

A `ruleid:` comment marks the statement after it as one a security review flags, an `ok:`
comment one it leaves alone (semgrep's test convention). A statement counts as found when any
security finding lies on one of its lines. DIR defaults to the snippets beside this script.
"""
import collections
import json
import os
import re
import subprocess
import sys

args = [a for a in sys.argv[1:] if a != '-v']
verbose = '-v' in sys.argv
bin_ = args[0]
root = args[1] if len(args) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'snippets')
out = subprocess.run([bin_, '--headless', 'analyze', root, '--audit', '--format', 'json', '--no-cache', '--fail-on', 'never'], capture_output=True, text=True)
data = json.loads(out.stdout)
found = collections.defaultdict(list)
for f in data['findings']:
    if f.get('category') != 'security':
        continue
    for ln in range(f['line'], (f.get('end_line') or f['line']) + 1):
        found[(f['file'], ln)].append(f['detector'])
ann = re.compile(r'^\s*(#|//|/\*|\{/\*|<!--)\s*(todoruleid|ruleid|todook|ok|deepok|deepruleid)\s*:')
stats = collections.Counter(); per_dir = collections.defaultdict(collections.Counter)
misses = []; falses = []
for dp, dn, fn in os.walk(root):
    if '.repotoire' in dp: continue
    for name in sorted(fn):
        p = os.path.join(dp, name); rel = os.path.relpath(p, root)
        try: lines = open(p, encoding='utf-8', errors='replace').read().split('\n')
        except Exception: continue
        i = 0
        while i < len(lines):
            m = ann.match(lines[i])
            if not m: i += 1; continue
            kind = m.group(2)
            j = i + 1
            while j < len(lines) and (ann.match(lines[j]) or lines[j].strip().startswith(('#', '//')) and not lines[j].strip().startswith('#[')): j += 1
            # the statement: from j up to a blank line or next annotation, at most 12 lines
            k = j; span = []
            while k < len(lines) and k < j + 12:
                span.append(k + 1)
                s = lines[k].rstrip()
                k += 1
                if k >= len(lines) or not lines[k].strip() or ann.match(lines[k]): break
                # stop at statement end for single-line statements
                if s.endswith((')', ';', ']', '"', "'")) and not s.endswith(('(', ',')) and lines[k].startswith(lines[j][:len(lines[j]) - len(lines[j].lstrip())] ) and not lines[k].lstrip().startswith(('.', ')', ']', '}')) and s.count('(') <= s.count(')'):
                    break
            hit = sorted({d for ln in span for d in found.get((rel, ln), [])})
            vuln = kind in ('ruleid', 'todoruleid', 'deepruleid')
            top = os.path.splitext(rel)[1].lstrip('.')
            if vuln:
                stats['vuln'] += 1; per_dir[top]['vuln'] += 1
                if hit: stats['tp'] += 1; per_dir[top]['tp'] += 1
                else: misses.append(f'{rel}:{j+1}: {lines[j].strip()[:100]}')
            else:
                stats['safe'] += 1; per_dir[top]['safe'] += 1
                if hit: stats['fp'] += 1; per_dir[top]['fp'] += 1; falses.append(f'{rel}:{j+1}: {hit} {lines[j].strip()[:90]}')
            i = j
tp, v, fp, s = stats['tp'], stats['vuln'], stats['fp'], stats['safe']
print(f'recall {tp}/{v} = {tp/max(v,1):.1%}; safe flagged {fp}/{s}; precision {tp/max(tp+fp,1):.1%}')
for d, c in sorted(per_dir.items()): print(f'  {d}: {c["tp"]}/{c["vuln"]} vuln, {c["fp"]}/{c["safe"]} safe flagged')
if verbose:
    print('MISSES'); print('\n'.join(misses)); print('FALSE'); print('\n'.join(falses))
