/**
 * A CPU profile of this process (the shop, in `bench:orders`) over a stretch of work, summed by where the code comes
 * from: each npm package under node_modules, each of our workspaces, Node's own JavaScript (`node:` modules), the
 * garbage collector, and '(program)' (native work V8 does not attribute to a function: the C++ of bindings, the
 * parser and compiler). Time the process spent idle is left out, so the shares are of the CPU it used. Taken with
 * `node:inspector` in this process: sampling every 1 ms costs a little CPU of its own, so the bench profiles a phase
 * of its own and measures none with it.
 */
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { relative, sep } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKSPACES = [
  'shared/contracts',
  'shared/platform',
  'command-api',
  'query-api',
  'projectors',
  'workers',
  'frontend',
];

/** The package a script belongs to: the last node_modules' package, our workspace, or a kind of native work. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
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

/** Sums a profile's self time by package, largest first; idle time is left out. */
export function cpuByPackage(profile: Profile): { busyMs: number; idleMs: number; shares: CpuShare[] } {
  const packageOfNode = new Map(
    profile.nodes.map((node) => [node.id, packageOf(node.callFrame.url, node.callFrame.functionName)]),
  );
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, index) => {
    const name = packageOfNode.get(nodeId) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const idleMs = totals.get('(idle)') ?? 0;
  totals.delete('(idle)');
  const busyMs = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
  const shares = [...totals]
    .map(([name, ms]) => ({ name, ms, share: ms / Math.max(busyMs, 1) }))
    .sort((a, b) => b.ms - a.ms);
  return { busyMs, idleMs, shares };
}

/** Profiles this process while `work` runs. */
export async function profileWhile<T>(work: () => Promise<T>): Promise<{ result: T; profile: Profile }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1_000 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    return { result, profile };
  } finally {
    session.disconnect();
  }
}
