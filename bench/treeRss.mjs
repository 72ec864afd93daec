// Peak resident memory of a whole process tree (generators spawn workers and child
// processes), sampled from /proc every 50 ms while the command runs.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

function childrenOf() {
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!map.has(ppid)) map.set(ppid, []);
      map.get(ppid).push(Number(name));
    } catch {
      // the process ended while the list was read
    }
  }
  return map;
}

function treeRssKb(root) {
  const kids = childrenOf();
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch {
      // the process ended while the tree was walked
    }
    stack.push(...(kids.get(pid) ?? []));
  }
  return total;
}

/** Runs a command; resolves with { seconds, peakMiB, code, output }. */
export function measure(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output = (output + d).slice(-20000)));
    child.stderr.on('data', (d) => (output = (output + d).slice(-20000)));
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(child.pid))), 50);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ seconds: (performance.now() - t0) / 1000, peakMiB: peak / 1024, code, output });
    });
  });
}
