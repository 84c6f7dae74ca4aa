/**
 * The shoppers of `bench:orders`, run as a child process so they have an event loop (and a core) of
 * their own: a fixed number of clients on keep-alive connections to the shop's public port, each
 * sending its next request as soon as the previous answer is read, for a fixed time.
 * - 'add-to-cart': every request adds one line (cycling through the offers) to the client's cart.
 * - 'anonymous-add-to-cart': the same without a session, each client on an anonymous cart of its own.
 * - 'checkout': a full purchase per round: two add-to-carts, place the order with the subtotal the cart
 *   showed, read My Orders with the order's position until it shows the order (the append → visible
 *   lag), then the purchase order.
 * - 'last-units': the same purchase, one unit of one hot detail at a time (the offers hold just that one),
 *   counting the units each purchase order reserved: every client wants the last units.
 * - 'checkout-at-rate': the same purchase, but the rounds arrive at a stated rate (`roundsPerSecond`, exponential gaps:
 *   shoppers who do not wait for each other), each on a signed-in shopper not busy with another round. This is the
 *   latency a shopper meets at that load; in the closed loops above, a saturated shop's latency is only the clients'
 *   count over its throughput (Little's law). A round that finds every shopper busy waits, and the wait is recorded.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Offer {
  subproductId: string;
  detailId: string;
  packSize: string | null;
}

export interface LoadRequest {
  origin: string;
  phase: 'add-to-cart' | 'anonymous-add-to-cart' | 'checkout' | 'last-units' | 'checkout-at-rate';
  /** One customer session per client ('' for an anonymous shopper); for 'checkout-at-rate', the shoppers rounds take. */
  authorizations: string[];
  /** 'checkout-at-rate' only: rounds started per second, on average. */
  roundsPerSecond?: number;
  offers: Offer[];
  durationMs: number;
}

