import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const claims = { role: 'customer' as const, sub: 'c-1', email: 'c@example.com' };

describe('session tokens', () => {
  it('keep answering as checked the first time, until they expire', async () => {
    const tokens = createTokenService(secret);
    // exp counts whole seconds from a whole-second iat, so '2s' leaves at least one second to check it in.
    const token = await tokens.sign(claims, '2s');
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    expect(await tokens.verify(token)).toBe('expired');
  });

  it('refuse a token altered after a good one was checked, and a token of another secret', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign(claims, '1h');
    expect(await tokens.verify(token)).toMatchObject(claims);
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(altered)).toBe('invalid');
    expect(await createTokenService(`${secret}-other`).verify(token)).toBe('invalid');
  });

  it('check the session of a remembered token on every use', async () => {
    let generation = 0;
    const tokens = createTokenService(secret, async () => ({ generation, signedOut: new Set() }));
    const token = await tokens.sign(claims, '1h');
    expect(await tokens.verify(token)).toMatchObject(claims);
    generation = 1;
    expect(await tokens.verify(token)).toBe('expired');
  });

  it('take a token of a newer generation than this process has folded (signed by another instance after a reset)', async () => {
    const signer = createTokenService(secret, async () => ({ generation: 1, signedOut: new Set() }));
    const token = await signer.sign(claims, '1h');
    const lagging = createTokenService(secret, async () => ({ generation: 0, signedOut: new Set() }));
    expect(await lagging.verify(token)).toMatchObject(claims);
    const caughtUp = createTokenService(secret, async () => ({ generation: 2, signedOut: new Set() }));
    expect(await caughtUp.verify(token)).toBe('expired');
  });
});
