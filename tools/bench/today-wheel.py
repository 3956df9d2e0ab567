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
on a saturated one every process gets the same share for the same time; rss_mb: the process's resident memory
after the scroll.

--scene fling: instead of wheel notches, REPEAT flings through about 2,000 cards each: the scrollbar's
thumb dragged by real pointer input (xdotool: press, five 3-px moves 20 ms apart, release), then
rest. Skiff writes a line each time its grid is drawn (SKIFF_TODAY_LOG: scroll offset, cards in the
viewport, how many of them show their picture); picture_ms is the time from the frame that painted
the scroll at rest to the frame that painted every card on screen with its picture (the issue: within
300 ms). --pictures N gives the generated feed N distinct picture files (links to the sample's, in a
private data directory), so the cards a fling lands on have pictures never decoded before.
--scene story: REPEAT times, a card's story opened by a real click and closed with Escape; frame work
and fps over the transitions' frames, against the floor's wheel scroll (the same frame targets).
usage: today-wheel.py --skiff-bench BIN --floor BIN --frame-log SO [--runs N] [--renderer gl --renderer cairo]
       [--scene wheel|fling|story] [--repeat N] [--pictures N] [--stored-articles N]
       [--variant 'NAME=VAR=VALUE[;VAR=VALUE]' | 'NAME=@BINARY' ...]   (extra Skiff runs with an environment
       variable set, or another build's skiff-bench, for A/B)"""
import argparse, os, re, signal, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument('--skiff-bench', required=True, help='the skiff-bench binary: its `app` command is Skiff on a generated feed')
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
ap.add_argument('--scene', choices=['wheel', 'fling', 'story'], default='wheel')
ap.add_argument('--repeat', type=int, default=5, help='flings or story openings per run')
ap.add_argument('--pictures', type=int, default=0, help='distinct picture files in the generated feed (0: the sample\'s)')
ap.add_argument('--no-floor', action='store_true', help='leave out card-floor')
ap.add_argument('--stored-articles', type=int, default=0,
                help='another Skiff run: Today on a feeds database of N stored articles (skiff-bench today-stored --seed-only)')
args = ap.parse_args()
renderers = args.renderer or ['gl', 'cairo']
work = tempfile.mkdtemp(prefix='today-wheel-')

feed = ['app', '--private', '--section', 'today', '--window-size', '1280x800']
scenes = [('skiff 100k', [args.skiff_bench] + feed + ['--generated-feed', '100000'], {}, 'skiff')]
if not args.no_sample:
    scenes.append(('skiff 12', [args.skiff_bench] + feed, {}, 'skiff'))
for v in args.variant:
    name, assignments = v.split('=', 1)
    if assignments.startswith('@'):         # NAME=@BINARY: another build of Skiff (before/after a change)
        scenes.append((name, [assignments[1:]] + feed + ['--generated-feed', '100000'], {}, 'skiff'))
        continue
    extra = dict(a.split('=', 1) for a in assignments.split(';'))
    scenes.append((name, [args.skiff_bench] + feed + ['--generated-feed', '100000'], extra, 'skiff'))
if args.stored_articles:
    # Issue 28: Today reading the user's subscriptions from SQLite (the newest 2,000 as cards) instead of
    # a generated feed; the database is seeded once, before the runs, and only read by them.
    database = os.path.join(work, 'stored.sqlite')
    subprocess.run([args.skiff_bench, 'today-stored', '--seed-only', database, '--articles', str(args.stored_articles)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    scenes.append(('skiff stored %dk' % (args.stored_articles // 1000), [args.skiff_bench] + feed + ['--feeds-database', database], {}, 'skiff'))
if not args.no_floor and args.scene != 'fling':
    scenes.append(('floor', [args.floor, '100000'], {}, 'card-floor'))

data_dir = None
if args.pictures:
    # A private copy of data/ (links) whose today/images holds N links to the sample's pictures under
    # distinct names: the texture cache keys pictures by path, so each is decoded and scaled anew.
    source_data = os.path.join(os.path.dirname(os.path.realpath(args.skiff_bench)), '..', '..', 'data')
    source_data = os.path.realpath(source_data if os.path.isdir(source_data) else 'data')
    data_dir = os.path.join(work, 'data')
    os.makedirs(os.path.join(data_dir, 'today', 'images'))
    for entry in os.listdir(source_data):
        if entry != 'today': os.symlink(os.path.join(source_data, entry), os.path.join(data_dir, entry))
    for entry in os.listdir(os.path.join(source_data, 'today')):
        if entry != 'images': os.symlink(os.path.join(source_data, 'today', entry), os.path.join(data_dir, 'today', entry))
    sample = sorted(f for f in os.listdir(os.path.join(source_data, 'today', 'images')) if f.endswith('.jpg'))
    for i in range(args.pictures):
        os.symlink(os.path.join(source_data, 'today', 'images', sample[i % len(sample)]),
                   os.path.join(data_dir, 'today', 'images', 'picture%05d.jpg' % i))
    os.symlink(os.path.join(source_data, 'today', 'images', 'profile.png'), os.path.join(data_dir, 'today', 'images', 'profile.png'))

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
    today_log = log + '.today'
    if data_dir and cls == 'skiff': extra = dict(extra, SKIFF_DATA_DIR=data_dir)
    env = dict(os.environ, GSK_RENDERER=renderer, LD_PRELOAD=args.frame_log, SKIFF_FRAME_LOG=log, SKIFF_TODAY_LOG=today_log, GTK_A11Y='none',
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
        if args.scene == 'fling' and cls == 'skiff':
            return fling(log, today_log)
        if args.scene == 'story' and cls == 'skiff':
            return story(p, log)
        c0, t0 = cpu_ms(p.pid), time.monotonic() * 1000
        if args.pattern == 'down':
            xdo('click', '--repeat', str(args.notches), '--delay', str(args.delay), '5')
        else:
            for i in range(max(1, args.notches // 10)):
                xdo('click', '--repeat', '10', '--delay', str(args.delay), '5' if i % 2 == 0 else '4')
        settle(log)                           # a loaded machine may still be painting queued notches
        t1 = last_frame_ms(log)
        c1 = cpu_ms(p.pid)
        rss = rss_mb(p.pid)
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
            'cpu_per_frame': (c1 - c0) / len(frames), 'cpu_scroll': c1 - c0, 'rss_mb': rss}

def rss_mb(pid):
    """The process's resident memory now, in MB (VmRSS)."""
    for line in open('/proc/%d/status' % pid):
        if line.startswith('VmRSS:'): return int(line.split()[1]) / 1024
    return 0.0

def frames_between(log, t0, t1):
    frames = []
    for line in open(log) if os.path.exists(log) else []:
        m = re.match(r'frame ([\d.]+) ([\d.]+) ([\d.]+)$', line)
        if m and t0 <= float(m.group(1)) <= t1:
            frames.append(tuple(float(g) for g in m.groups()))
    return frames

def painted(frame_ends, t):
    """The end of the first frame painted after t (what the grid drew at t reached the screen then)."""
    return next((end for end in frame_ends if end >= t), None)

# The scrollbar's thumb at the top of a 1280x800 window of 100,000 cards (its trough is the window's
# right edge, below the header bar); one pixel of thumb is about 130 cards.
THUMB_X, THUMB_Y = 1267, 75
FLING_STEPS, FLING_STEP_PX, FLING_STEP_MS = 5, 3, 20

def fling(log, today_log):
    """REPEAT drags of the thumb, each followed by rest; the time each took to show every picture."""
    latencies, travelled, y = [], [], THUMB_Y
    for _ in range(args.repeat):
        start = time.monotonic() * 1000
        xdo('mousemove', str(THUMB_X), str(y)); time.sleep(0.3)
        xdo('mousedown', '1')
        for _ in range(FLING_STEPS):
            time.sleep(FLING_STEP_MS / 1000); y += FLING_STEP_PX
            xdo('mousemove', str(THUMB_X), str(y))
        xdo('mouseup', '1')
        settle(log, quiet_ms=1500)
        grid = []
        for line in open(today_log) if os.path.exists(today_log) else []:
            m = re.match(r'grid ([\d.]+) ([\d.]+) (\d+) (\d+)$', line)
            if m and float(m.group(1)) >= start:
                grid.append((float(m.group(1)), float(m.group(2)), int(m.group(3)), int(m.group(4))))
        ends = [f[0] for f in frames_between(log, start, float('inf'))]
        if len(grid) < 2: continue
        rest = max(i for i in range(len(grid)) if i == 0 or grid[i][1] != grid[i - 1][1])
        ready = next((g for g in grid[rest:] if g[2] == g[3]), None)
        rest_painted = painted(ends, grid[rest][0])
        ready_painted = painted(ends, ready[0]) if ready else None
        latencies.append(ready_painted - rest_painted if ready_painted and rest_painted else float('inf'))
        travelled.append(abs(grid[-1][1] - grid[0][1]))
    if not latencies:
        return {'error': 'no fling drawn'}
    cards = [2 * t / 440 for t in travelled]        # two cards a row, 420 px rows 20 px apart
    return {'picture_ms_p50': statistics.median(latencies), 'picture_ms_max': max(latencies),
            'cards_per_fling': statistics.median(cards), 'flings': len(latencies)}

# A frame whose before-paint -> after-paint took less than this painted nothing (no widget had
# anything to redraw): empty frames measured 0.02-0.9 ms, frames of the transition 4 ms or more
# under cairo and 10 or more under GL (llvmpipe).
EMPTY_FRAME_MS = 1.0

def story(p, log):
    """REPEAT times: click the card under the window's centre (its story grows to fill the window),
    rest, Escape (it shrinks back), rest. Frames from each input to the last frame it caused that
    drew something."""
    work_ms, painted_frames, seconds, c = [], 0, 0.0, 0.0
    xdo('mousemove', '400', '300'); settle(log)
    for _ in range(args.repeat):
        for action in (('click', '1'), ('key', 'Escape')):
            c0, t0 = cpu_ms(p.pid), time.monotonic() * 1000
            xdo(*action)
            settle(log)
            # Only frames that drew something: after a transition the frame clock may tick on for
            # half a second with nothing to paint (the hidden card's press spring finishing), and
            # those empty frames, a varying number per run, would dilute the percentiles and pad
            # the frame rate.
            frames = [f for f in frames_between(log, t0, last_frame_ms(log)) if f[2] >= EMPTY_FRAME_MS]
            if not frames: continue
            t1 = frames[-1][0]
            if t1 <= t0: continue
            work_ms += [f[2] for f in frames]
            painted_frames += len(frames)
            seconds += (t1 - t0) / 1000
            c += cpu_ms(p.pid) - c0
    if painted_frames < 3:
        return {'error': 'the story did not move (%d frames)' % painted_frames}
    return {'work_p50': pct(work_ms, 50), 'work_p95': pct(work_ms, 95), 'fps': painted_frames / seconds,
            'cpu_per_frame': c / painted_frames}

keys = {'wheel': ['work_p50', 'work_p95', 'fps', 'late_pct', 'cpu_per_frame', 'cpu_scroll', 'rss_mb'],
        'fling': ['picture_ms_p50', 'picture_ms_max', 'cards_per_fling', 'flings'],
        'story': ['work_p50', 'work_p95', 'fps', 'cpu_per_frame']}[args.scene]
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
            print('%s run %d %-12s %s' % (renderer, run + 1, scene[0], ' '.join('%s=%.1f' % (k, r[k]) for k in sorted(r) if k != 'error') or r.get('error')), flush=True)
    med = {n: {k: statistics.median([r[k] for r in rs if k in r]) for k in keys if any(k in r for r in rs)} for n, rs in results.items() if rs}
    names = [s[0] for s in scenes if s[0] in med]
    ratios = [(n, 'floor') for n in names if n != 'floor' and 'floor' in med]
    if 'skiff 100k' in med and 'skiff 12' in med:
        ratios.append(('skiff 100k', 'skiff 12'))
    if args.scene == 'wheel':
        what = '%d wheel notches (%s, %d ms apart)' % (args.notches, args.pattern, args.delay)
    elif args.scene == 'fling':
        what = '%d thumb flings a run, %s' % (args.repeat, '%d distinct pictures' % args.pictures if args.pictures else 'the sample\'s 13 pictures')
    else:
        what = '%d story openings and closings a run (the floor: %d wheel notches)' % (args.repeat, args.notches)
    print('\nToday, %s renderer, 1280x800, %s, medians of %d interleaved runs' % (renderer, what, args.runs))
    print('| figure | ' + ' | '.join(names) + ' |' + ''.join(' %s / %s |' % r for r in ratios))
    print('|---' * (1 + len(names) + len(ratios)) + '|')
    for k in keys:
        row = ' | '.join('%.1f' % med[n][k] if k in med[n] else '—' for n in names)
        rat = ''.join(' %.2f |' % (med[a][k] / med[b][k]) if med[a].get(k) is not None and med[b].get(k) else ' — |' for a, b in ratios)
        print('| %s | %s |%s' % (k, row, rat))
    print(flush=True)
