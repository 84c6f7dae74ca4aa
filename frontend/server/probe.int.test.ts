/**
 * The findings of a black-box probe (issue 11), each reproduced through the public port of the
 * whole one-process shop, as an outsider would send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '@labshop/platform/stores';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { deriveEmailTokenKey, emailToken, type EmailTokenPurpose } from '@labshop/platform/auth/email-tokens';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { startTestShop, type TestShop } from './testing/test-shop.ts';
import { createDetail, removeImage, uploadImage } from './testing/catalogue-files.ts';
import { rawRequest as rawRequestTo, type RawRequestOptions } from './testing/raw-request.ts';

const ADMIN = { email: 'owner@labshop.test', password: 'owner-password' };
let shop: TestShop;
let stores: Awaited<ReturnType<typeof openStores>>;

beforeAll(async () => {
  // The test process is the shop's proxy: each request names its own client, so the per-address limits of one test never refuse another's.
  shop = await startTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '127.0.0.1' });
  stores = await openStores(shop.config);
});
afterAll(async () => {
  await stores?.close();
  await shop?.stop();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever JSON the API answered
}

let clients = 0;
const nextClientAddress = () => `10.${(++clients >> 8) & 255}.${clients & 255}.1`;

async function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${shop.url}${path}`, {
    ...init,
    headers: {
      'x-forwarded-for': nextClientAddress(),
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

const registration = (email: string, changes: Record<string, unknown> = {}) => ({
  title: 'Ms',
  firstName: 'Ann',
  lastName: 'Lee',
  email,
  password: 'first-password',
  newsletter: false,
  terms: true,
  ...changes,
});

async function streamEvents(stream: string) {
  const events = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

/** The token the newest mail of this kind for `email` carries, as the worker derives it. */
async function mailedToken(email: string, purpose: EmailTokenPurpose): Promise<string> {
  const type = purpose === 'activation' ? 'ActivationTokenIssued' : 'PasswordResetRequested';
  // The global log shows an event once no older transaction can still commit before it: wait for it briefly.
  let tokenId: string | undefined;
  for (
    const deadline = Date.now() + 5_000;
    !tokenId && Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 50))
  ) {
    for await (const event of stores.eventStore.readAll({ types: [type] })) {
      if ((event.data as { email: string }).email === email) tokenId = (event.data as { tokenId: string }).tokenId;
    }
  }
  if (!tokenId) throw new Error(`no ${type} for ${email}`);
  return emailToken(deriveEmailTokenKey(await jwtSecret(shop.config)), purpose, tokenId);
}

async function registerAndActivate(email: string, password = 'first-password') {
  expect((await api('/api/auth/register', { method: 'POST', json: registration(email, { password }) })).status).toBe(
    201,
  );
  expect(
    (
      await api('/api/auth/activate-account', {
        method: 'POST',
        json: { email, token: await mailedToken(email, 'activation') },
      })
    ).status,
  ).toBe(200);
}

