import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const port = source('./port.ts');
const contract = source('./event-store.contract.ts');

/** The members of `export interface <name> { … }` in port.ts: methods and option fields alike. */
function membersOf(name: string): string[] {
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(port)?.[1];
  if (!body) throw new Error(`port.ts has no interface ${name}`);
  return [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??[(:]/gm)].map((match) => match[1]!);
}

/**
 * Every capability of the EventStore port (each method, each option of reads and subscriptions, each form of
 * expected revision) is exercised by the contract, which both adapters run: PostgreSQL here and EventStoreDB,
 * alone and under the personal-data store, in `npm run test:containers`. A capability added to the port
 * without a contract test fails here.
 */
describe('the event-store contract covers the whole port', () => {
  it('calls every method of EventStore', () => {
    const methods = membersOf('EventStore');
    expect(methods).toEqual(
      expect.arrayContaining([
        'append',
        'readStream',
        'readAll',
        'subscribe',
        'headPosition',
        'checkPosition',
        'close',
      ]),
    );
    for (const method of methods) expect(contract, method).toMatch(new RegExp(`store\\.${method}\\(`));
  });

  it('uses every option of readStream, readAll and subscribe', () => {
    for (const options of ['ReadStreamOptions', 'ReadAllOptions', 'SubscribeOptions']) {
      const fields = membersOf(options);
      expect(fields.length, options).toBeGreaterThan(0);
      for (const field of fields) expect(contract, `${options}.${field}`).toMatch(new RegExp(`\\b${field}(: |,| \\})`));
    }
  });

  it('appends with every form of expected revision, and several events at once', () => {
    const forms = [...(/export type ExpectedRevision = ([^;]+);/.exec(port)?.[1] ?? '').matchAll(/'(\w+)'/g)].map(
      (match) => match[1]!,
    );
    expect(forms).toEqual(['no_stream', 'exists', 'any']);
    for (const form of forms) expect(contract, form).toContain(`expectedRevision: '${form}'`);
    expect(contract).toMatch(/expectedRevision: \d/);
    expect(contract).toMatch(/store\.append\([^;]*range\(\w+\)\.map/);
  });

  it('is run against EventStoreDB, bare and as production wraps it', () => {
    expect(source('./eventstoredb/eventstoredb-event-store.containers.test.ts')).toMatch(
      /eventStoreContract\('EventStoreDB', /,
    );
    expect(source('./personal-data/eventstoredb-personal-data.containers.test.ts')).toMatch(
      /eventStoreContract\('EventStoreDB \+ personal data', /,
    );
  });
});
