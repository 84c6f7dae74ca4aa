/**
 * `npm run smoke:compose`: the production topology of docker-compose.yml, bought through end to end. Builds
 * and starts the stack (its own compose project), waits for every health check, then through the gateway's
 * public port: an admin adds a detail to the catalogue, a customer registers and activates the account
 * from the mail Mailpit caught (its HTTP API), adds the detail to the cart, places an order and pays by
 * purchase order; the invoice must be issued (its PDF downloads and hashes as recorded) and the
 * confirmation mail arrive with it attached. Tears the stack down, volumes included, whatever happened.
 * Prints each step with its time; exits 1 at the first failure (with the services' last log lines), and
 * at once with one "no container runtime: …" line where Docker does not answer.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { apiClient } from '../testing/api-client.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PROJECT = 'labshop-smoke';
const GATEWAY = 'http://localhost:3000';
const MAILPIT = 'http://localhost:8025';
const admin = { email: 'smoke.admin@labshop.test', password: 'smoke-admin-password' };
const env = {
  ...process.env,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
};

function docker(args: readonly string[], { quiet = false } = {}): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync('docker', args, {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { ok: false, stdout: '', stderr: result.error.message };
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
const compose = (args: readonly string[], options?: { quiet?: boolean }) =>
  docker(['compose', '-p', PROJECT, '-f', 'docker-compose.yml', ...args], options);
const firstLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '') ?? 'no reason given';

const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const begun = Date.now();
  try {
    const result = await work();
    console.log(`✓ ${name} (${seconds(Date.now() - begun)})`);
    return result;
  } catch (error) {
    console.log(`✗ ${name} (${seconds(Date.now() - begun)}): ${(error as Error).message}`);
    throw error;
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${seconds(timeoutMs)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface MailSummary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}
interface Mail {
  Text: string;
  Attachments: { FileName: string; ContentType: string }[];
}
/** The newest message Mailpit caught for `to` whose subject matches, read in full. */
async function mailTo(to: string, subject: RegExp): Promise<(Mail & { Subject: string }) | undefined> {
  const list = (await (await fetch(`${MAILPIT}/api/v1/messages?limit=200`)).json()) as { messages: MailSummary[] };
  const summary = list.messages.find(
    (message) => message.To.some((recipient) => recipient.Address === to) && subject.test(message.Subject),
  );
  if (!summary) return undefined;
  const mail = (await (await fetch(`${MAILPIT}/api/v1/message/${summary.ID}`)).json()) as Mail;
  return { ...mail, Subject: summary.Subject };
}

interface ServiceState {
  Service: string;
  State: string;
  Health: string;
}
function serviceStates(): ServiceState[] {
  const listed = compose(['ps', '--all', '--format', 'json'], { quiet: true });
  if (!listed.ok) throw new Error(`docker compose ps: ${firstLine(listed.stderr)}`);
  const text = listed.stdout.trim();
  // Compose prints one JSON object a line (2.21 and later) or, before, one array.
  return (
    text.startsWith('[')
      ? JSON.parse(text)
      : text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
  ) as ServiceState[];
}

