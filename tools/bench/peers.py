#!/usr/bin/env python3
"""Skiff against the floor of its stack (a bare GTK 4 window holding one WebKit view) and, when it is
installed, GNOME Web, through one scenario driven from outside with real input, under its own Xvfb.

Each contender, in alternating order run by run, opens the same long page from a loopback server at
1280x800; start-up is exec -> first painted frame and exec -> page title in the window title; then
xdotool turns the wheel N notches at ~60 a second while frame-log.so (LD_PRELOAD) records every frame
of the UI process. Medians over the runs are printed as a Markdown table with Skiff's ratios.

  tools/bench/peers.py --skiff .build/release/skiff --runs 4 [--renderer gl] [--tabs 20]
  tools/bench/peers.py --skiff .build/release/skiff --runs 15 --only skiff --only floor --startup-only
Needs xvfb, xdotool, dbus-daemon and gcc with libwebkitgtk-6.0-dev (tools/setup.sh --test installs them).
"""
import argparse, glob, http.server, os, re, shutil, signal, statistics, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE_TITLE = 'Skiff scroll bench'

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument('--skiff', required=True, help='the skiff binary to measure')
ap.add_argument('--runs', type=int, default=4)
ap.add_argument('--renderer', choices=['cairo', 'gl', 'default'], default='cairo',
                help='GSK_RENDERER for every contender; default: unset, so each picks its own (Skiff: docs/rendering.md)')
ap.add_argument('--notches', type=int, default=300)
ap.add_argument('--tabs', type=int, default=0, help='then open this many tabs (Ctrl+T, address, Return) and sum memory')
ap.add_argument('--only', action='append', choices=['skiff', 'floor', 'web'])
ap.add_argument('--env', action='append', default=[], metavar='NAME=VALUE',
                help='set this in every contender\'s environment (e.g. the same malloc tunables for all)')
ap.add_argument('--shader-cache', choices=['cold', 'warm'], default='cold',
                help='cold: every launch compiles its GL shaders anew (a first launch); warm: each contender keeps '
                     'its own Mesa shader cache, filled by one unmeasured launch first (every later launch)')
ap.add_argument('--startup-only', action='store_true',
                help='measure start-up only (first frame, page title): no scrolling, no memory; many runs in little time')
ap.add_argument('--build-dir', default='.build/perf')
args = ap.parse_args()

def build_helpers():
    os.makedirs(args.build_dir, exist_ok=True)
    so, floor = os.path.join(args.build_dir, 'frame-log.so'), os.path.join(args.build_dir, 'floor-webkit')
    subprocess.check_call('gcc -O2 -shared -fPIC -o %s %s/frame-log.c $(pkg-config --cflags --libs gobject-2.0) -ldl'
                          % (so, HERE), shell=True)
    subprocess.check_call('gcc -O2 -o %s %s/floor-webkit.c $(pkg-config --cflags --libs webkitgtk-6.0)' % (floor, HERE), shell=True)
    return os.path.abspath(so), os.path.abspath(floor)

def page_html():
    body = ''.join('<h3>Section %d</h3><p>Paragraph %d of a long page: the benchmark turns the wheel over it '
                   'while every frame of the browser is timed.</p>' % (i, i) for i in range(400))
    return ('<!doctype html><html><head><meta charset="utf-8"><title>%s</title></head><body>%s</body></html>'
            % (PAGE_TITLE, body)).encode()

class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        data = page_html()
        self.send_response(200)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def log_message(self, *a): pass

children = []
def spawn(cmd, **kw):
    quiet = None if os.environ.get('SKIFF_PEERS_VERBOSE') else subprocess.DEVNULL
    p = subprocess.Popen(cmd, stdout=quiet, stderr=quiet, start_new_session=True, **kw)
    children.append(p)
    return p
def stop(p):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try: os.killpg(p.pid, sig)
        except ProcessLookupError: return
        try: p.wait(timeout=2); return
        except subprocess.TimeoutExpired: pass
def stop_all(*_):
    for p in children: stop(p)

