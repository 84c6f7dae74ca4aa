import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyStore } from './key-store.ts';

/** What every KeyStore adapter must do; each adapter's test file runs it against a real server. */
export function keyStoreContract(name: string, open: () => Promise<KeyStore>): void {
  describe(`${name} key store (contract)`, () => {
    let keys: KeyStore;
    beforeAll(async () => {
      keys = await open();
    });
    afterAll(() => keys.close());

    it('makes a 32-byte key on first use and gives the same one afterwards, to concurrent first uses too', async () => {
      const owner = randomUUID();
      const first = await Promise.all(Array.from({ length: 8 }, () => keys.keyFor(owner)));
      expect(first[0]).toBeInstanceOf(Buffer);
      expect((first[0] as Buffer).length).toBe(32);
      for (const key of first) expect(key).toEqual(first[0]);
      expect(await keys.keyFor(owner)).toEqual(first[0]);
      expect(await keys.keyFor(randomUUID())).not.toEqual(first[0]);
    });

    it('looks keys up in bulk, leaving out owners without one', async () => {
      const [a, b, none] = [randomUUID(), randomUUID(), randomUUID()];
      const keyA = await keys.keyFor(a);
      await keys.keyFor(b);
      await keys.erase(b);
      const found = await keys.lookup([a, b, none]);
      expect([...found.keys()].sort()).toEqual([a, b].sort());
      expect(found.get(a)).toEqual(keyA);
      expect(found.get(b)).toBe('erased');
    });

    it('erases for good: the key is gone, erasing again changes nothing, and no new key is made', async () => {
      const owner = randomUUID();
      await keys.keyFor(owner);
      await keys.erase(owner);
      await keys.erase(owner);
      expect(await keys.keyFor(owner)).toBe('erased');
      expect((await keys.lookup([owner])).get(owner)).toBe('erased');
    });

    it('tombstones an owner who never had a key, so none is ever made for them', async () => {
      const owner = randomUUID();
      await keys.erase(owner);
      expect(await keys.keyFor(owner)).toBe('erased');
    });
  });
}
