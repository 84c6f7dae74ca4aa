import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { createSendCustomerEmailProcessor, MAIL_QUEUE, SEND_CUSTOMER_EMAIL } from './jobs/customer-emails.ts';
import type { CustomerEmailLinks } from './jobs/customer-emails-templates.ts';
import { createSendOrderEmailProcessor, SEND_ORDER_EMAIL, type OrderEmailSettings } from './jobs/order-emails.ts';
import {
  createIssueCreditNoteProcessor,
  createIssueInvoiceProcessor,
  createIssueReceiptProcessor,
  INVOICE_QUEUE,
  ISSUE_CREDIT_NOTE,
  ISSUE_INVOICE,
  ISSUE_RECEIPT,
} from './jobs/issue-document.ts';
import { CHECKOUT_QUEUE, createExpireCheckoutProcessor, EXPIRE_CHECKOUT } from './jobs/expire-checkout.ts';
import { createSendInboxEmailProcessor, SEND_INBOX_EMAIL, type InboxEmailSettings } from './jobs/inbox-emails.ts';
import { createInvoiceStore, invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { createPdfThread } from './invoices/pdf-thread.ts';
import { DEFAULT_INVOICE_CONCURRENCY } from '@labshop/platform/config';
import { createRunOnce } from './jobs/run-once.ts';
import type { Logger } from './logger.ts';
import { createMailSender, DEFAULT_MAIL_FROM } from './mail/mail-sender.ts';
import { createJobQueues } from './queues.ts';
import { assertDistinctReactors, jobsForEvent, type Reactor } from './reactor/reactor.ts';
import { enqueue, startReactor, type Checkpoints, type ReactorTiming } from './reactor/start-reactor.ts';
import { connectRedis } from './redis.ts';
import { startQueueWorker, type QueueWork } from './queue-worker.ts';
import { withTimeout } from './retry.ts';
import { startRetentionSweeps } from './invoices/retention.ts';

/** Mail jobs a worker process runs at once. */
export const MAIL_CONCURRENCY = 32;

export interface StartWorkersOptions {
  eventStore: EventStore;
  /** Where the reactors keep their checkpoints (the read store). */
  readStore: Checkpoints;
  redisUrl: string;
  /** Local mail goes to `<dataDir>/mail/*.eml` when there is no `smtpUrl`. */
  dataDir: string;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  logger: Logger;
  reactors: readonly Reactor[];
  /** Where account mails link to and the key their tokens derive from; needed to send customer mails. */
  customerEmails?: CustomerEmailLinks | undefined;
  /** Where order mails link to and the sales inbox; needed to send order mails (invoices are issued regardless). */
  orderEmails?: OrderEmailSettings | undefined;
  /** Where inquiry and contact mails link to and the sales inbox; needed to send them. */
  inboxEmails?: InboxEmailSettings | undefined;
  /** BullMQ key prefix; tests give each run its own. */
  prefix?: string | undefined;
  reactorTiming?: Partial<ReactorTiming> | undefined;
  /** How long stop() lets running jobs finish before it drops the Redis connections (default 10 s). */
  stopGraceMs?: number | undefined;
  /**
   * How long a mail job's send-once claim outlives its holder (default 40 s, renewed while the mail is sent; see
   * run-once.ts). A claim whose reply was lost to a Redis outage blocks retries of that mail until it expires.
   */
  mailClaimTtlMs?: number | undefined;
  /** Years an erased customer's invoices and credit notes are kept before they are shredded (LEGAL_RETENTION_YEARS); unset, nothing is shredded. */
  legalRetentionYears?: number | undefined;
  /** Documents (invoices, credit notes, receipts) rendered at once (INVOICE_CONCURRENCY; default 16). */
  invoiceConcurrency?: number | undefined;
}

export interface RunningWorkers {
  /**
   * Enqueues the jobs these events' reactors derive, at once and in the background (a command that appended them
   * hands them over: the purchase order's invoice job skips the trip through the subscription). The ids are the
   * reactor's, so its own enqueue later is the same job; a failure is logged and left to the reactor.
   */
  reactNow(events: readonly RecordedEvent[]): void;
  stop(): Promise<void>;
}

/** Starts the reactors (events → jobs) and a BullMQ worker per queue that has processors. */
export function startWorkers(options: StartWorkersOptions): RunningWorkers {
  // Checked before any connection is opened, so a wrong reactor list leaks nothing.
  assertDistinctReactors(options.reactors);
  const { logger } = options;
  const prefix = options.prefix ?? 'labshop';
  const mailFrom = options.mailFrom ?? DEFAULT_MAIL_FROM;
  const commands = connectRedis(options.redisUrl, 'commands', logger);
  const blocking = connectRedis(options.redisUrl, 'blocking', logger);
  const queues = createJobQueues({ connection: commands, prefix, logger });
  const mailSender = createMailSender({ smtpUrl: options.smtpUrl, dataDir: options.dataDir, from: mailFrom, logger });
  // The query API's invoice downloads read the same folder.
  const invoices = createInvoiceStore(invoiceDirOf(options.dataDir));
  const pdfs = createPdfThread(logger);

  /**
   * Hands events just appended (InvoiceIssued by a job, PurchaseOrderSubmitted by a command) to their reactors' jobs
   * at once. Bounded: BullMQ waits for Redis forever, and the reactor enqueues the same jobs from the events anyway.
   */
  const enqueueReactions = async (events: readonly RecordedEvent[]) => {
    const jobs = events.flatMap((event) => {
      const reactor = options.reactors.find((candidate) => candidate.eventTypes.includes(event.type));
      return reactor ? jobsForEvent(reactor, event) : [];
    });
    if (jobs.length > 0) await withTimeout(enqueue(jobs, queues), 5_000, 'enqueue');
  };
  const afterIssued = (event: RecordedEvent) => enqueueReactions([event]);
  const documentDeps = { eventStore: options.eventStore, invoices, afterIssued, renderPdf: pdfs.render };

  const workByQueue: Record<string, QueueWork> = {
    [MAIL_QUEUE]: {
      // Sending is mostly waiting (the order's read, the invoice file, the SMTP server or the .eml write): at 5 the
      // confirmations queued for seconds behind each other under `bench:orders` (README, Invoices and order mails).
      concurrency: MAIL_CONCURRENCY,
      processors: {
        ...(options.customerEmails && {
          [SEND_CUSTOMER_EMAIL]: createSendCustomerEmailProcessor({
            eventStore: options.eventStore,
            mailSender,
            runOnce: createRunOnce({
              redis: commands,
              keyPrefix: `${prefix}:once:${SEND_CUSTOMER_EMAIL}`,
              claimTtlMs: options.mailClaimTtlMs,
            }),
            messageIdDomain: domainOf(mailFrom),
            links: options.customerEmails,
          }),
        }),
        ...(options.orderEmails && {
          [SEND_ORDER_EMAIL]: createSendOrderEmailProcessor({
            eventStore: options.eventStore,
            invoices,
            mailSender,
            runOnce: createRunOnce({
              redis: commands,
              keyPrefix: `${prefix}:once:${SEND_ORDER_EMAIL}`,
              claimTtlMs: options.mailClaimTtlMs,
            }),
            messageIdDomain: domainOf(mailFrom),
            settings: options.orderEmails,
            renderPdf: pdfs.render,
          }),
        }),
        ...(options.inboxEmails && {
          [SEND_INBOX_EMAIL]: createSendInboxEmailProcessor({
            eventStore: options.eventStore,
            mailSender,
            runOnce: createRunOnce({
              redis: commands,
              keyPrefix: `${prefix}:once:${SEND_INBOX_EMAIL}`,
              claimTtlMs: options.mailClaimTtlMs,
            }),
            messageIdDomain: domainOf(mailFrom),
            settings: options.inboxEmails,
          }),
        }),
      },
    },
    [INVOICE_QUEUE]: {
      // Rendering a PDF is CPU work, but a job also reads the order's events, stores the file and appends: a few at
      // once overlap that waiting. Jobs racing for one order issue one document: each appends at the revision it read.
      concurrency: options.invoiceConcurrency ?? DEFAULT_INVOICE_CONCURRENCY,
      processors: {
        [ISSUE_INVOICE]: createIssueInvoiceProcessor(documentDeps),
        [ISSUE_CREDIT_NOTE]: createIssueCreditNoteProcessor(documentDeps),
        [ISSUE_RECEIPT]: createIssueReceiptProcessor(documentDeps),
      },
    },
    [CHECKOUT_QUEUE]: {
      concurrency: 1,
      processors: { [EXPIRE_CHECKOUT]: createExpireCheckoutProcessor({ eventStore: options.eventStore }) },
    },
  };
  const workers = Object.entries(workByQueue).map(([queue, work]) =>
    startQueueWorker(queue, work, { connection: blocking, prefix, logger }),
  );
  const reactors = startReactor({
    eventStore: options.eventStore,
    checkpoints: options.readStore,
    queues,
    reactors: options.reactors,
    logger,
    timing: options.reactorTiming,
  });
  const retention =
    options.legalRetentionYears === undefined
      ? null
      : startRetentionSweeps({
          eventStore: options.eventStore,
          invoices,
          retentionYears: options.legalRetentionYears,
          logger,
        });
  logger.info(
    { reactors: options.reactors.map((reactor) => reactor.name), queues: Object.keys(workByQueue), prefix },
    'Workers started',
  );

  return {
    reactNow(events) {
      enqueueReactions(events).catch((error: unknown) =>
        logger.warn(
          { error: error instanceof Error ? error.message : String(error), events: events.map((event) => event.id) },
          'Enqueue at once failed; the reactor enqueues these jobs from the events',
        ),
      );
    },
    async stop() {
      // No new jobs first, then let running jobs finish, then the connections they use.
      await Promise.all([reactors.stop(), retention?.stop()]);
      const graceMs = options.stopGraceMs ?? 10_000;
      const stopped = await Promise.all(workers.map((worker) => worker.stop(graceMs)));
      const jobsFinished = stopped.every((outcome) => outcome.jobsFinished);
      // A job cut short is retried once its lock lapses; run-once.ts says when that can repeat an effect.
      if (!jobsFinished) logger.warn({ graceMs }, 'Running jobs did not finish in time');
      await queues.close();
      await pdfs.close();
      mailSender.close();
      commands.disconnect();
      blocking.disconnect();
      logger.info({ jobsFinished }, 'Workers stopped');
    },
  };
}

function domainOf(address: string): string {
  return /@([^>\s]+)/.exec(address)?.[1] ?? 'labshop.local';
}