def start_display(work):
    for n in range(150 + os.getpid() % 50, 260):
        if not os.path.exists('/tmp/.X11-unix/X%d' % n) and not os.path.exists('/tmp/.X%d-lock' % n): break
    spawn(['Xvfb', ':%d' % n, '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'])
    for _ in range(200):
        if os.path.exists('/tmp/.X11-unix/X%d' % n): break
        time.sleep(0.025)
    # A session bus on which nothing can be started: no portal or accessibility services, which
    # would otherwise stall GTK's start-up differently for each contender.
    services = os.path.join(work, 'services'); os.makedirs(services)
    conf = os.path.join(work, 'bus.conf')
    open(conf, 'w').write('<busconfig><type>session</type><listen>unix:tmpdir=%s</listen><auth>EXTERNAL</auth>'
                          '<servicedir>%s</servicedir><policy context="default"><allow send_destination="*" eavesdrop="true"/>'
                          '<allow eavesdrop="true"/><allow own="*"/></policy></busconfig>' % (work, services))
    bus = subprocess.Popen(['dbus-daemon', '--config-file=' + conf, '--print-address', '--nofork'],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    children.append(bus)
    return ':%d' % n, bus.stdout.readline().strip()

def xdo(*a):
    return subprocess.run(['xdotool'] + [str(x) for x in a], capture_output=True, text=True).stdout.strip()

def process_tree(root):
    parents = {}
    for stat in glob.glob('/proc/[0-9]*/stat'):
        try: parents[int(stat.split('/')[2])] = int(open(stat).read().rsplit(') ', 1)[1].split()[1])
        except (OSError, IndexError, ValueError): pass
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        tree += frontier
    return tree

def memory_mb(pids):
    rss = pss = 0
    for pid in pids:
        try:
            for line in open('/proc/%d/smaps_rollup' % pid):
                if line.startswith('Rss:'): rss += int(line.split()[1])
                elif line.startswith('Pss:'): pss += int(line.split()[1])
        except OSError: pass
    return rss / 1024, pss / 1024

def frames(path, start=0.0, end=float('inf')):
    out = []
    if os.path.exists(path):
        for line in open(path):
            f = line.split()
            if len(f) == 4 and f[0] == 'frame' and start <= float(f[1]) <= end:
                out.append((float(f[1]), float(f[2]), float(f[3])))
    return out

def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float('nan')

def sandbox_works():
    return shutil.which('bwrap') and subprocess.run(['bwrap', '--unshare-all', '--die-with-parent', '--ro-bind', '/', '/', 'true'],
                                                    capture_output=True).returncode == 0

def one_run(kind, url, env_base, work, so, floor, warm_up=False):
    profile = tempfile.mkdtemp(dir=work)
    log = os.path.join(profile, 'frames.log')
    env = dict(env_base, LD_PRELOAD=so, SKIFF_FRAME_LOG=log, XDG_DATA_HOME=profile + '/data',
               XDG_CONFIG_HOME=profile + '/config', XDG_CACHE_HOME=profile + '/cache')
    cmd = {'skiff': [args.skiff, '--private', '--window-size', '1280x800', url],
           'floor': [floor, url],
           'web': ['epiphany', '--private-instance', url]}[kind]
    exec_ms = time.monotonic() * 1000
    p = spawn(cmd, env=env)
    window, title_ms = None, None
    deadline = time.monotonic() + 40
    # One contender runs at a time, so the window showing the page's title is this one's.
    while time.monotonic() < deadline and title_ms is None:
        found = xdo('search', '--onlyvisible', '--name', PAGE_TITLE).split()
        if found:
            window, title_ms = found[-1], time.monotonic() * 1000
        time.sleep(0.01)
    result = {}
    shown = frames(log)
    if shown: result['first frame (ms)'] = shown[0][0] - exec_ms
    if title_ms is None:
        stop(p)
        return None
    result['page title (ms)'] = title_ms - exec_ms
    if args.startup_only and not warm_up:
        stop(p)
        time.sleep(0.5)
        return result
    if warm_up:
        time.sleep(3)   # Mesa writes its shader cache from a thread of its own: let it finish
        stop(p)
        return result
    xdo('windowmove', window, 0, 0); xdo('windowsize', window, 1280, 800)
    time.sleep(2.0)
    xdo('mousemove', 640, 450); time.sleep(0.4)
    start = time.monotonic() * 1000
    xdo('click', '--repeat', args.notches, '--delay', 16, 5)
    end = time.monotonic() * 1000
    time.sleep(0.3)
    scrolled = frames(log, start, end + 100)
    if len(scrolled) > 5:
        work_ms = [f[2] for f in scrolled]
        gaps = [f[1] for f in scrolled[1:]]
        result['scroll work p50 (ms)'] = percentile(work_ms, 50)
        result['scroll work p95 (ms)'] = percentile(work_ms, 95)
        result['frames later than 20 ms (%)'] = 100.0 * sum(1 for g in gaps if g > 20) / len(gaps)
        result['frames per second'] = len(scrolled) / ((end - start) / 1000)
    result['RSS, 1 tab (MB)'], result['PSS, 1 tab (MB)'] = memory_mb(process_tree(p.pid))
    if args.tabs > 1 and kind != 'floor':
        for i in range(2, args.tabs + 1):
            xdo('key', '--window', window, 'ctrl+t'); time.sleep(0.8)
            xdo('type', '--delay', 5, '%s?tab=%d' % (url, i)); xdo('key', 'Return'); time.sleep(1.2)
        time.sleep(5)
        result['RSS, %d tabs (MB)' % args.tabs], result['PSS, %d tabs (MB)' % args.tabs] = memory_mb(process_tree(p.pid))
    stop(p)
    time.sleep(0.5)
    return result

def main():
    if not os.access(args.skiff, os.X_OK): sys.exit('peers.py: %s is not an executable skiff' % args.skiff)
    for tool in ('Xvfb', 'xdotool', 'dbus-daemon', 'gcc'):
        if not shutil.which(tool): sys.exit('peers.py: %s is missing (tools/setup.sh --test installs it)' % tool)
    so, floor = build_helpers()
    kinds = [k for k in ('skiff', 'floor', 'web') if not args.only or k in args.only]
    if 'web' in kinds and not shutil.which('epiphany'):
        print('GNOME Web (epiphany-browser) is not installed: measuring Skiff and the floor only.')
        kinds.remove('web')
    work = tempfile.mkdtemp(prefix='skiff-peers-')
    signal.signal(signal.SIGTERM, lambda *_: (stop_all(), sys.exit(1)))
    try:
        display, bus = start_display(work)
        os.environ['DISPLAY'] = display   # for xdotool
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Page)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = 'http://127.0.0.1:%d/' % server.server_address[1]
        env = dict(os.environ, DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=bus, GSK_RENDERER=args.renderer,
                   NO_AT_BRIDGE='1', GTK_A11Y='none', GIO_USE_PROXY_RESOLVER='dummy', GSETTINGS_BACKEND='memory')
        env.pop('WAYLAND_DISPLAY', None)
        if args.renderer == 'default': env.pop('GSK_RENDERER', None)
        if args.renderer == 'gl': env['LIBGL_ALWAYS_SOFTWARE'] = '1'
        if not sandbox_works(): env['WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS'] = '1'
        for setting in args.env:
            name, _, value = setting.partition('=')
            env[name] = value
        if args.shader_cache == 'warm':
            for kind in kinds:
                env_kind = dict(env, MESA_SHADER_CACHE_DIR=os.path.join(work, 'shaders-' + kind))
                one_run(kind, url, env_kind, work, so, floor, warm_up=True)
        results = {k: [] for k in kinds}
        for run in range(args.runs):
            for kind in (kinds if run % 2 == 0 else kinds[::-1]):
                env_kind = dict(env, MESA_SHADER_CACHE_DIR=os.path.join(work, 'shaders-' + kind)) if args.shader_cache == 'warm' else env
                r = one_run(kind, url, env_kind, work, so, floor) or one_run(kind, url, env_kind, work, so, floor)
                if r is None:
                    print('%s: the page never showed, twice; left out of run %d' % (kind, run + 1)); continue
                results[kind].append(r)
                print('run %d %s: %s' % (run + 1, kind, ', '.join('%s %.1f' % kv for kv in r.items())), flush=True)
    finally:
        stop_all()
        shutil.rmtree(work, ignore_errors=True)
    figures = []
    for r in sum(results.values(), []):
        for key in r:
            if key not in figures: figures.append(key)
    others = [k for k in kinds if k != 'skiff']
    names = {'skiff': 'Skiff', 'floor': 'bare GTK 4 + WebKit', 'web': 'GNOME Web'}
    print('\nrenderer: %s, %d runs, medians, %s shader cache%s' % (args.renderer, args.runs, args.shader_cache, ''.join(', ' + e for e in args.env)))
    print('| figure | %s |%s' % (' | '.join(names[k] for k in kinds), ''.join(' Skiff / %s |' % names[k] for k in others)))
    print('|---|%s' % ('---|' * (len(kinds) + len(others))))
    for key in figures:
        med = {k: statistics.median([r[key] for r in results[k] if key in r]) if any(key in r for r in results[k]) else None for k in kinds}
        cells = ' | '.join('—' if med[k] is None else '%.1f' % med[k] for k in kinds)
        ratios = ''.join(' %s |' % ('—' if not med.get('skiff') or not med[k] else '%.2f' % (med['skiff'] / med[k])) for k in others)
        print('| %s | %s |%s' % (key, cells, ratios))

main()
