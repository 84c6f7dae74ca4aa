import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventMetadata, EventStore, Position } from '@labshop/platform/event-store/port';
import { customerStream } from '@labshop/contracts/customers/events';
import { taxExemptionStream, type TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { createInvoiceStore, invoiceFileName } from '@labshop/platform/invoices/invoice-store';
import type { OrderPlacedData } from '@labshop/contracts/orders/events';
import type { ContactMessageSubmitted, InquirySubmitted } from '@labshop/contracts/inbox/events';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { loadCustomer, releaseErasedEmail } from './customer-accounts.ts';
import { customerDecider } from './decider.ts';

export interface ErasureDeps {
  eventStore: EventStore;
  /** The local outbox (`<DATA_DIR>/mail`) whose messages to the customer are deleted; unset where mail goes out over SMTP. */
  mailDir?: string;
  /** Where tax exemption certificates (PDF) are kept: the customer's are deleted. */
  certificateDir: string;
}

/**
 * Erases a customer (CCPA/GDPR). What identifies them is gathered first (their emails, and the inbox
 * submissions sent from them); then `CustomerErased` is decided and appended, and the event store deletes
 * their keys as it records it, so every copy of their data in the log reads as 'Erased customer' from then
 * on and the read models scrub theirs. Their email is released for a new registration; their sessions end
 * (the event is session-ending); the local outbox's mails to them and their tax certificates' PDFs are deleted.
 * Orders, amounts and invoices stay (invoices for the retention period: workers/src/invoices/retention.ts).
 */
export async function eraseCustomer(
  deps: ErasureDeps,
  customerId: string,
  metadata: EventMetadata,
  now: Date,
): Promise<{ position: Position }> {
  const before = await loadCustomer(deps.eventStore, customerId);
  const { emails, submissionIds, orderIds } =
    before.status === 'registered'
      ? await traceOf(deps.eventStore, customerId, before.recipient.email)
      : { emails: [], submissionIds: [], orderIds: [] };
  const command = { type: 'EraseCustomer', now, submissionIds, orderIds } as const;
  const { position } = await handleCommand(
    deps.eventStore,
    customerStream(customerId),
    customerDecider,
    command,
    metadata,
  );
  if (before.status === 'registered')
    await releaseErasedEmail(deps.eventStore, before.recipient.email, customerId, metadata);
  if (deps.mailDir) await deleteMailTo(deps.mailDir, emails);
  await deleteCertificates(deps, customerId);
  return { position };
}

/** The PDFs of every tax exemption certificate the customer filed (their number is sealed with their key; the files are simply deleted). */
async function deleteCertificates(deps: ErasureDeps, customerId: string): Promise<void> {
  const store = createInvoiceStore(deps.certificateDir);
  for await (const event of deps.eventStore.readStream(taxExemptionStream(customerId))) {
    if (event.type !== 'TaxExemptionFiled') continue;
    const { document } = event.data as Extract<TaxExemptionEvent, { type: 'TaxExemptionFiled' }>['data'];
    if (document) await store.shred({ fileName: invoiceFileName(document.sha256) });
  }
}

/**
 * The customer's emails (the account's first, then those their orders were addressed to), their orders
 * and the inbox submissions sent from any of those emails: one read of those event types (an erasure is rare).
 */
async function traceOf(
  eventStore: EventStore,
  customerId: string,
  accountEmail: string,
): Promise<{ emails: string[]; submissionIds: string[]; orderIds: string[] }> {
  const emails = new Set([accountEmail.toLowerCase()]);
  const orderIds: string[] = [];
  const submissions: { id: string; email: string }[] = [];
  for await (const event of eventStore.readAll({
    types: ['OrderPlaced', 'InquirySubmitted', 'ContactMessageSubmitted'],
  })) {
    if (event.type === 'OrderPlaced') {
      const data = event.data as OrderPlacedData;
      if (data.customerId === customerId) {
        emails.add(data.address.email.toLowerCase());
        orderIds.push(data.orderId);
      }
    } else if (event.type === 'InquirySubmitted') {
      const data = event.data as InquirySubmitted['data'];
      submissions.push({ id: data.inquiryId, email: data.email.toLowerCase() });
    } else {
      const data = event.data as ContactMessageSubmitted['data'];
      submissions.push({ id: data.messageId, email: data.email.toLowerCase() });
    }
  }
  return {
    emails: [...emails],
    orderIds,
    submissionIds: submissions.filter(({ email }) => emails.has(email)).map(({ id }) => id),
  };
}

/** Deletes every message in the local outbox that names one of the emails (to the customer, or about them to sales). */
async function deleteMailTo(mailDir: string, emails: readonly string[]): Promise<void> {
  const needles = emails.map((email) => email.toLowerCase());
  const files = await readdir(mailDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const path = join(mailDir, file);
    const text = readableText(await readFile(path, 'utf8').catch(() => '')).toLowerCase();
    if (needles.some((needle) => text.includes(needle))) await rm(path, { force: true });
  }
}

/** A message as its reader sees it: quoted-printable decoded and base64 parts decoded, next to the raw text. */
function readableText(raw: string): string {
  const quotedPrintable = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = (raw.match(/(?:^[A-Za-z0-9+/]{4,}={0,2}\r?\n)+/gm) ?? []).map((block) =>
    Buffer.from(block.replace(/\s/g, ''), 'base64').toString('latin1'),
  );
  return [raw, quotedPrintable, ...base64Parts].join('\n');
}
