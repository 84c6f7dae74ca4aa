import { describe, expect, it } from 'vitest';
import { chunkBySize } from './append-chunks.ts';

describe('chunkBySize', () => {
  const length = (text: string) => text.length;

  it('keeps everything in one chunk when it fits', () => {
    expect(chunkBySize(['aa', 'bb', 'cc'], 6, length)).toEqual([['aa', 'bb', 'cc']]);
  });

  it('starts a new chunk before the budget would be exceeded, keeping order', () => {
    expect(chunkBySize(['aaa', 'bb', 'cc', 'd', 'eeee'], 5, length)).toEqual([['aaa', 'bb'], ['cc', 'd'], ['eeee']]);
  });

  it('sends an oversized item alone rather than dropping it', () => {
    expect(chunkBySize(['a', 'toolarge', 'b'], 4, length)).toEqual([['a'], ['toolarge'], ['b']]);
  });

  it('makes no chunks from nothing', () => {
    expect(chunkBySize([], 4, length)).toEqual([]);
  });
});
