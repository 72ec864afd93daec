/**
 * A thin top progress bar, the nprogress 0.2 algorithm with Docusaurus's settings
 * (behaviours B34–B36): no spinner, minimum 0.08, speed 200 ms, easing `ease`, a
 * trickle of random × 0.02 every 800 ms capped at 0.994; `done()` adds 0.3–0.8, sets 1,
 * holds for one `speed`, fades over another, then removes the bar.
 * Markup: `<div id="nprogress"><div class="bar" role="bar"><div class="peg">` and
 * `html.nprogress-busy` while shown; the look lives in templates/styles.css.
 */
export const PROGRESS = {
  minimum: 0.08,
  speed: 200,
  easing: 'ease',
  trickleRate: 0.02,
  trickleSpeed: 800,
  max: 0.994,
  delay: 200,
} as const;

const clamp = (n: number, lo: number, hi: number) => (n < lo ? lo : n > hi ? hi : n);

/** The next status after a trickle step, or after `done()`'s jump (pure, for tests). */
export function incremented(status: number, amount: number): number {
  return clamp(status + amount, 0, PROGRESS.max);
}

export interface ProgressBar {
  start(): void;
  done(): void;
  /** Current status: null when hidden. */
  status(): number | null;
}

export function createProgressBar(): ProgressBar {
  let status: number | null = null;
  const queue: Array<(next: () => void) => void> = [];
  const run = () =>
    queue[0]?.(() => {
      queue.shift();
      run();
    });
  const enqueue = (fn: (next: () => void) => void) => {
    queue.push(fn);
    if (queue.length === 1) run();
  };

  function render(): HTMLElement {
    let el = document.getElementById('nprogress');
    if (el) return el;
    document.documentElement.classList.add('nprogress-busy');
    el = document.createElement('div');
    el.id = 'nprogress';
    el.innerHTML = '<div class="bar" role="bar"><div class="peg"></div></div>';
    const bar = el.firstChild as HTMLElement;
    bar.style.transform = 'translate3d(-100%,0,0)';
    bar.style.transition = 'all 0s linear';
    document.body.appendChild(el);
    return el;
  }

  function remove() {
    document.documentElement.classList.remove('nprogress-busy');
    document.getElementById('nprogress')?.remove();
  }

  function set(n: number) {
    n = clamp(n, PROGRESS.minimum, 1);
    status = n === 1 ? null : n;
    const el = render();
    const bar = el.firstChild as HTMLElement;
    void el.offsetWidth; // commit the start position so the first move animates
    enqueue((next) => {
      bar.style.transform = `translate3d(${(n - 1) * 100}%,0,0)`;
      bar.style.transition = `all ${PROGRESS.speed}ms ${PROGRESS.easing}`;
      if (n !== 1) {
        setTimeout(next, PROGRESS.speed);
        return;
      }
      el.style.transition = 'none';
      el.style.opacity = '1';
      void el.offsetWidth;
      setTimeout(() => {
        el.style.transition = `all ${PROGRESS.speed}ms linear`;
        el.style.opacity = '0';
        setTimeout(() => {
          remove();
          next();
        }, PROGRESS.speed);
      }, PROGRESS.speed);
    });
  }

  function inc(amount: number) {
    if (status === null) start();
    else set(incremented(status, amount));
  }

  function start() {
    if (status !== null) return;
    set(0);
    const work = () =>
      setTimeout(() => {
        if (status === null) return;
        inc(Math.random() * PROGRESS.trickleRate);
        work();
      }, PROGRESS.trickleSpeed);
    work();
  }

  return {
    start,
    done() {
      if (status === null) return;
      inc(0.3 + 0.5 * Math.random());
      set(1);
    },
    status: () => status,
  };
}

/** B34: the bar starts only when a route change to another path takes longer than the delay. */
export interface RouteProgress {
  /** Route update: arm the start timer. */
  arm(): void;
  /** Content ready: cancel the timer (nothing shows if it had not fired). */
  clear(): void;
  /** Route did update: finish the bar if it started. */
  done(): void;
}

export function createRouteProgress(bar: ProgressBar = createProgressBar()): RouteProgress {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => clearTimeout(timer);
  return {
    arm() {
      clear();
      timer = setTimeout(bar.start, PROGRESS.delay);
    },
    clear,
    done: () => bar.done(),
  };
}
