import { z } from 'zod';
import { pageParams, pagePosition } from '../paging.ts';
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
  ...pageParams({ maxPageSize: 100, defaultPageSize: 20 }),
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
  ...pagePosition,
  /** Submissions not answered yet, whatever the filter. */
  newCount: z.number().int(),
});

export type InboxListQuery = z.infer<typeof inboxListQuery>;
export type InboxEntry = z.infer<typeof inboxEntry>;
export type InboxListView = z.infer<typeof inboxListView>;

/** One document per inquiry or contact message (id = its id): the back office's inbox. */
export type InboxDocument = StoredDocument & InboxEntry;

export const inboxReadModel = readModel<InboxDocument>('inbox', ['email', 'status', 'kind']);
