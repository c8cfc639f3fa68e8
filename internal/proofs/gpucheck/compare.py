#!/usr/bin/env python3
"""Compares drfcheck with compute-sanitizer's racecheck and synccheck.

(internal/proofs/gpucheck of drfcheck; the driver copies it into .gpu-crosscheck.)

Usage: compare.py LOGDIR [--cases .gpu-crosscheck/cases.jsonl] [--real .gpu-crosscheck/real.tsv]
                         [--json OUT.json] [--show N]

LOGDIR holds what run.sh left in $OUT: racecheck.log, synccheck.log,
plain.log (each maybe .gz), build.log. Every racecheck hazard and synccheck
error is attributed to its case: by the case's name in the report (each
generated case is a namespace kXXXXXXXX, named in the kernel's name and in
the file name of its lines, #line "kXXXXXXXX.cu"), else by the section of
its binary (real_* and smoke files hold one kernel, or a few named ones),
else by the last CASE marker the program printed before it.

racecheck sees shared memory only: a race of the interpreter on global
memory without a racecheck report is no disagreement. The tables count, per
class of case (the interpreter's verdict, and for races whether its race is
on a __shared__ array), how many racecheck and synccheck flagged, against
drfcheck's verdict; then list
  * every case that racecheck or synccheck flags and drfcheck calls DRF
    (a race drfcheck missed, or a report drfcheck disagrees with);
  * every case with a racecheck hazard that the interpreter calls race-free
    (a blind spot of the project's own oracle), and every synccheck error
    on a case the interpreter does not call divergent;
  * the interpreter's shared-memory races that racecheck did not see, and
    its divergences synccheck did not see (what the dynamic tools miss, or
    what the GPU's schedule and compiler hid);
then, per construct of the CUDA header API (halves, warp collectives,
scoped atomics), the same counts; the values of the header API that
values.cu asserted on the GPU (any mismatch is a place where drfcheck's
execution oracle and the hardware disagree); and the real kernels and smoke
tests.
The parser is tolerant: it knows the formats of compute-sanitizer's
hazard mode ("Potential RAW hazard detected at __shared__ 0x.. in block"),
its analysis mode ("Race reported between Write access at ..."), old and
new location forms ("at 0x1f0 in f.cu:12:kern(int*)", "at kern(int*)+0x1f0
in f.cu:12"), synccheck's barrier errors, memcheck-style errors and CUDA
API errors; any other report block is kept as "other".
"""

import argparse
import collections
import gzip
import json
import os
import re
import sys

CASE_RE = re.compile(r'^(CASE|END|SKIP|TIMEOUT|CONTEXT_LOST|LAUNCH_ERROR|SYNC_ERROR|ALLOC_ERROR|INIT_ERROR)\s+(\S+)(?:\s+(\S+))?(?:\s+(\S+))?')
SANI_RE = re.compile(r'^=========(?: (.*))?$')
FILE_RE = re.compile(r'^##### GX_FILE (\S+)')
KNAME_RE = re.compile(r'k[0-9a-f]{8}')
IDENT_RE = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
SEV_RE = re.compile(r'^\s*(error|warn(?:ing)?|info)\b', re.I)
HAZ_RE = re.compile(r'potential\s+(RAW|WAR|WAW)\s+hazard', re.I)
RACE_RE = re.compile(r'race\s+reported\s+between\s+(\w+)\s+access', re.I)
ACCESS_RE = re.compile(r'(Read|Write|Atomic\w*)\s+(?:Thread\s+\((\d+),\s*(\d+),\s*(\d+)\)\s+)?(?:access\s+)?at\s+(.*)', re.I)
SPACE_RE = re.compile(r'hazard\s+detected\s+at\s+(__\w+__|\w+)', re.I)
BLOCK_RE = re.compile(r'in\s+block\s+\((\d+),\s*(\d+),\s*(\d+)\)', re.I)
THREAD_RE = re.compile(r'by\s+thread\s+\((\d+),\s*(\d+),\s*(\d+)\)', re.I)
LOC_RE = re.compile(r'([A-Za-z0-9_./-]+\.(?:cu|host|cuh|h|hpp)):(\d+)')
HAZCOUNT_RE = re.compile(r'\[(\d+)\s+hazards?\]', re.I)
QUIET = re.compile(r'^(COMPUTE-SANITIZER|RACECHECK SUMMARY|ERROR SUMMARY|LEAK SUMMARY|LEAK REPORT|Target application returned|Saved host backtrace|Host Frame|Device Frame|Internal Sanitizer|This tool)', re.I)


