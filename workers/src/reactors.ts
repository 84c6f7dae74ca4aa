import type { Reactor } from './reactor/reactor.ts';

/**
 * The reactors production runs. Each turns the events it cares about into jobs; the customer
 * emails (activation, password reset, welcome) join here with the customer accounts.
 */
export const reactors: readonly Reactor[] = [];
