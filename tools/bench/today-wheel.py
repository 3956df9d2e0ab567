#!/usr/bin/python3
"""Today scrolled with real wheel input, against the floor of plain card textures (card-floor.c).

Runs under an X display of at least 1280x800 (make bench starts a private Xvfb). For each renderer,
interleaved in the same minute: Skiff's Today with 100,000 generated cards, Skiff's Today with the
12-card sample feed, and card-floor (a GTK 4 list of card-sized textures). Each gets a 1280x800 window and
NOTCHES wheel notches from xdotool at about 60 a second; frame-log.so (LD_PRELOAD) writes each painted frame
of the process's GdkFrameClock. Prints one line per run and a table of medians with ratios.
work: before-paint -> after-paint of a frame; late: frame intervals over 20 ms; fps: frames painted while the
wheel turned, per second (until the last notch's frame was painted); cpu_per_frame: CPU ms (all threads) the process used while the wheel turned,
per frame painted (less sensitive than wall-clock figures to other work on a shared machine); cpu_scroll: the same
for the whole scroll (every program scrolls the same distance), meaningful only on a machine with CPU to spare —
on a saturated one every process gets the same share for the same time.
usage: today-wheel.py --skiff BIN --floor BIN --frame-log SO [--runs N] [--renderer gl --renderer cairo]
       [--variant 'NAME=VAR=VALUE[;VAR=VALUE]' | 'NAME=@BINARY' ...]   (extra Skiff runs with an environment
       variable set, or another build, for A/B)"""
import argparse, os, re, signal, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument('--skiff', required=True)
ap.add_argument('--floor', required=True)
ap.add_argument('--frame-log', required=True)
ap.add_argument('--runs', type=int, default=4)
ap.add_argument('--notches', type=int, default=300)
ap.add_argument('--delay', type=int, default=16, help='ms between notches (16: about 60 a second)')
ap.add_argument('--pattern', choices=['down', 'updown'], default='down',
                help='updown: 10 notches down, 10 up, over and over (the 12-card feed ends after ~20 notches down)')
ap.add_argument('--renderer', action='append', choices=['gl', 'cairo'])
ap.add_argument('--variant', action='append', default=[], help='NAME=VAR=VALUE[;VAR=VALUE]: another Skiff 100,000-card run with that environment; NAME=@BINARY: another build')
ap.add_argument('--no-sample', action='store_true', help='leave out the 12-card feed')
args = ap.parse_args()
renderers = args.renderer or ['gl', 'cairo']
work = tempfile.mkdtemp(prefix='today-wheel-')

feed = ['--private', '--section', 'today', '--window-size', '1280x800']
scenes = [('skiff 100k', [args.skiff] + feed + ['--generated-feed', '100000'], {}, 'skiff')]
if not args.no_sample:
    scenes.append(('skiff 12', [args.skiff] + feed, {}, 'skiff'))
for v in args.variant:
    name, assignments = v.split('=', 1)
    if assignments.startswith('@'):         # NAME=@BINARY: another build of Skiff (before/after a change)
        scenes.append((name, [assignments[1:]] + feed + ['--generated-feed', '100000'], {}, 'skiff'))
        continue
    extra = dict(a.split('=', 1) for a in assignments.split(';'))
    scenes.append((name, [args.skiff] + feed + ['--generated-feed', '100000'], extra, 'skiff'))
scenes.append(('floor', [args.floor, '100000'], {}, 'card-floor'))

def xdo(*a):
    return subprocess.run(['xdotool'] + list(a), capture_output=True, text=True).stdout.strip()

def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float('nan')