def open_log(d, name):
    for fn in (name + '.log', name + '.log.gz', name):
        p = os.path.join(d, fn)
        if os.path.exists(p):
            if p.endswith('.gz'):
                return gzip.open(p, 'rt', errors='replace')
            return open(p, errors='replace')
    return None


class Report:
    __slots__ = ('mode', 'section', 'lines', 'kind', 'severity', 'htype', 'space', 'block', 'threads',
                 'locs', 'names', 'case', 'hazards', 'accesses', 'after_case')

    def __init__(self, mode, section, first, after_case):
        self.mode, self.section, self.lines = mode, section, [first]
        self.after_case = after_case
        self.kind = self.severity = self.htype = self.space = ''
        self.block = None
        self.threads = []
        self.locs = []
        self.names = set()
        self.case = None
        self.hazards = 1
        self.accesses = []

    def classify(self, known):
        head = self.lines[0]
        text = '\n'.join(self.lines)
        m = SEV_RE.match(head)
        if m:
            s = m.group(1).lower()
            self.severity = {'warn': 'warning'}.get(s, s)
        if HAZ_RE.search(head):
            self.kind, self.htype = 'hazard', HAZ_RE.search(head).group(1).upper()
            m = SPACE_RE.search(head)
            self.space = m.group(1) if m else ''
        elif RACE_RE.search(head):
            self.kind = 'race'
            counts = [int(x) for x in HAZCOUNT_RE.findall(text)]
            self.hazards = sum(counts) if counts else 1
        elif re.search(r'barrier\s+error|divergent\s+thread|synccheck', text, re.I):
            self.kind = 'barrier'
        elif re.search(r'invalid\s+__\w+__\s+(read|write)|out of bounds|misaligned|illegal', head, re.I):
            self.kind = 'memory'
        elif re.search(r'program hit|cuda api|cudaError', head, re.I):
            self.kind = 'api'
        else:
            self.kind = 'other'
        if not self.severity:
            self.severity = 'error'
        m = BLOCK_RE.search(text)
        if m:
            self.block = tuple(int(x) for x in m.groups())
        for line in self.lines:
            a = ACCESS_RE.search(line)
            if a and (self.kind in ('hazard', 'race')):
                self.accesses.append(a.group(1).capitalize())
                if a.group(2) is not None:
                    self.threads.append(tuple(int(x) for x in a.group(2, 3, 4)))
        for m in THREAD_RE.finditer(text):
            self.threads.append(tuple(int(x) for x in m.groups()))
        self.locs = [(os.path.basename(f), int(n)) for f, n in LOC_RE.findall(text)]
        names = set(n for n in KNAME_RE.findall(text) if n in known)
        if not names:
            names = set(n for n in IDENT_RE.findall(text) if n in known)
        self.names = names


def parse_log(fh, mode, known, section_names):
    """Returns (reports, markers): markers[case] = {'ran', 'ended', 'status', 'timeout', ...}."""
    reports = []
    markers = collections.defaultdict(lambda: collections.Counter())
    section = ''
    cur = None
    last_case = None
    for raw in fh:
        line = raw.rstrip('\n')
        m = FILE_RE.match(line)
        if m:
            section, cur, last_case = m.group(1), None, None
            continue
        m = SANI_RE.match(line)
        if m:
            body = m.group(1) or ''
            if not body.strip():
                cur = None
                continue
            if body[0].isspace():
                if cur is not None:
                    cur.lines.append(body)
                continue
            if QUIET.match(body):
                cur = None
                continue
            cur = Report(mode, section, body, last_case)
            reports.append(cur)
            continue
        cur = None if line.startswith(('CASE ', 'END ')) else cur
        m = CASE_RE.match(line)
        if m:
            tag, name = m.group(1), m.group(2)
            c = markers[name]
            c[tag] += 1
            if tag == 'CASE':
                last_case = name
            elif tag == 'END':
                c['status:' + (m.group(4) or '')] += 1
    for r in reports:
        r.classify(known)
        if len(r.names) == 1:
            r.case = next(iter(r.names))
        elif len(r.names) > 1:
            r.case = sorted(r.names)[0]
        else:
            sec_names = section_names.get(r.section.split('.', 1)[-1], [])
            if len(sec_names) == 1:
                r.case = sec_names[0]
            else:
                r.case = r.after_case
    return reports, markers


