import { z } from 'zod';
import { submissionKinds } from './commands.ts';
import type { StoredDocument } from '../read-model.ts';
import { readModel } from '../read-model.ts';

/**
 * What the query API answers the back office's inbox: every inquiry and contact message, newest
 * first, with its status and who answered it. The frontend derives its types from these.
 */
export const submissionStatuses = ['new', 'answered'] as const;

export const inboxListQuery = z.strictObject({
  status: z.enum(submissionStatuses, { error: "Status is 'new' or 'answered'" }).optional(),
  kind: z.enum(submissionKinds, { error: "Kind is 'inquiry' or 'contact'" }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(10_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size is at least 1')
    .max(100, 'Page size is at most 100')
    .default(20),
});

export const inboxEntry = z.object({
  kind: z.enum(submissionKinds),
  id: z.string(),
  status: z.enum(submissionStatuses),
  submittedAt: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  /** The inquiry's service, or the contact message's subject. */
  topic: z.string(),
  /** The inquiry's comment, or the contact message's text. */
  message: z.string(),
  /** The contact form's other fields (title, department, extension, interests), labelled; empty ones left out. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  answeredBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  answeredAt: z.string().nullable(),
});

export const inboxListView = z.object({
  submissions: z.array(inboxEntry),
  total: z.number().int(),
  /** Submissions not answered yet, whatever the filter. */
  newCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type InboxListQuery = z.infer<typeof inboxListQuery>;
export type InboxEntry = z.infer<typeof inboxEntry>;
export type InboxListView = z.infer<typeof inboxListView>;

/** One document per inquiry or contact message (id = its id): the back office's inbox. */
export type InboxDocument = StoredDocument & InboxEntry;

export const inboxReadModel = readModel<InboxDocument>('inbox', ['email', 'status', 'kind']);
