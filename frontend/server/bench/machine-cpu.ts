/**
 * Where the machine's CPU went over a stretch of work, from Linux's `/proc` (null elsewhere): this process (the shop,
 * every thread), PostgreSQL's processes, Redis, everything else (the bench's clients among it), and how much of the
 * cores stayed idle. So `bench:orders` shows whether a phase waits for the shop's event loop or for the machine.
 * Everything else is what the machine counted busy less the named processes, so a process that ends within the
 * stretch (the clients' child, a closed connection's backend) is counted there.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's counters (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Snapshot {
  at: number;
  /** Busy ticks of the whole machine (all cores), from /proc/stat. */
  machineBusy: number;
  /** Busy ticks by process id, with the process's command name. */
  processes: Map<number, { name: string; ticks: number }>;
}

function snapshot(): Snapshot {
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const processes = new Map<number, { name: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), { name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Ended between the listing and the read.
    }
  }
  return {
    at: performance.now(),
    machineBusy: user! + nice! + system! + irq! + softirq! + steal!,
    processes,
  };
}

export interface MachineCpu {
  cores: number;
  /** Each as a share of one core (100 % = one core busy for the whole stretch); `shop` is this process. */
  shop: number;
  postgres: number;
  redis: number;
  rest: number;
  idle: number;
}

/** Starts measuring; the function it answers ends the stretch and says where the CPU went (null where there is no /proc). */
export function startMachineCpu(): () => MachineCpu | null {
  let before: Snapshot;
  try {
    before = snapshot();
  } catch {
    return () => null;
  }
  return () => {
    const after = snapshot();
    const seconds = (after.at - before.at) / 1000;
    const share = (ticks: number) => (ticks / TICKS_PER_SECOND / seconds) * 100;
    const used = (matches: (pid: number, name: string) => boolean) => {
      let ticks = 0;
      for (const [pid, { name, ticks: now }] of after.processes)
        if (matches(pid, name)) ticks += now - (before.processes.get(pid)?.ticks ?? 0);
      return share(ticks);
    };
    const cores = cpus().length;
    const busy = share(after.machineBusy - before.machineBusy);
    const shop = used((pid) => pid === process.pid);
    const postgres = used((_pid, name) => name === 'postgres');
    const redis = used((_pid, name) => name === 'redis-server');
    return {
      cores,
      shop,
      postgres,
      redis,
      rest: Math.max(0, busy - shop - postgres - redis),
      idle: cores * 100 - busy,
    };
  };
}

/** One line: each part as a share of one core, e.g. "the shop 85 %, PostgreSQL 52 %, … idle 31 % (of 200 %…)". */
export function describeMachineCpu(cpu: MachineCpu | null): string {
  if (cpu === null) return 'not measured (no /proc)';
  const percent = (value: number) => `${value.toFixed(0)} %`;
  return (
    `the shop ${percent(cpu.shop)}, PostgreSQL ${percent(cpu.postgres)}, Redis ${percent(cpu.redis)}, ` +
    `the clients and the rest ${percent(cpu.rest)}, idle ${percent(cpu.idle)} (of ${cpu.cores * 100} %, one core = 100 %)`
  );
}