def load_cases(path):
    cases = collections.OrderedDict()
    if not path or not os.path.exists(path):
        return cases
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                c = json.loads(line)
                cases[c['name']] = c
    return cases


def load_real(path):
    rows = []
    if not path or not os.path.exists(path):
        return rows
    with open(path) as f:
        header = None
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            cols = line.rstrip('\n').split('\t')
            if header is None:
                header = cols
                continue
            rows.append(dict(zip(header, cols)))
    return rows


SMOKE = collections.OrderedDict([
    ('smoke_race', 'racecheck: hazard (a race between warps)'),
    ('smoke_warp_race', 'racecheck: a race within one warp (does racecheck see it on this GPU?)'),
    ('smoke_drf', 'racecheck: none'),
    ('smoke_waw_same', 'racecheck: at most an INFO-level WAW (same value)'),
    ('smoke_div', 'synccheck: barrier error (__syncthreads under a condition)'),
    ('smoke_warp_div', 'synccheck: barrier error (__syncwarp by half a warp)'),
])


# the constructs of internal/proofs/cudagen's genheader.go (HeaderConstructNames)
HEADER = ['half array', 'bfloat16 array', 'half2 array', 'half shared', 'half global', 'half arithmetic',
          'half accumulate', 'half index', 'warp reduce', 'warp vote', 'warp match', 'warp shuffle', '__activemask',
          'collective, partial warp', 'collective, several warps', 'collective, group mask', 'collective result decides',
          'atomic _block', 'atomic _system', 'atomic_ref', 'atomic_ref local', 'cuda::atomic', 'atomic load',
          'memory_order_relaxed', 'block scope, several blocks', 'scoped counter']


def values_report(logdir):
    """values.cu's output (in plain.log): the header API's values on the GPU."""
    print('\n== values of the CUDA header API asserted on the GPU (values.cu)')
    fh = open_log(logdir, 'plain')
    if fh is None:
        print('  (no plain log)')
        return
    summary, bad = None, []
    with fh:
        for line in fh:
            if line.startswith('VALUES '):
                summary = line.strip()
            elif line.startswith(('VALUE_MISMATCH', 'VALUE_ERROR')):
                bad.append(line.strip())
    print('  ' + (summary or 'values.cu did not report (not compiled, or not run)'))
    for l in bad[:40]:
        print('   ', l)
    if len(bad) > 40:
        print(f'    ... and {len(bad) - 40} more')


