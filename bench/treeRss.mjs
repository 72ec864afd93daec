// Peak resident memory and CPU time of a whole process tree (generators spawn workers and
// child processes), sampled from /proc every 50 ms while the command runs.
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

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * The tree's resident memory now (KiB), and each process's CPU time so far (user + system
 * of all its threads, seconds) into `cpu` by pid: a process's last sample is its total,
 * give or take one interval.
 */
function sampleTree(root, cpu) {
  const kids = childrenOf();
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are the 14th and 15th fields of the line (11th and 12th after the name).
      cpu?.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch {
      // the process ended while the tree was walked
    }
    stack.push(...(kids.get(pid) ?? []));
  }
  return total;
}

/**
 * Runs a command; resolves with { seconds, peakMiB, cpuSeconds, code, output }:
 * `cpuSeconds` is user + system time of every process of the tree, threads included.
 */
export function measure(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output = (output + d).slice(-20000)));
    child.stderr.on('data', (d) => (output = (output + d).slice(-20000)));
    let peak = 0;
    const cpu = new Map();
    const timer = setInterval(() => (peak = Math.max(peak, sampleTree(child.pid, cpu))), 50);
    child.on('close', (code) => {
      clearInterval(timer);
      const cpuSeconds = [...cpu.values()].reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - t0) / 1000;
      resolve({ seconds, peakMiB: peak / 1024, cpuSeconds, code, output });
    });
  });
}