async function buy(): Promise<void> {
  const api = apiClient(GATEWAY);
  await step('the gateway answers /health', () =>
    until('answer from the gateway', async () => ((await fetch(`${GATEWAY}/health`)).ok ? true : undefined)),
  );
  const adminToken = await step(
    'admin signs in (created from ADMIN_EMAIL)',
    async () => (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token,
  );
  const { productId, subproductId, detailId } = await step(
    'admin adds a product, a subproduct and a detail at $24.00',
    async () => {
      const { productId } = await api.ok<{ productId: string }>(
        'POST',
        '/api/admin/catalogue/products',
        { name: `Smoke Test Media ${randomUUID().slice(0, 8)}` },
        adminToken,
      );
      const { subproductId } = await api.ok<{ subproductId: string }>(
        'POST',
        `/api/admin/catalogue/products/${productId}/subproducts`,
        { name: 'DMEM' },
        adminToken,
      );
      const { detailId } = await api.ok<{ detailId: string }>(
        'POST',
        `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
        { productType: 'DMEM 500 ml', quantity: 500, priceCents: 2_400, catalogNumber: 'SMOKE-500' },
        adminToken,
      );
      return { productId, subproductId, detailId };
    },
  );
  await step('the storefront lists the new product (read model on MongoDB)', async () => {
    const menu = await api.read<unknown>('/api/catalogue/menu');
    if (!JSON.stringify(menu.body).includes(productId))
      throw new Error(`the menu does not list product ${productId}: ${JSON.stringify(menu.body).slice(0, 300)}`);
  });

  const customer = { email: `smoke.${randomUUID().slice(0, 8)}@example.com`, password: 'smoke-customer-password' };
  await step(`customer ${customer.email} registers`, () =>
    api.ok('POST', '/api/auth/register', {
      title: 'Ms',
      firstName: 'Smoke',
      lastName: 'Tester',
      email: customer.email,
      password: customer.password,
      newsletter: false,
      terms: true,
    }),
  );
  const activation = await step('the activation mail arrives in Mailpit', () =>
    until(
      'activation mail',
      async () =>
        (await mailTo(customer.email, /^Activate your LabShop account$/))?.Text.match(
          /https?:\/\/\S+\/activate-account\?\S+/,
        )?.[0],
    ),
  );
  const link = new URL(activation);
  await step('the customer activates the account from the link', () =>
    api.ok('POST', '/api/auth/activate-account', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    }),
  );
  const token = await step(
    'the customer signs in',
    async () => (await api.ok<{ token: string }>('POST', '/api/auth/login', customer)).token,
  );
  await step('adds 3 × DMEM 500 ml to the cart', () =>
    api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: randomUUID(), detailId, subproductId, packSize: null, quantity: 3 },
      token,
    ),
  );
  const address = {
    firstName: 'Smoke',
    lastName: 'Tester',
    email: customer.email,
    company: 'Smoke Labs',
    taxExemptNumber: '',
    phone: '+1 512 555 0100',
    address1: '1 Bench St',
    address2: '',
    city: 'Austin',
    state: 'TX',
    zipCode: '73301',
    useForInvoice: true,
  };
  const order = await step('places the order', () =>
    api.ok<{ orderId: string; orderNumber: string }>(
      'POST',
      '/api/account/orders',
      { idempotencyKey: randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 3 * 2_400 },
      token,
    ),
  );
  console.log(`  order ${order.orderNumber}`);
  await step('pays by purchase order', () =>
    api.ok(
      'POST',
      `/api/account/orders/${order.orderId}/purchase-order`,
      {
        company: 'Smoke Labs',
        name: 'Smoke Tester',
        poNumber: 'PO-SMOKE-1',
        cardType: 'visa',
        cardNumber: '4929381652074315',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      },
      token,
    ),
  );
  const invoice = await step('the workers issue the invoice (My Orders lists it)', () =>
    until('invoice on the order', async () => {
      const view = await api.read<{ invoices: { invoiceNumber: string; sha256: string }[] }>(
        `/api/account/orders/${order.orderId}`,
        token,
      );
      return view.status === 200 ? view.body.invoices[0] : undefined;
    }),
  );
  await step(`invoice ${invoice.invoiceNumber} downloads as the PDF recorded`, async () => {
    const response = await fetch(`${GATEWAY}/api/account/orders/${order.orderId}/invoices/${invoice.invoiceNumber}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-')
      throw new Error(
        `answered ${response.status}, ${bytes.length} bytes starting ${JSON.stringify(bytes.subarray(0, 5).toString())}`,
      );
    if (createHash('sha256').update(bytes).digest('hex') !== invoice.sha256)
      throw new Error('the PDF does not hash to what the InvoiceIssued event recorded');
  });
  await step('the confirmation mail arrives with the invoice attached', async () => {
    const subject = new RegExp(`^Order ${order.orderNumber} received — invoice ${invoice.invoiceNumber}$`);
    const mail = await until('confirmation mail', () => mailTo(customer.email, subject));
    const pdfs = mail.Attachments.filter((attachment) => attachment.ContentType === 'application/pdf');
    if (pdfs.length !== 1) throw new Error(`"${mail.Subject}" has ${pdfs.length} PDF attachments, not 1`);
  });
}

async function main(): Promise<number> {
  const info = docker(['info', '--format', '{{.ServerVersion}}'], { quiet: true });
  if (!info.ok) {
    console.error(`no container runtime: docker info: ${firstLine(info.stderr)}`);
    return 1;
  }
  const composeVersion = docker(['compose', 'version', '--short'], { quiet: true });
  if (!composeVersion.ok) {
    console.error(`no docker compose: ${firstLine(composeVersion.stderr)}`);
    return 1;
  }
  console.log(`Docker ${info.stdout.trim()}, Compose ${composeVersion.stdout.trim()}; project ${PROJECT}`);
  let failed = false;
  try {
    await step('build the image', () => {
      if (!compose(['build']).ok) throw new Error('docker compose build failed');
    });
    await step('start the stack and wait for every health check', () => {
      if (!compose(['up', '--detach', '--wait', '--wait-timeout', '600']).ok)
        throw new Error('docker compose up --wait failed');
      const states = serviceStates();
      for (const service of states)
        console.log(`  ${service.Service.padEnd(12)} ${service.State}${service.Health ? `, ${service.Health}` : ''}`);
      const unwell = states.filter(
        (service) => service.State !== 'running' || (service.Health !== '' && service.Health !== 'healthy'),
      );
      if (unwell.length > 0)
        throw new Error(`not running or not healthy: ${unwell.map((service) => service.Service).join(', ')}`);
    });
    await buy();
  } catch {
    failed = true;
    console.log('Last log lines of every service:');
    compose(['logs', '--no-color', '--tail', '40']);
  } finally {
    await step('tear the stack down (volumes included)', () => {
      if (!compose(['down', '--volumes', '--remove-orphans']).ok) throw new Error('docker compose down failed');
    }).catch(() => {
      failed = true;
    });
  }
  console.log(
    `${failed ? 'compose smoke test FAILED' : 'compose smoke test passed'} in ${seconds(Date.now() - started)}`,
  );
  return failed ? 1 : 0;
}

process.exit(await main());