def klass(c):
    e = c['expect']
    if e == 'racy':
        return 'racy/shared' if c.get('race_on_shared') else 'racy/global-' + (c.get('race_level') or '?')
    if e == 'divergent':
        return 'divergent'
    return 'drf'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('logdir')
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument('--cases', default='.gpu-crosscheck/cases.jsonl')
    ap.add_argument('--real', default='.gpu-crosscheck/real.tsv')
    ap.add_argument('--json', help='write the per-case outcome here')
    ap.add_argument('--show', type=int, default=40, help='cases listed per list (0: all)')
    args = ap.parse_args()

    cases = load_cases(args.cases)
    real = load_real(args.real)
    known = set(cases)
    section_names = {}
    for r in real:
        b = os.path.splitext(os.path.basename(r['file']))[0]
        known.add(b)
        known.add(r['kernel'].split('<')[0])
        section_names[b] = [b]
    known.update(SMOKE)
    section_names['smoke'] = list(SMOKE)
    # the real kernels' reports name the kernel, not the binary: map them
    alias = {}
    for r in real:
        b = os.path.splitext(os.path.basename(r['file']))[0]
        alias[r['kernel'].split('<')[0]] = b

    per = {m: collections.defaultdict(list) for m in ('racecheck', 'synccheck', 'plain')}
    marks = {}
    unattributed = collections.Counter()
    for mode in ('racecheck', 'synccheck', 'plain'):
        fh = open_log(args.logdir, mode)
        if fh is None:
            print(f'(no {mode} log in {args.logdir})')
            marks[mode] = {}
            continue
        with fh:
            reports, markers = parse_log(fh, mode, known, section_names)
        marks[mode] = markers
        for r in reports:
            case = alias.get(r.case, r.case)
            if case is None:
                unattributed[(mode, r.kind)] += 1
                continue
            per[mode][case].append(r)

    build = open_log(args.logdir, 'build')
    skipped, not_built = set(), []
    if build:
        with build:
            for line in build:
                m = re.match(r'^GX_SKIPPED (\S+) (\S+)', line)
                if m:
                    skipped.add(m.group(2))
                m = re.match(r'^GX_BUILD (\S+): (failed.*|timed out|no time left.*)', line)
                if m:
                    not_built.append(f'{m.group(1)}: {m.group(2)}')

    def rc_summary(rs):
        if not rs:
            return ''
        by = collections.Counter()
        for r in rs:
            if r.kind in ('hazard', 'race'):
                by[f'{r.severity}:{r.htype or r.kind}'] += r.hazards
            else:
                by[f'{r.kind}'] += 1
        return ', '.join(f'{k} x{v}' for k, v in sorted(by.items()))

    def libcu_atomic(r):
        # racecheck takes libcu++'s atomic stores (cuda::atomic_ref::store,
        # a strong st.relaxed or st.release, morally strong with the other
        # threads' atomics) for plain writes: a hazard whose every access is
        # one of them is no race under the PTX memory model
        acc = [ln for ln in r.lines if ACCESS_RE.search(ln)]
        return bool(acc) and all('__cuda_atomic' in ln for ln in acc)

    atomic_only = collections.Counter()

    def flags(name):
        rr = [r for r in per['racecheck'].get(name, []) if r.kind in ('hazard', 'race')]
        if any(libcu_atomic(r) for r in rr):
            atomic_only[name] += 1
        rr = [r for r in rr if not libcu_atomic(r)]
        sr = [r for r in per['synccheck'].get(name, []) if r.kind in ('barrier', 'other')]
        return rr, sr

    def ran(mode, name):
        return marks.get(mode, {}).get(name, collections.Counter())

    out = {}
    for name, c in cases.items():
        rr, sr = flags(name)
        out[name] = {
            'class': klass(c), 'expect': c['expect'], 'drfcheck': c['drfcheck'],
            'compiled': name not in skipped,
            'racecheck_ran': bool(ran('racecheck', name)['END']), 'synccheck_ran': bool(ran('synccheck', name)['END']),
            'plain': ','.join(k[7:] for k in ran('plain', name) if k.startswith('status:')) or
                     ('timeout' if ran('plain', name)['TIMEOUT'] else ''),
            'racecheck': bool(rr), 'racecheck_error': any(r.severity == 'error' for r in rr),
            'racecheck_summary': rc_summary(rr), 'synccheck': bool(sr), 'synccheck_summary': rc_summary(sr),
            'racecheck_lines': sorted({l for r in rr for l in r.locs if l[0].startswith(name)}),
            'synccheck_lines': sorted({l for r in sr for l in r.locs if l[0].startswith(name)}),
        }

    # ---- health ----
    print('== coverage')
    print(f'cases: {len(cases)}; dropped for nvcc errors: {len(skipped)}; files not built: {len(not_built)}')
    for nb in not_built:
        print('   ', nb)
    for mode in ('plain', 'racecheck', 'synccheck'):
        mk = marks.get(mode, {})
        gen = [n for n in cases if n in mk]
        tot = collections.Counter()
        for n in gen:
            tot.update(mk[n])
        print(f'{mode}: generated cases started {sum(1 for n in gen if mk[n]["CASE"])}, ended {sum(1 for n in gen if mk[n]["END"])}, '
              f'timeouts {tot["TIMEOUT"]}, context lost {tot["CONTEXT_LOST"]}, launch errors {tot["LAUNCH_ERROR"]}, '
              f'sync errors {tot["SYNC_ERROR"]}, alloc errors {tot["ALLOC_ERROR"]}')
    if unattributed:
        print('reports attributed to no case:', dict(unattributed))

    # ---- smoke ----
    print('\n== smoke tests (what each tool sees on this GPU)')
    for name, want in SMOKE.items():
        rr, sr = flags(name)
        print(f'  {name:16} want {want:70} | racecheck: {rc_summary(rr) or "-"} | synccheck: {rc_summary(sr) or "-"}'
              f' | ran: rc={ran("racecheck", name)["END"]} sc={ran("synccheck", name)["END"]}')

    # ---- tables ----
    def table(title, key):
        print(f'\n== {title}')
        rows = collections.OrderedDict()
        for name, o in out.items():
            k = key(name, o)
            row = rows.setdefault(k, collections.Counter())
            row['n'] += 1
            row['rc ran'] += o['racecheck_ran']
            row['rc any'] += o['racecheck']
            row['rc error'] += o['racecheck_error']
            row['sc ran'] += o['synccheck_ran']
            row['sc any'] += o['synccheck']
            row['drf:' + o['drfcheck']] += 1
        verdicts = sorted({k for r in rows.values() for k in r if k.startswith('drf:')})
        cols = ['n', 'rc ran', 'rc any', 'rc error', 'sc ran', 'sc any'] + verdicts
        w = max([len(str(k)) for k in rows] + [10])
        print(' ' * w + ' ' + ' '.join(f'{c:>13}' for c in cols))
        for k in sorted(rows, key=str):
            print(f'{str(k):{w}} ' + ' '.join(f'{rows[k][c]:>13}' for c in cols))

    table('per class (interpreter verdict, race on shared or global memory): racecheck (rc), synccheck (sc), drfcheck',
          lambda n, o: o['class'])
    table('per class and racecheck outcome (shared-memory hazard reported or not)',
          lambda n, o: f'{o["class"]} / rc={"yes" if o["racecheck"] else ("no" if o["racecheck_ran"] else "not run")}')
    table('per class and synccheck outcome',
          lambda n, o: f'{o["class"]} / sc={"yes" if o["synccheck"] else ("no" if o["synccheck_ran"] else "not run")}')

    # ---- the CUDA header API ----
    print('\n== per construct of the CUDA header API (a case counts under each of its constructs): class x racecheck, synccheck, drfcheck')
    header_names = [k for k in HEADER if any(k in c.get('constructs', []) for c in cases.values())]
    rows = collections.OrderedDict()
    for name, o in out.items():
        for k in cases[name].get('constructs', []):
            if k not in HEADER:
                continue
            row = rows.setdefault((k, o['class']), collections.Counter())
            row['n'] += 1
            row['rc any'] += o['racecheck']
            row['sc any'] += o['synccheck']
            row['drf:' + o['drfcheck']] += 1
    verdicts = sorted({k for r in rows.values() for k in r if k.startswith('drf:')})
    cols = ['n', 'rc any', 'sc any'] + verdicts
    print(' ' * 48 + ' '.join(f'{c:>13}' for c in cols))
    for k in header_names:
        for key in sorted(x for x in rows if x[0] == k):
            print(f'{key[0][:30]:30} {key[1]:17} ' + ' '.join(f'{rows[key][c]:>13}' for c in cols))
    values_report(args.logdir)

    def src_line(name, f, n):
        c = cases.get(name)
        if not c or not f.endswith('.cu'):
            return ''
        lines = c['source'].split('\n')
        i = n - 2  # line 1 of NAME.cu is "namespace NAME {"
        return lines[i].strip() if 0 <= i < len(lines) else ''

    def listing(title, names, why):
        print(f'\n== {title}: {len(names)}')
        shown = names if args.show == 0 else names[:args.show]
        for n in shown:
            o, c = out[n], cases[n]
            print(f'  {n} [{c["file"]} #{c["index"]}] {o["class"]}, drfcheck {o["drfcheck"]}'
                  f'{" " + str(c.get("drfcheck_arrays")) if c.get("drfcheck_arrays") else ""}; {why(n, o)}')
            if c.get('race'):
                print(f'      interpreter: {c["race"]}')
            for f, ln in (o['racecheck_lines'] + o['synccheck_lines'])[:6]:
                print(f'      {f}:{ln}: {src_line(n, f, ln)}')
            print(f'      launch {c["block"]}x{c["grid"]}; drfcheck {c.get("drfcheck_flags", "")}')
        if len(names) > len(shown):
            print(f'  ... and {len(names) - len(shown)} more (--show 0 lists all)')

    print(f'== cases whose racecheck hazards are all between libcu++ atomic stores (not races, left out below): {len(atomic_only)}')
    for n in sorted(atomic_only):
        print(f'  {n}')
    print()
    missed = [n for n, o in out.items() if (o['racecheck'] or o['synccheck']) and o['drfcheck'] == 'drf']
    listing('racecheck or synccheck reports a problem, drfcheck says DRF (missed races)', missed,
            lambda n, o: f'racecheck: {o["racecheck_summary"] or "-"}; synccheck: {o["synccheck_summary"] or "-"}')
    blind = [n for n, o in out.items() if o['racecheck'] and o['expect'] == 'drf']
    listing('racecheck reports a shared-memory hazard, the interpreter says race-free (blind spots of the oracle)', blind,
            lambda n, o: f'racecheck: {o["racecheck_summary"]}')
    sblind = [n for n, o in out.items() if o['synccheck'] and o['expect'] != 'divergent']
    listing('synccheck reports an error, the interpreter says not divergent', sblind,
            lambda n, o: f'synccheck: {o["synccheck_summary"]}')
    unseen = [n for n, o in out.items() if o['class'] == 'racy/shared' and o['racecheck_ran'] and not o['racecheck']]
    listing('the interpreter races on __shared__, racecheck ran the case and reported nothing', unseen,
            lambda n, o: 'racecheck: -')
    dunseen = [n for n, o in out.items() if o['expect'] == 'divergent' and o['synccheck_ran'] and not o['synccheck']]
    listing('the interpreter finds barrier divergence, synccheck ran the case and reported nothing', dunseen,
            lambda n, o: 'synccheck: -')

    other = []
    for n in cases:
        errs = [r for m in ('racecheck', 'synccheck', 'plain') for r in per[m].get(n, []) if r.kind in ('memory', 'api')]
        if errs:
            other.append(n)
            out[n]['other_errors'] = rc_summary(errs)
    listing('memory or CUDA API errors reported by a sanitizer (a harness or generator problem, or a real fault)', other,
            lambda n, o: o.get('other_errors', ''))

    # ---- real kernels ----
    if real:
        print('\n== real kernels (hand-written harnesses): racecheck, synccheck, drfcheck (exit 0 DRF, 1 race, 2 error, 3 unknown)')
        for r in real:
            b = os.path.splitext(os.path.basename(r['file']))[0]
            rr, sr = flags(b)
            st = 'ran' if ran('racecheck', b)['END'] else 'NOT RUN'
            print(f'  {b:38} racecheck ({st}): {rc_summary(rr) or "-":40} synccheck: {rc_summary(sr) or "-":20} '
                  f'drfcheck: exit {r.get("drfcheck_exit", "?")} {r.get("drfcheck_verdict", "")}')
            lines = sorted({l for x in rr + sr for l in x.locs})
            if lines:
                print(f'      at {", ".join(f"{f}:{n}" for f, n in lines[:8])}')
            out[b] = {'real': True, 'racecheck': bool(rr), 'racecheck_summary': rc_summary(rr),
                      'synccheck': bool(sr), 'synccheck_summary': rc_summary(sr),
                      'drfcheck_exit': r.get('drfcheck_exit'), 'racecheck_ran': bool(ran('racecheck', b)['END'])}

    if args.json:
        with open(args.json, 'w') as f:
            json.dump(out, f, indent=1, default=list)
        print(f'\nwrote {args.json}')


if __name__ == '__main__':
    main()