TICK_MS = 1000.0 / os.sysconf('SC_CLK_TCK')
def cpu_ms(pid):
    """CPU time (user + system, all threads: llvmpipe renders on its own) the process has used."""
    fields = open('/proc/%d/stat' % pid).read().rsplit(') ', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_MS

def last_frame_ms(log):
    last = 0.0
    for line in open(log) if os.path.exists(log) else []:
        m = re.match(r'frame ([\d.]+) ', line)
        if m: last = float(m.group(1))
    return last

def settle(log, quiet_ms=1000, limit_s=30):
    """Waits until no frame has been painted for quiet_ms (at least 2 s after the first frame)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        last = last_frame_ms(log)
        if last and time.monotonic() * 1000 - last > quiet_ms: return
        time.sleep(0.2)

def one(renderer, scene):
    name, cmd, extra, cls = scene
    log = os.path.join(work, '%s-%s-%d.log' % (renderer, name.replace(' ', '_'), time.monotonic_ns()))
    home = tempfile.mkdtemp(dir=work)
    env = dict(os.environ, GSK_RENDERER=renderer, LD_PRELOAD=args.frame_log, SKIFF_FRAME_LOG=log, GTK_A11Y='none',
               NO_AT_BRIDGE='1', LIBGL_ALWAYS_SOFTWARE='1', XDG_DATA_HOME=home + '/data',
               XDG_CONFIG_HOME=home + '/config', XDG_CACHE_HOME=home + '/cache', **extra)
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wid, deadline = None, time.monotonic() + 30
        while not wid and time.monotonic() < deadline:
            found = xdo('search', '--onlyvisible', '--classname', cls).split()
            wid = found[-1] if found else None
            time.sleep(0.05)
        if not wid:
            return {'error': 'no window'}
        xdo('windowmove', wid, '0', '0'); xdo('windowsize', wid, '1280', '800'); xdo('windowraise', wid)
        xdo('mousemove', '640', '400')
        settle(log)                           # start-up frames and the first pictures are done
        c0, t0 = cpu_ms(p.pid), time.monotonic() * 1000
        if args.pattern == 'down':
            xdo('click', '--repeat', str(args.notches), '--delay', str(args.delay), '5')
        else:
            for i in range(max(1, args.notches // 10)):
                xdo('click', '--repeat', '10', '--delay', str(args.delay), '5' if i % 2 == 0 else '4')
        settle(log)                           # a loaded machine may still be painting queued notches
        t1 = last_frame_ms(log)
        c1 = cpu_ms(p.pid)
    finally:
        try: os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError: pass
        try: p.wait(3)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL); p.wait()
    frames = []
    for line in open(log) if os.path.exists(log) else []:
        m = re.match(r'frame ([\d.]+) ([\d.]+) ([\d.]+)$', line)
        if m and t0 <= float(m.group(1)) <= t1:
            frames.append(tuple(float(g) for g in m.groups()))
    if len(frames) < 3:
        return {'error': 'only %d frames' % len(frames)}
    intervals, work_ms = [f[1] for f in frames[1:]], [f[2] for f in frames]
    return {'work_p50': pct(work_ms, 50), 'work_p95': pct(work_ms, 95), 'fps': len(frames) / ((t1 - t0) / 1000),
            'late_pct': 100.0 * sum(1 for i in intervals if i > 20) / len(intervals),
            'cpu_per_frame': (c1 - c0) / len(frames), 'cpu_scroll': c1 - c0}

keys = ['work_p50', 'work_p95', 'fps', 'late_pct', 'cpu_per_frame', 'cpu_scroll']
for renderer in renderers:
    results = {s[0]: [] for s in scenes}
    for run in range(args.runs):
        for scene in (scenes if run % 2 == 0 else scenes[::-1]):
            r = one(renderer, scene)
            if 'error' in r:
                print('%s %s: %s, once more' % (renderer, scene[0], r['error']), flush=True)
                r = one(renderer, scene)
            if 'error' not in r:
                results[scene[0]].append(r)
            print('%s run %d %-12s %s' % (renderer, run + 1, scene[0], ' '.join('%s=%.1f' % (k, r[k]) for k in keys if k in r) or r.get('error')), flush=True)
    med = {n: {k: statistics.median([r[k] for r in rs]) for k in keys} for n, rs in results.items() if rs}
    names = [s[0] for s in scenes if s[0] in med]
    ratios = [(n, 'floor') for n in names if n != 'floor' and 'floor' in med]
    if 'skiff 100k' in med and 'skiff 12' in med:
        ratios.append(('skiff 100k', 'skiff 12'))
    print('\nToday, %s renderer, 1280x800, %d wheel notches (%s, %d ms apart), medians of %d interleaved runs' % (renderer, args.notches, args.pattern, args.delay, args.runs))
    print('| figure | ' + ' | '.join(names) + ' |' + ''.join(' %s / %s |' % r for r in ratios))
    print('|---' * (1 + len(names) + len(ratios)) + '|')
    for k in keys:
        row = ' | '.join('%.1f' % med[n][k] for n in names)
        rat = ''.join(' %.2f |' % (med[a][k] / med[b][k]) if med[b][k] else ' — |' for a, b in ratios)
        print('| %s | %s |%s' % (k, row, rat))
    print(flush=True)
