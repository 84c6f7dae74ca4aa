/**
 * The container images, pinned in one place: the testcontainers suites (`*.containers.test.ts`,
 * `npm run test:containers`) start EventStoreDB and MongoDB from here, docker-compose.yml names the same tags
 * for its stores and Mailpit, and the CI workflow's `containers` job the PostgreSQL tag (the query API's run on
 * MongoDB keeps its events there; our machines run Debian's PostgreSQL 15). Unit tests fail when a tag in
 * docker-compose.yml or .github/workflows/ci.yml differs from this (`containers.unit.test.ts`,
 * `ci-workflow.unit.test.ts`).
 */
export const CONTAINER_IMAGES = {
  eventstore: 'eventstore/eventstore:24.10',
  mongo: 'mongo:8.0',
  redis: 'redis:7.4',
  mailpit: 'axllent/mailpit:v1.20.4',
  postgres: 'postgres:15.10',
} as const;

export type ContainerService = keyof typeof CONTAINER_IMAGES;
