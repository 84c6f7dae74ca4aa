import { z } from 'zod';
import { pageParams, pagePosition } from '../paging.ts';
import { isUsStateCode } from '../us-states.ts';
import { isIsoDay } from '../dates.ts';
import { orderStatuses, orderView, type OrderView } from './queries.ts';
import type { StoredDocument } from '../read-model.ts';
import type { HeldFromStatus } from './desk-rules.ts';
import { readModel } from '../read-model.ts';

/**
 * What the query API answers the back office's order desk: every order and quote, filtered and a
 * page at a time, and one order with its timeline (every event of its stream, with time and actor).
 * The frontend derives its types from these with z.infer.
 */

const isoDate = (label: string) => z.string().refine(isIsoDay, `${label} must be a date (YYYY-MM-DD)`).optional();

export const orderDeskKinds = ['all', 'orders', 'quotes'] as const;

/** The columns the order desk sorts by (`sort`); newest placed first by default. */
export const orderDeskSortKeys = ['placedAt', 'orderNumber', 'customer', 'state', 'total', 'status'] as const;
export type OrderDeskSortKey = (typeof orderDeskSortKeys)[number];

/** GET /api/admin/orders: every filter optional; `from` and `to` are New York days, both included. */
export const orderDeskListQuery = z
  .strictObject({
    status: z.enum(orderStatuses, { error: 'Please choose a status from the list' }).optional(),
    from: isoDate('From'),
    to: isoDate('To'),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => isUsStateCode(code), 'Please choose a state from the list')
      .optional(),
    email: z.string().trim().min(1, 'Email must not be empty').max(254, 'Email is too long').optional(),
    orderNumber: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, 'Order number must not be empty')
      .max(40, 'Order number is too long')
      .optional(),
    search: z
      .string()
      .trim()
      .min(1, 'Search must not be empty')
      .max(100, 'Search is at most 100 characters')
      .optional()
      .describe('A part of the order number, customer name, company, email or PO number'),
    kind: z.enum(orderDeskKinds, { error: "Kind is 'all', 'orders' or 'quotes'" }).default('all'),
    /** Checkouts never paid by purchase order nor turned into a quote (open, cancelled or expired) are hidden unless shown, or asked for by status. */
    unpaid: z.enum(['hide', 'show'], { error: "Unpaid is 'hide' or 'show'" }).default('hide'),
    /** 'only': the orders waiting on backordered units. */
    backorders: z.enum(['only'], { error: "Backorders is 'only'" }).optional(),
    /** 'confirmation': the orders staff can confirm (purchase order received, or quote accepted). */
    awaiting: z.enum(['confirmation'], { error: "Awaiting is 'confirmation'" }).optional(),
    sort: z.enum(orderDeskSortKeys, { error: `Sort is one of ${orderDeskSortKeys.join(', ')}` }).default('placedAt'),
    direction: z.enum(['asc', 'desc'], { error: "Direction is 'asc' or 'desc'" }).default('desc'),
    ...pageParams({ maxPageSize: 100, defaultPageSize: 20 }),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'To must not be before From', path: ['to'] })
  .refine(({ status, awaiting }) => !status || !awaiting, {
    message: 'Awaiting confirmation already names its statuses: choose a status or awaiting, not both',
    path: ['awaiting'],
  })
  .refine(({ search, email }) => !search || !email, {
    message: 'Search already matches emails: use one or the other',
    path: ['search'],
  });

/** One row of the order desk's list. */
export const orderDeskRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  placedAt: z.string(),
  status: z.enum(orderStatuses),
  kind: z.enum(['order', 'quote']),
  customerEmail: z.string().describe("The customer's account email"),
  customerName: z.string().describe("The order address's first and last name"),
  company: z.string(),
  state: z.string().describe("The order address's two-letter state"),
  poNumber: z.string().nullable(),
  totalCents: z.number().int(),
  paidAt: z.string().nullable(),
  version: z.number().int(),
  backorderedUnits: z
    .number()
    .int()
    .describe('Units on backorder over its lines while the order is open (not shipped or cancelled)'),
});

export const orderDeskListView = z.object({
  orders: z.array(orderDeskRow),
  ...pagePosition,
});

export const timelineActor = z.object({
  kind: z.enum(['customer', 'admin', 'system', 'anonymous']),
  id: z.string(),
  email: z.string().describe("The admin's or customer's email; the system's name for system events"),
});

/** One event of the order's stream as the timeline shows it. */
export const timelineEntry = z.object({
  eventId: z.string(),
  type: z.string().describe('The event type, e.g. OrderShipped'),
  at: z.string().describe('When it happened (ISO-8601)'),
  actor: timelineActor,
  summary: z.string().describe('What happened, in words: "Shipped by UPS, tracking number 1Z…"'),
});

export const orderDeskOrderView = z.object({
  order: orderView,
  kind: z.enum(['order', 'quote']),
  customer: z.object({ id: z.string(), email: z.string() }),
  timeline: z.array(timelineEntry).describe('Oldest first'),
});

export type OrderDeskKind = (typeof orderDeskKinds)[number];
export type OrderDeskListQuery = z.infer<typeof orderDeskListQuery>;
export type OrderDeskRow = z.infer<typeof orderDeskRow>;
export type OrderDeskListView = z.infer<typeof orderDeskListView>;
export type TimelineActor = z.infer<typeof timelineActor>;
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type OrderDeskOrderView = z.infer<typeof orderDeskOrderView>;

/**
 * One document per order or quote, for the back office's order desk and for the customer's My Orders,
 * My Quotes, invoices and data export. The desk filters by `order.status`, `order.placedAt`,
 * `order.address.state`, `order.orderNumber`, `kind` and `customerEmail` and shows the timeline; the
 * customer's pages find their orders by `customerId` and `kind` and are given the `order` only (the
 * timeline names staff). The order is folded with the command API's fold; the timeline keeps
 * every event of the order's stream (invoices and any later kind included) with its time and actor.
 */
export interface OrderDeskEntry extends StoredDocument {
  customerId: string;
  /** The account email of the customer who placed it, lower case (the list's email filter). */
  customerEmail: string;
  idempotencyKey: string;
  kind: 'order' | 'quote';
  heldFrom: HeldFromStatus | null;
  order: OrderView;
  /** Units on backorder over the order's lines while it is open (issue 21); the desk lists these orders apart. */
  backorderedUnits: number;
  timeline: TimelineEntry[];
  /** What the desk's Search matches anywhere in, lower case: order number, customer name and emails, company, PO number. */
  searchText: string;
}

export const orderDeskReadModel = readModel<OrderDeskEntry>('order-desk', [
  'customerId',
  'kind',
  'order.status',
  'order.address.state',
  'order.orderNumber',
  'backorderedUnits',
]);