/** Until the detail read model has applied `position` (the admin's detail list waits for it). */
async function waitForDetails(client: { authorization: string }, filesPath: string, position: string) {
  const detailList = filesPath.replace(/\/[^/]+\/files$/, '');
  const answer = await api(detailList, {
    headers: { authorization: client.authorization, 'x-labshop-position': position },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-labshop-stale')).toBeNull();
}

async function adminAuthorization(credentials: { email: string; password: string } = ADMIN): Promise<string> {
  const login = await api('/api/admin/login', { method: 'POST', json: credentials });
  expect(login.status).toBe(200);
  return `Bearer ${login.body.token}`;
}

describe('finding 1: text a store cannot hold or a person cannot see', () => {
  const unstorable = { nul: 'An\u0000n', loneSurrogate: 'An\uD800n', loneLowSurrogate: '\uDC00Ann' };

  it('refuses NUL and lone surrogates in names with 400, and leaves no email reservation behind', async () => {
    for (const [kind, firstName] of Object.entries(unstorable)) {
      const email = `nul-${kind.toLowerCase()}@example.com`;
      const refused = await api('/api/auth/register', { method: 'POST', json: registration(email, { firstName }) });
      expect(refused.status, kind).toBe(400);
      expect(refused.body.fields).toEqual({ firstName: 'First name contains characters that are not allowed' });
      expect(await streamEvents(customerEmailStream(email)), kind).toEqual([]);
      // The email stays free: the owner registers with it at once.
      expect((await api('/api/auth/register', { method: 'POST', json: registration(email) })).status, kind).toBe(201);
    }
  });

  it('counts a name of invisible characters only as empty', async () => {
    for (const lastName of ['\u200B\u200B', '\u3164', '\u00AD\u200D', ' \uFEFF ']) {
      const refused = await api('/api/auth/register', {
        method: 'POST',
        json: registration('invisible@example.com', { lastName }),
      });
      expect(refused.status, JSON.stringify(lastName)).toBe(400);
      expect(refused.body.fields).toEqual({ lastName: 'Last name is required' });
    }
    expect(await streamEvents(customerEmailStream('invisible@example.com'))).toEqual([]);
    // Accents, other scripts and emoji (surrogate pairs) are ordinary text.
    const welcome = await api('/api/auth/register', {
      method: 'POST',
      json: registration('invisible@example.com', { firstName: 'Zoë 😀', lastName: '李小龍' }),
    });
    expect(welcome.status).toBe(201);
  });

  it('refuses them in passwords, admin names and rich text too, with 400 and no 500', async () => {
    const authorization = await adminAuthorization();
    for (const [kind, text] of Object.entries(unstorable)) {
      expect(
        (await api('/api/auth/login', { method: 'POST', json: { email: 'ann@example.com', password: `pass${text}` } }))
          .status,
        kind,
      ).toBe(400);
      expect(
        (await api('/api/admin/login', { method: 'POST', json: { email: ADMIN.email, password: `pass${text}` } }))
          .status,
        kind,
      ).toBe(400);
      const product = await api('/api/admin/catalogue/products', {
        method: 'POST',
        json: { name: text },
        headers: { authorization },
      });
      expect(product.status, kind).toBe(400);
      expect(product.body.fields.name).toMatch(/not allowed/);
    }
    const created = await api('/api/admin/catalogue/products', {
      method: 'POST',
      json: { name: 'Pipettes' },
      headers: { authorization },
    });
    for (const [kind, text] of Object.entries(unstorable)) {
      const content = await api(`/api/admin/catalogue/products/${created.body.productId}/content`, {
        method: 'PATCH',
        json: { content: `<p>${text}</p>` },
        headers: { authorization },
      });
      expect(content.status, kind).toBe(400);
    }
  });
});

describe('finding 4: a password reset or change ends every earlier session', () => {
  it("ends a customer's sessions, remembered ones too, on reads and writes, when the password is reset", async () => {
    const email = 'reset-sessions@example.com';
    await registerAndActivate(email);
    const signIn = async (password: string, rememberMe: boolean) => {
      const login = await api('/api/auth/login', { method: 'POST', json: { email, password, rememberMe } });
      expect(login.status).toBe(200);
      return { authorization: `Bearer ${login.body.token}` };
    };
    const sessions = [await signIn('first-password', true), await signIn('first-password', false)];
    for (const headers of sessions) expect((await api('/api/account/profile', { headers })).status).toBe(200);

    expect((await api('/api/auth/forgot-password', { method: 'POST', json: { email } })).status).toBe(200);
    const token = await mailedToken(email, 'reset');
    expect(
      (
        await api('/api/auth/reset-password', {
          method: 'POST',
          json: { email, token, newPassword: 'second-password' },
        })
      ).status,
    ).toBe(200);

    for (const headers of sessions) {
      const read = await api('/api/account/profile', { headers });
      expect(read.status).toBe(401);
      expect(read.body.message).toBe('Your session has expired. Please sign in again.');
      expect((await api('/api/account/profile', { method: 'PUT', json: {}, headers })).status).toBe(401);
    }
    const fresh = await signIn('second-password', false);
    expect((await api('/api/account/profile', { headers: fresh })).status).toBe(200);
  });

  it("ends an admin's other sessions when the password is changed, and hands the changer a new one", async () => {
    const first = await adminAuthorization();
    const second = await adminAuthorization();
    const list = (authorization: string) => api('/api/admin/catalogue/products', { headers: { authorization } });
    expect((await list(second)).status).toBe(200);

    const wrong = await api('/api/admin/password', {
      method: 'POST',
      json: { currentPassword: 'not-it', newPassword: 'new-owner-password' },
      headers: { authorization: first },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'The current password is not correct' });
    const changed = await api('/api/admin/password', {
      method: 'POST',
      json: { currentPassword: ADMIN.password, newPassword: 'new-owner-password' },
      headers: { authorization: first },
    });
    expect(changed.status).toBe(200);

    for (const authorization of [first, second]) {
      expect((await list(authorization)).status).toBe(401);
      expect(
        (
          await api('/api/admin/catalogue/products', {
            method: 'POST',
            json: { name: 'Late' },
            headers: { authorization },
          })
        ).status,
      ).toBe(401);
    }
    expect((await list(`Bearer ${changed.body.token}`)).status).toBe(200);
    expect((await api('/api/admin/login', { method: 'POST', json: ADMIN })).status).toBe(401);
    const renewed = await adminAuthorization({ email: ADMIN.email, password: 'new-owner-password' });
    expect((await list(renewed)).status).toBe(200);
    // Put the password back for the other tests of this file.
    expect(
      (
        await api('/api/admin/password', {
          method: 'POST',
          json: { currentPassword: 'new-owner-password', newPassword: ADMIN.password },
          headers: { authorization: renewed },
        })
      ).status,
    ).toBe(200);
  });
});

/** A raw request, so the test controls Expect, Content-Length and the bytes sent. */
const rawRequest = (path: string, options: RawRequestOptions) => rawRequestTo(`${shop.url}${path}`, options);

describe('finding 3: malformed and oversized requests get their 4xx through the public port', () => {
  it('answers an oversized JSON body with 413, announced or streamed', async () => {
    const body = Buffer.from(
      JSON.stringify(registration('big@example.com', { firstName: 'x'.repeat(3 * 1024 * 1024) })),
    );
    const announced = await rawRequest('/api/auth/register', {
      headers: { 'content-type': 'application/json', 'content-length': body.length },
      body,
    });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body)).toMatchObject({ error: 'PayloadTooLarge' });
    const chunked = await rawRequest('/api/auth/register', {
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    });
    expect(chunked.status).toBe(413);
  });

  it('answers Expect: 100-continue: continues for an acceptable body, 413 for an oversized one', async () => {
    const body = Buffer.from(JSON.stringify(registration('continue@example.com')));
    const accepted = await rawRequest('/api/auth/register', {
      headers: { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
      body,
      waitForContinue: true,
    });
    expect(accepted).toMatchObject({ status: 201, continued: true });
    const oversized = await rawRequest('/api/auth/register', {
      headers: { 'content-type': 'application/json', 'content-length': 5 * 1024 * 1024, expect: '100-continue' },
      waitForContinue: true,
    });
    expect(oversized.status).toBe(413);
  });

  it('answers a malformed percent-escape in the query string with 400', async () => {
    for (const path of [
      '/api/catalogue/menu?x=%FF',
      '/api/catalogue/search/suggestions?q=%E0%A4%A',
      '/api/catalogue/menu?x=%',
      '/api/catalogue/details/%FF',
    ]) {
      const response = await api(path);
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.body), path).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});

describe('finding 2: x-labshop-position is checked before anyone waits for it', () => {
  const menu = async (position: string) => {
    const started = Date.now();
    const response = await api('/api/catalogue/menu', { headers: { 'x-labshop-position': position } });
    return { ...response, ms: Date.now() - started };
  };

  it('refuses a position the event store never writes with 400, at once', async () => {
    for (const position of ['z', '0', '00000000000000000001-1', `${'9'.repeat(20)}-${'9'.repeat(19)}x`]) {
      const answer = await menu(position);
      expect(answer.status, position).toBe(400);
      expect(answer.body.fields, position).toEqual({ 'x-labshop-position': 'Invalid position' });
    }
  });

  it('answers a position past everything written at once, marked stale', async () => {
    for (const position of [`${'9'.repeat(20)}-${'0'.repeat(18)}1`, `${'0'.repeat(19)}1-${'9'.repeat(19)}`]) {
      const answer = await menu(position);
      expect(answer.status, position).toBe(200);
      expect(answer.headers.get('x-labshop-stale'), position).toBe('true');
      expect(answer.ms, position).toBeLessThan(1_000);
    }
  });

  it('bounds the requests waiting for a position: the rest are answered at once, marked stale', async () => {
    const authorization = await adminAuthorization();
    const written = await api('/api/admin/catalogue/products', {
      method: 'POST',
      json: { name: 'Waited for' },
      headers: { authorization },
    });
    expect(written.status).toBe(201);
    // A position after the write, in a transaction that wrote no event: possible, but no projection will pass it until the next write.
    const [transaction] = (written.body.position as string).split('-');
    const unreached = `${(BigInt(transaction!) + 1n).toString().padStart(20, '0')}-${'0'.repeat(18)}1`;
    const answers = await Promise.all(Array.from({ length: 100 }, () => menu(unreached)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const atOnce = answers.filter((answer) => answer.ms < 2_000);
    expect(atOnce.length).toBeGreaterThanOrEqual(30);
    expect(atOnce.every((answer) => answer.headers.get('x-labshop-stale') === 'true')).toBe(true);
  });
});

describe('finding 6: each product edit carries the version the admin saw', () => {
  const adminProducts = async (authorization: string, position: string) =>
    (await api('/api/admin/catalogue/products', { headers: { authorization, 'x-labshop-position': position } })).body
      .products as { productId: string; name: string; version: number }[];

  it('lets concurrent edits of different products all land', async () => {
    const authorization = await adminAuthorization();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        (
          await api('/api/admin/catalogue/products', {
            method: 'POST',
            json: { name: `Parallel ${i}` },
            headers: { authorization },
          })
        ).body.productId,
      );
    const renames = await Promise.all(
      ids.map((productId, i) =>
        api(`/api/admin/catalogue/products/${productId}`, {
          method: 'PATCH',
          json: { name: `Renamed ${i}`, expectedVersion: 1 },
          headers: { authorization },
        }),
      ),
    );
    expect(renames.map((answer) => answer.status)).toEqual(ids.map(() => 200));
  });

  it('refuses every stale edit of one product with 409 naming who changed it and when', async () => {
    const authorization = await adminAuthorization();
    const created = await api('/api/admin/catalogue/products', {
      method: 'POST',
      json: { name: 'Contested' },
      headers: { authorization },
    });
    const seen = (await adminProducts(authorization, created.body.position)).find(
      (product) => product.productId === created.body.productId,
    )!;
    expect(seen.version).toBe(1);
    const renames = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(`/api/admin/catalogue/products/${seen.productId}`, {
          method: 'PATCH',
          json: { name: `Contested ${i}`, expectedVersion: seen.version },
          headers: { authorization },
        }),
      ),
    );
    expect(renames.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = renames.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body.message).toContain(ADMIN.email);
    expect(refused[0]!.body.details).toMatchObject({ changedBy: ADMIN.email, currentVersion: 2, yourVersion: 1 });
    expect(Date.parse(refused[0]!.body.details.changedAt)).not.toBeNaN();

    // The admin reloads, sees version 2 and the winner's name, and edits again (here with If-Match).
    const reloaded = (
      await adminProducts(authorization, renames.find((answer) => answer.status === 200)!.body.position)
    ).find((product) => product.productId === seen.productId)!;
    expect(reloaded.version).toBe(2);
    expect(
      (
        await api(`/api/admin/catalogue/products/${seen.productId}`, {
          method: 'PATCH',
          json: { visible: false },
          headers: { authorization, 'if-match': '"1"' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(`/api/admin/catalogue/products/${seen.productId}`, {
          method: 'PATCH',
          json: { visible: false },
          headers: { authorization, 'if-match': `"${reloaded.version}"` },
        })
      ).status,
    ).toBe(200);
  });
});

describe('finding 6: each detail edit carries the version the admin saw', () => {
  it('refuses stale edits of one detail with 409 naming who and when, while edits of different details of one subproduct all land', async () => {
    const client = { url: shop.url, authorization: await adminAuthorization() };
    const files = await createDetail(client);
    const detailPath = files.replace(/\/files$/, '');
    const detailsPath = detailPath.replace(/\/[^/]+$/, '');
    const others: string[] = [];
    for (let i = 0; i < 8; i++) {
      others.push(
        (
          await api(detailsPath, {
            method: 'POST',
            json: { productType: `Other ${i}`, quantity: 1, priceCents: 100 },
            headers: { authorization: client.authorization },
          })
        ).body.detailId,
      );
    }
    const parallel = await Promise.all(
      others.map((detailId, i) =>
        api(`${detailsPath}/${detailId}`, {
          method: 'PATCH',
          json: { productType: `Edited ${i}`, expectedVersion: 1 },
          headers: { authorization: client.authorization },
        }),
      ),
    );
    expect(parallel.map((answer) => answer.status)).toEqual(others.map(() => 200));

    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(detailPath, {
          method: 'PATCH',
          json: { quantity: 10 + i, expectedVersion: 1 },
          headers: { authorization: client.authorization },
        }),
      ),
    );
    expect(edits.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = edits.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toContain(ADMIN.email);
    expect(refused[0]!.body.details).toMatchObject({ changedBy: ADMIN.email, currentVersion: 2, yourVersion: 1 });

    const reloaded = await api(detailPath, {
      headers: {
        authorization: client.authorization,
        'x-labshop-position': edits.find((answer) => answer.status === 200)!.body.position,
      },
    });
    expect(reloaded.body.version).toBe(2);
    expect(
      (
        await api(detailPath, {
          method: 'PATCH',
          json: { quantity: 99 },
          headers: { authorization: client.authorization, 'if-match': '"2"' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('finding 6: each subproduct edit carries the version the admin saw', () => {
  it('refuses stale edits of one subproduct with 409 naming who and when, while edits of its siblings all land', async () => {
    const authorization = await adminAuthorization();
    const productId = (
      await api('/api/admin/catalogue/products', {
        method: 'POST',
        json: { name: `Sub versions ${crypto.randomUUID()}` },
        headers: { authorization },
      })
    ).body.productId as string;
    const subproductsPath = `/api/admin/catalogue/products/${productId}/subproducts`;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (await api(subproductsPath, { method: 'POST', json: { name: `Sibling ${i}` }, headers: { authorization } }))
          .body.subproductId,
      );
    const siblings = await Promise.all(
      ids.slice(1).map((id, i) =>
        api(`${subproductsPath}/${id}`, {
          method: 'PATCH',
          json: { name: `Renamed ${i}`, expectedVersion: 1 },
          headers: { authorization },
        }),
      ),
    );
    expect(siblings.map((answer) => answer.status)).toEqual(ids.slice(1).map(() => 200));

    const contested = `${subproductsPath}/${ids[0]}`;
    const renames = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(contested, {
          method: 'PATCH',
          json: { name: `Contested ${i}`, expectedVersion: 1 },
          headers: { authorization },
        }),
      ),
    );
    expect(renames.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = renames.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toContain(ADMIN.email);
    expect(refused[0]!.body.details).toMatchObject({ changedBy: ADMIN.email, currentVersion: 2, yourVersion: 1 });

    // The admin reloads the product, sees version 2 and edits again (here with If-Match).
    const position = renames.find((answer) => answer.status === 200)!.body.position as string;
    const product = await api(`/api/admin/catalogue/products/${productId}`, {
      headers: { authorization, 'x-labshop-position': position },
    });
    const reloaded = (product.body.subproducts as { subproductId: string; version: number }[]).find(
      (subproduct) => subproduct.subproductId === ids[0],
    )!;
    expect(reloaded.version).toBe(2);
    expect(
      (
        await api(contested, {
          method: 'PATCH',
          json: { visible: false },
          headers: { authorization, 'if-match': '"1"' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(contested, {
          method: 'PATCH',
          json: { visible: false },
          headers: { authorization, 'if-match': '"2"' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('finding 5: activate-account tells nobody who has an account, and is rate-limited', () => {
  it('answers every refusal alike: unknown email, wrong token, already active', async () => {
    const email = 'active-already@example.com';
    await registerAndActivate(email);
    const usedToken = await mailedToken(email, 'activation');
    const refusals = [
      await api('/api/auth/activate-account', {
        method: 'POST',
        json: { email: 'nobody-here@example.com', token: 'made-up-token' },
      }),
      await api('/api/auth/activate-account', { method: 'POST', json: { email, token: 'made-up-token' } }),
      await api('/api/auth/activate-account', { method: 'POST', json: { email, token: usedToken } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body).toEqual(refusals[0]!.body);
    }
  });

  it('limits attempts per email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (
          await api('/api/auth/activate-account', {
            method: 'POST',
            json: { email: 'target@example.com', token: `guess-${i}` },
          })
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('finding 7: sign-in is slowed per account by growing pauses, never a lock-out', () => {
  const secondsToWait = (answer: Answer) => Number(/wait (\d+) second/.exec(answer.body.message)?.[1]);

  it("slows a customer account's sign-ins after wrong passwords, and its owner signs in after a short pause", async () => {
    const email = 'guessed-at@example.com';
    await registerAndActivate(email, 'the-right-password');
    const login = (password: string) => api('/api/auth/login', { method: 'POST', json: { email, password } });
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await login(`guess-${i}`)).status);
    expect(wrong).toEqual([401, 401, 401, 429, 429]);
    const paused = await login('the-right-password');
    expect(paused.status).toBe(429);
    expect(secondsToWait(paused)).toBeGreaterThanOrEqual(1);
    expect(secondsToWait(paused)).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, secondsToWait(paused) * 1000 + 100));
    expect((await login('the-right-password')).status).toBe(200);
    // The right password cleared the count: a typo afterwards is an ordinary 401.
    expect((await login('typo')).status).toBe(401);
  });

  it("slows an admin account's sign-ins after wrong passwords, whatever address they come from", async () => {
    const login = (password: string, address: string) =>
      api('/api/admin/login', {
        method: 'POST',
        json: { email: ADMIN.email, password },
        headers: { 'x-forwarded-for': address },
      });
    const wrong = [];
    for (let i = 0; i < 4; i++) wrong.push((await login(`wrong-guess-${i}`, `10.9.0.${i}`)).status);
    expect(wrong).toEqual([401, 401, 401, 429]);
    const paused = await login(ADMIN.password, '10.9.0.99');
    expect(paused.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, secondsToWait(paused) * 1000 + 100));
    expect((await login(ADMIN.password, '10.9.0.99')).status).toBe(200);
  });
});

describe('finding 8: smaller holes', () => {
  it('keeps projection positions for admins and offers a public /health without them', async () => {
    expect((await api('/api/status/projections')).status).toBe(401);
    const status = await api('/api/status/projections', { headers: { authorization: await adminAuthorization() } });
    expect(status.status).toBe(200);
    expect(status.body.projections.length).toBeGreaterThan(0);
    const health = await api('/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('takes the bearer scheme in any case', async () => {
    const token = (await adminAuthorization()).slice('Bearer '.length);
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      expect(
        (await api('/api/admin/catalogue/products', { headers: { authorization: `${scheme} ${token}` } })).status,
        scheme,
      ).toBe(200);
    }
  });

  it('believes X-Forwarded-For only from the configured proxy, on the public port and on an API service port', async () => {
    // This shop trusts 127.0.0.1 only: from 127.0.0.2 a forged X-Forwarded-For does not give a fresh allowance per request.
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const body = Buffer.from(JSON.stringify({ email: `forger${i}@labshop.test`, password: 'wrong-password' }));
      statuses.push(
        (
          await rawRequest('/api/admin/login', {
            headers: {
              'content-type': 'application/json',
              'content-length': body.length,
              'x-forwarded-for': `10.250.0.${i}`,
            },
            body,
            localAddress: '127.0.0.2',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.at(-1)).toBe(429);

    const { buildCommandApp } = await import('@labshop/command-api/app');
    const { createTokenService } = await import('@labshop/platform/auth/tokens');
    const tokens = createTokenService(await jwtSecret(shop.config));
    for (const [trustProxy, expected] of [
      [undefined, 429],
      ['127.0.0.1', 401],
    ] as const) {
      const service = await buildCommandApp({
        eventStore: stores.eventStore,
        tokens,
        trustProxy,
        loginRateLimit: { max: 2, timeWindow: '1 minute' },
      });
      await service.listen({ host: '127.0.0.1', port: 0 });
      try {
        const origin = `http://127.0.0.1:${(service.server.address() as { port: number }).port}`;
        const answers = [];
        for (let i = 0; i < 3; i++) {
          answers.push(
            (
              await fetch(`${origin}/api/admin/login`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.0.${i}` },
                body: JSON.stringify({ email: `someone${i}@labshop.test`, password: 'wrong-password' }),
              })
            ).status,
          );
        }
        expect(answers.at(-1), `TRUST_PROXY=${trustProxy}`).toBe(expected);
      } finally {
        await service.close();
      }
    }
  });
});

describe('finding 8: /content serves only the files the catalogue still holds', () => {
  it('stops serving a replaced image and a removed one', async () => {
    const client = { url: shop.url, authorization: await adminAuthorization() };
    const files = await createDetail(client);
    const first = await uploadImage(client, files, [200, 30, 30]);
    await waitForDetails(client, files, first.position);
    expect((await fetch(`${shop.url}${first.url}`)).status).toBe(200);

    const second = await uploadImage(client, files, [30, 30, 200]);
    await waitForDetails(client, files, second.position);
    expect((await fetch(`${shop.url}${first.url}`)).status).toBe(404);
    expect((await fetch(`${shop.url}${second.url}`)).status).toBe(200);

    await waitForDetails(client, files, await removeImage(client, files));
    expect((await fetch(`${shop.url}${second.url}`)).status).toBe(404);
  });
});
