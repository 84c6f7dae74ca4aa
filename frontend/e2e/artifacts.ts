import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Screenshots for a person to look at: gitignored, kept after the run (E2E_ARTIFACTS_DIR moves them). */
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? fileURLToPath(new URL('./artifacts/', import.meta.url));

export function artifactPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, name);
}
