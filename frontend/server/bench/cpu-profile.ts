/**
 * A CPU profile of this process (the shop, in `bench:orders`) over a stretch of work, summed by package: each npm
 * package under node_modules and each of our workspaces, with the time spent in Node's own JavaScript (`node:`
 * modules) and in native code (a socket's `writev`, hashing) counted for the package that called into Node (pg's
 * statements written to its socket are pg's; Fastify's replies are fastify's), and the rest as V8 names it: the
 * garbage collector, '(program)' (native work V8 attributes to no function), and 'node internals' for Node's own
 * work that no package asked for (timers, the HTTP parser's callbacks). Time idle and the profiler's own work (the
 * inspector call that stops it) are left out, so the shares are of the CPU the shop used. Taken with `node:inspector`
 * in this process: sampling every 1 ms costs a little CPU of its own, so the bench profiles a phase of its own and
 * measures none with it.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { relative, sep } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Our workspaces, as the root package.json lists them. */
const WORKSPACES: readonly string[] = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')).workspaces;

const NODE = 'node internals';
const NATIVE = '(native)';
const LEFT_OUT = new Set(['(idle)', '(profiler)']);

/** The package a script belongs to: the last node_modules' package, our workspace, Node's own, or a kind of native work. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : NATIVE;
  if (url === 'node:inspector' && functionName === 'post') return '(profiler)';
  if (url.startsWith('node:')) return NODE;
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  const modules = path.lastIndexOf(`${sep}node_modules${sep}`);
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + '/node_modules/'.length).split(sep);
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? '?');
  }
  const inRepo = relative(REPO_ROOT, path).split(sep).join('/');
  const workspace = WORKSPACES.find((dir) => inRepo.startsWith(`${dir}/`));
  return workspace ? `ours: ${workspace}` : inRepo.startsWith('..') ? path : `ours: ${inRepo}`;
}

export interface CpuShare {
  name: string;
  ms: number;
  share: number;
}

/**
 * Each node's owner: its own package, or for Node's JavaScript and native code the owner of its caller (the nearest
 * one that is a package or ours); what has no such caller keeps its own name. The profiler's call owns all below it.
 */
function ownersOf(nodes: readonly ProfileNode[]): Map<number, string> {
  const parentOf = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const owners = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = owners.get(id);
    if (known !== undefined) return known;
    const { url, functionName } = byId.get(id)!.callFrame;
    const own = packageOf(url, functionName);
    const parent = parentOf.get(id);
    const callerOwner = parent === undefined ? null : ownerOf(parent);
    const owner =
      callerOwner === '(profiler)'
        ? callerOwner
        : (own === NODE || own === NATIVE) && callerOwner !== null && callerOwner !== '(root)'
          ? callerOwner
          : own;
    owners.set(id, owner);
    return owner;
  };
  for (const node of nodes) ownerOf(node.id);
  return owners;
}

/** Sums a profile's time by owning package (ownersOf), largest first; idle time and the profiler's own are left out. */
export function cpuByPackage(profile: Profile): { busyMs: number; idleMs: number; shares: CpuShare[] } {
  const owners = ownersOf(profile.nodes);
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, index) => {
    const name = owners.get(nodeId) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const idleMs = totals.get('(idle)') ?? 0;
  for (const name of LEFT_OUT) totals.delete(name);
  const busyMs = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
  const shares = [...totals]
    .map(([name, ms]) => ({ name, ms, share: ms / Math.max(busyMs, 1) }))
    .sort((a, b) => b.ms - a.ms);
  return { busyMs, idleMs, shares };
}

/**
 * The CPU time (user and system) the kernel has counted for this process's main thread, in ms, from Linux's
 * `/proc/self/task/<pid>/stat` (in 10 ms ticks); null where there is no such file. Unlike the profile's busy time,
 * it leaves out the time the thread was runnable but not running: on a loaded machine a socket write that wakes
 * PostgreSQL often hands the core over, and the profiler counts the wait as time spent in `writev`.
 */
function mainThreadCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Profiles this process while `work` runs, and measures its main thread's CPU time (null where unknown). */
export async function profileWhile<T>(
  work: () => Promise<T>,
): Promise<{ result: T; profile: Profile; mainThreadCpuMs: number | null }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1_000 });
    await session.post('Profiler.start');
    const cpuBefore = mainThreadCpuMs();
    const result = await work();
    const cpuAfter = mainThreadCpuMs();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    return { result, profile, mainThreadCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
  } finally {
    session.disconnect();
  }
}