export interface LoadResult {
  elapsedMs: number;
  /** Latencies by request kind; failures counts answers other than the expected one. */
  latenciesMs: Record<string, number[]>;
  failures: Record<string, number>;
  /** Reads of My Orders that came back marked stale or without the new order. */
  notVisible: number;
  /** Units the purchase orders reserved from stock ('last-units'), and the units they put on backorder. */
  reservedUnits: number;
  backorderedUnits: number;
  /** 'checkout-at-rate': rounds started, and the mean number of rounds in flight. */
  rounds: number;
  meanRoundsInFlight: number;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

function send(
  agent: Agent,
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  authorization: string,
  payload?: object,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, origin),
      {
        agent,
        method,
        headers: {
          ...(authorization && { authorization }),
          ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...extraHeaders,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text ? (JSON.parse(text) as unknown) : null,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const nextYear = String(new Date().getUTCFullYear() + 1);
const address = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench@example.com',
  phone: '555-0100',
  address1: '1 Load St',
  city: 'New Orleans',
  state: 'LA',
  zipCode: '70112',
};
const card = {
  name: 'Bench Buyer',
  cardType: 'visa',
  cardNumber: '4111111111111111',
  month: '12',
  year: nextYear,
  cvv: '123',
};

async function run({
  origin,
  phase,
  authorizations,
  offers,
  durationMs,
  roundsPerSecond,
}: LoadRequest): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: authorizations.length });
  const latenciesMs: Record<string, number[]> = {};
  const failures: Record<string, number> = {};
  let notVisible = 0;
  let reservedUnits = 0;
  let backorderedUnits = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  /** Sends and records the latency under `kind`; an unexpected status counts as a failure. */
  async function timed(
    kind: string,
    expected: number[],
    authorization: string,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers?: Record<string, string>,
  ) {
    const sent = performance.now();
    const answer = await send(agent, origin, method, path, authorization, payload, headers).catch(
      () => ({ status: 0, headers: {}, body: null }) as Answer,
    );
    (latenciesMs[kind] ??= []).push(performance.now() - sent);
    if (!expected.includes(answer.status)) failures[kind] = (failures[kind] ?? 0) + 1;
    return answer;
  }

  let nextOffer = 0;
  const addToCart = (authorization: string) =>
    timed('add-to-cart', [200], authorization, 'POST', '/api/account/cart/items', {
      commandId: randomUUID(),
      ...offers[nextOffer++ % offers.length]!,
      quantity: 1,
    });

  const anonymousAddToCart = (cartId: string) =>
    timed('add-to-cart', [200], '', 'POST', `/api/carts/${cartId}/items`, {
      commandId: randomUUID(),
      ...offers[nextOffer++ % offers.length]!,
      quantity: 1,
    });

  /** One purchase: two add-to-carts (one for 'last-units'), place order, My Orders with its position, purchase order. */
  async function purchase(authorization: string) {
    if (phase !== 'last-units') await addToCart(authorization);
    const cart = await addToCart(authorization);
    const expectedSubtotalCents = (cart.body as { subtotalCents?: number } | null)?.subtotalCents ?? 0;
    const placed = await timed('place-order', [201], authorization, 'POST', '/api/account/orders', {
      idempotencyKey: randomUUID(),
      address,
      shippingMethod: 'ground',
      expectedSubtotalCents,
    });
    if (placed.status !== 201) return;
    const { orderId, position } = placed.body as { orderId: string; position: string };
    const myOrders = await timed(
      'my-orders-visible',
      [200],
      authorization,
      'GET',
      '/api/account/orders?pageSize=1',
      undefined,
      { 'x-labshop-position': position },
    );
    const first = (myOrders.body as { orders?: { orderId: string }[] } | null)?.orders?.[0];
    if (myOrders.headers['x-labshop-stale'] === 'true' || first?.orderId !== orderId) notVisible++;
    const paid = await timed(
      'purchase-order',
      [200],
      authorization,
      'POST',
      `/api/account/orders/${orderId}/purchase-order`,
      card,
    );
    for (const line of (paid.body as { lines?: { reservedQuantity?: number; backorderedQuantity?: number }[] } | null)
      ?.lines ?? []) {
      reservedUnits += line.reservedQuantity ?? 0;
      backorderedUnits += line.backorderedQuantity ?? 0;
    }
  }

  let rounds = 0;
  let roundMsSum = 0;
  if (phase === 'checkout-at-rate') {
    // Open loop: round k is due at the sum of k exponential gaps, whether or not earlier rounds have ended.
    const free = [...authorizations];
    const waitingForShopper: ((authorization: string) => void)[] = [];
    const inFlight: Promise<void>[] = [];
    if (!roundsPerSecond) throw new Error("'checkout-at-rate' needs roundsPerSecond");
    const meanGapMs = 1000 / roundsPerSecond;
    for (let due = started; due < deadline; due += -Math.log(1 - Math.random()) * meanGapMs) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const dueAt = due;
      inFlight.push(
        (async () => {
          const authorization = free.pop() ?? (await new Promise<string>((resolve) => waitingForShopper.push(resolve)));
          (latenciesMs['round start late'] ??= []).push(Math.max(0, performance.now() - dueAt));
          await purchase(authorization);
          const roundMs = performance.now() - dueAt;
          (latenciesMs['round'] ??= []).push(roundMs);
          roundMsSum += roundMs;
          rounds++;
          const next = waitingForShopper.shift();
          if (next) next(authorization);
          else free.push(authorization);
        })(),
      );
    }
    await Promise.all(inFlight);
  } else {
    await Promise.all(
      authorizations.map(async (authorization) => {
        const cartId = randomUUID();
        while (performance.now() < deadline) {
          if (phase === 'add-to-cart') await addToCart(authorization);
          else if (phase === 'anonymous-add-to-cart') await anonymousAddToCart(cartId);
          else await purchase(authorization);
        }
      }),
    );
  }
  const elapsedMs = performance.now() - started;
  agent.destroy();
  const meanRoundsInFlight = roundMsSum / elapsedMs;
  return { elapsedMs, latenciesMs, failures, notVisible, reservedUnits, backorderedUnits, rounds, meanRoundsInFlight };
}

process.once('message', async (loadRequest: LoadRequest) => {
  process.send!('started');
  process.send!(await run(loadRequest), () => process.exit(0));
});
