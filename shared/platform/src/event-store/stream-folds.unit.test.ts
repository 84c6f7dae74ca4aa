import { describe, expect, it } from 'vitest';
import { StreamFolds, type FollowedEvent } from './followed-in-memory.ts';

const counted = (stream: string, revision: number): FollowedEvent => ({ type: 'Counted', stream, revision, data: {} });
const tally = () =>
  new StreamFolds<string[], FollowedEvent>({
    initialState: () => [],
    evolve: (seen, event) => [...seen, `${event.revision}`],
  });

describe('StreamFolds', () => {
  it("takes this process's own append only as its stream's next event: a repeat or one past a gap changes nothing", () => {
    const folds = tally();
    expect(folds.state('s')).toEqual([]);
    expect(folds.revision('s')).toBe(-1);

    folds.apply(counted('s', 0), false);
    folds.apply(counted('s', 0), false);
    folds.apply(counted('s', 2), false);
    folds.apply(counted('s', 1), false);

    expect(folds.state('s')).toEqual(['0', '1']);
    expect(folds.revision('s')).toBe(1);
    expect(folds.state('other')).toEqual([]);
  });

  it('takes a later event in the log order past a gap (events of other types), never an earlier one', () => {
    const folds = tally();
    folds.apply(counted('s', 0), true);
    folds.apply(counted('s', 3), true);
    folds.apply(counted('s', 2), true);

    expect(folds.state('s')).toEqual(['0', '3']);
    expect(folds.revision('s')).toBe(3);
  });

  it('forgets a stream: its next event folds from the initial state', () => {
    const folds = tally();
    folds.apply(counted('s', 0), true);
    folds.forget('s');

    expect(folds.state('s')).toEqual([]);
    folds.apply(counted('s', 1), true);
    expect(folds.state('s')).toEqual(['1']);
  });
});
