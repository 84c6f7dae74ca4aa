import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import type {
  CreditNoteIssuedData,
  InvoiceIssuedData,
  PaymentReceiptIssuedData,
} from '@labshop/contracts/orders/invoices-events';
import type { InvoiceStore } from '@labshop/platform/invoices/invoice-store';
import type { MailSender, OutgoingMail } from '../mail/mail-sender.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import { MAIL_QUEUE, type SendEmailResult } from './customer-emails.ts';
import { renderDocumentPdf, type PdfRequest } from '../invoices/pdf-documents.ts';
import {
  orderEmailTemplates,
  renderOrderEmail,
  type OrderEmail,
  type OrderEmailTemplate,
} from './order-emails-templates.ts';
import { readOrder } from './order-stream.ts';
import type { RunOnce } from './run-once.ts';

export const SEND_ORDER_EMAIL = 'send-order-email';

/**
 * An order mail names its order and the revision of the event it is about, nothing else: the processor
 * reads the order as it was at that event (and the event's own facts: tracking number, reason, invoice),
 * so Redis holds no address or amount.
 */
export interface OrderEmailData {
  template: OrderEmailTemplate;
  orderId: string;
  revision: number;
}

export const orderEmailJob = (data: OrderEmailData): JobRequest<OrderEmailData> => ({
  queue: MAIL_QUEUE,
  name: SEND_ORDER_EMAIL,
  data,
});

export interface OrderEmailSettings {
  /** Where the shop is reached, without a trailing slash; links in the mails point there. */
  publicUrl: string;
  /** The sales inbox told of every purchase order and quote request; unset, those notifications are skipped. */
  salesEmail?: string | undefined;
}

export type SendOrderEmailResult = SendEmailResult | { outcome: 'skipped'; reason: string };

/** Renders and sends one order mail per job id (run-once.ts), the invoice PDF attached to the confirmation. */
export function createSendOrderEmailProcessor(deps: {
  eventStore: EventStore;
  invoices: InvoiceStore;
  mailSender: MailSender;
  runOnce: RunOnce;
  messageIdDomain: string;
  settings: OrderEmailSettings;
  /** Where the quote's PDF is rendered: the workers' PDF thread (`pdf-thread.ts`); in this thread when not given. */
  renderPdf?: ((request: PdfRequest) => Promise<Buffer>) | undefined;
}) {
  return async (job: Pick<Job<unknown>, 'id' | 'data'>): Promise<SendOrderEmailResult> => {
    if (job.id === undefined) throw new UnrecoverableError('send-order-email needs a job id');
    const data = parseOrderEmailData(job.data);
    if ((data.template === 'sales-notification' || data.template === 'quote-answered') && !deps.settings.salesEmail)
      return { outcome: 'skipped', reason: 'SALES_EMAIL is not set' };

    const { order, events } = await readOrder(deps.eventStore, data.orderId, data.revision);
    const trigger = events.at(-1);
    if (!order || trigger?.revision !== data.revision)
      throw new UnrecoverableError(`Order ${data.orderId} has no event at revision ${data.revision}`);
    const email = orderEmailOf(data.template, trigger);
    const mail: OutgoingMail = {
      ...renderOrderEmail(order.view, email, deps.settings),
      messageId: `<${job.id}@${deps.messageIdDomain}>`,
    };
    if (email.template === 'order-confirmation') {
      const invoice = trigger.data as InvoiceIssuedData;
      // Read and checked against the hash the event recorded: the customer gets the bytes that were issued.
      mail.attachments = [
        {
          filename: `${invoice.invoiceNumber}.pdf`,
          content: await deps.invoices.read(invoice),
          contentType: 'application/pdf',
        },
      ];
    }
    if (email.template === 'credit-note') {
      const note = trigger.data as CreditNoteIssuedData;
      mail.attachments = [
        {
          filename: `${note.creditNoteNumber}.pdf`,
          content: await deps.invoices.read(note),
          contentType: 'application/pdf',
        },
      ];
    }
    if (email.template === 'quote-sent') {
      mail.attachments = [
        {
          filename: `Quote-${order.view.orderNumber}.pdf`,
          content: await (deps.renderPdf ?? renderDocumentPdf)({ kind: 'quote', order: order.view }),
          contentType: 'application/pdf',
        },
      ];
    }
    if (email.template === 'payment-receipt') {
      const receipt = trigger.data as PaymentReceiptIssuedData;
      mail.attachments = [
        {
          filename: `${receipt.receiptNumber}.pdf`,
          content: await deps.invoices.read(receipt),
          contentType: 'application/pdf',
        },
      ];
    }
    const outcome = await deps.runOnce(job.id, async () => {
      await deps.mailSender.send(mail);
    });
    return { outcome: outcome === 'ran' ? 'sent' : 'already-sent', messageId: mail.messageId ?? '' };
  };
}

/** The template's facts from the event the mail is about; a template on the wrong event is a bug, not retried. */
function orderEmailOf(template: OrderEmailTemplate, trigger: RecordedEvent): OrderEmail {
  const expected: Record<OrderEmailTemplate, readonly string[]> = {
    'order-confirmation': ['InvoiceIssued'],
    'quote-received': ['QuoteRequested'],
    shipped: ['OrderShipped'],
    cancelled: ['OrderCancelled'],
    'sales-notification': ['PurchaseOrderSubmitted', 'QuoteRequested'],
    'quote-sent': ['QuoteSent'],
    'credit-note': ['CreditNoteIssued'],
    'payment-receipt': ['PaymentReceiptIssued'],
    'quote-answered': ['QuoteAccepted', 'QuoteDeclined'],
  };
  if (!expected[template].includes(trigger.type))
    throw new UnrecoverableError(`${template} mail cannot be about ${trigger.type}`);
  const facts = trigger.data as Record<string, string>;
  switch (template) {
    case 'order-confirmation':
      return { template, invoiceNumber: facts.invoiceNumber ?? '' };
    case 'shipped':
      return { template, carrier: facts.carrier ?? '', trackingNumber: facts.trackingNumber ?? '' };
    case 'cancelled':
      return { template, reason: facts.reason ?? '' };
    case 'credit-note': {
      const note = trigger.data as CreditNoteIssuedData;
      return {
        template,
        creditNoteNumber: note.creditNoteNumber,
        invoiceNumber: note.invoiceNumber,
        amountCents: note.amountCents,
        reason: note.reason,
      };
    }
    case 'payment-receipt': {
      const receipt = trigger.data as PaymentReceiptIssuedData;
      return {
        template,
        receiptNumber: receipt.receiptNumber,
        invoiceNumber: receipt.invoiceNumber,
        amountCents: receipt.amountCents,
      };
    }
    case 'quote-answered':
      return { template, accepted: trigger.type === 'QuoteAccepted' };
    case 'quote-received':
    case 'quote-sent':
    case 'sales-notification':
      return { template };
  }
}

const orderEmailData = z.object({
  template: z.enum(orderEmailTemplates),
  orderId: z.uuid(),
  revision: z.number().int().min(0),
}) satisfies z.ZodType<OrderEmailData>;

function parseOrderEmailData(data: unknown): OrderEmailData {
  const parsed = orderEmailData.safeParse(data);
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (!parsed.success)
    throw new UnrecoverableError(
      `send-order-email data is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')}`,
    );
  return parsed.data;
}
