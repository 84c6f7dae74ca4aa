/**
 * The container images of the production topology, pinned in one place: the testcontainers suites
 * (`*.containers.test.ts`, `npm run test:containers`) start these, and docker-compose.yml names the same
 * tags (a unit test, `container-images.unit.test.ts`, holds the two together).
 */
export const CONTAINER_IMAGES = {
  eventstore: 'eventstore/eventstore:24.10',
  mongo: 'mongo:8.0',
  redis: 'redis:7.4',
  mailpit: 'axllent/mailpit:v1.20.4',
} as const;

export type ContainerService = keyof typeof CONTAINER_IMAGES;
