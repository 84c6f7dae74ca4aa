// `npm test`: everything the test suites need on a fresh machine of this kind, then every suite.
// Ends with a plain "N passed, N failed, N skipped" line (vitest's own summary is not read by CI).
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (command) => execSync(command, { stdio: 'inherit', shell: '/bin/bash' });
const answers = (command) => spawnSync('bash', ['-c', command], { stdio: 'ignore' }).status === 0;

if (!answers('pg_isready -q -h 127.0.0.1 -p 5432')) {
  console.log('PostgreSQL is down: starting it');
  run('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start');
}
if (!answers('redis-cli -h 127.0.0.1 -p 6379 ping')) {
  console.log('Redis is down: starting it');
  run(
    'mkdir -p /var/lib/redis /var/log/redis && redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  );
}
if (!existsSync('/usr/bin/chromium')) {
  console.log("Chromium is missing (browser tests need it): installing Debian's package");
  run(
    '(apt-get install -y chromium || (apt-get update && apt-get install -y chromium)) > /tmp/chromium-install.log 2>&1',
  );
}
run('npm run build -w @labshop/frontend --silent');

// The browser journeys run one file at a time (each drives Chromium against a shop of its own); the services'
// files run two at a time. Vitest runs its projects one after the other, so each project gets a process of its
// own and both run side by side: the suite takes as long as the longer of the two, not their sum.
const reports = mkdtempSync(join(tmpdir(), 'labshop-test-'));
const runProject = (project) =>
  new Promise((resolve) => {
    const report = join(reports, `${project}.json`);
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        `--project=${project}`,
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit' },
    );
    child.on('exit', (status) => resolve({ project, status, report }));
  });
const runs = await Promise.all(['services', 'browser'].map(runProject));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { project, status, report } of runs) {
  if (!existsSync(report)) {
    console.log(`\n${project}: vitest wrote no report (exit status ${status})`);
    failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const failedFiles = results.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  passed += results.numPassedTests;
  failed += results.numFailedTests + failedFiles + (status !== 0 && results.numFailedTests + failedFiles === 0 ? 1 : 0);
  skipped += results.numPendingTests + results.numTodoTests;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
