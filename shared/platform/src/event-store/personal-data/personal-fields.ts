import { customerProfileFieldNames } from '@labshop/contracts/customers/events';
import type { EventMetadata } from '../port.ts';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';

/** Where a sealed part keeps its personal values (sealed-parts.ts); its `owner` names whose key seals them. */
export const ENVELOPE = '_personal';

/**
 * Where personal data sits in events: the one list the personal-data store seals on append, opens on
 * read and replaces with the erased shape once its owner's key is gone. Ids, amounts, tax, states,
 * statuses and product lines are not listed, so orders still add up after an erasure.
 *
 * Deliberately not listed: a customer's title (Mr/Ms: not identifying without the names, and the
 * read models accept no third value), an order address's two-letter `state` (the same as the order's
 * `taxState`, which the ledger needs), and carriers and tracking numbers (the carrier's reference).
 * The PO numbers and quote-decline reasons customers type and the free text staff type into an order (hold and cancel reasons,
 * payment references, credit-note reasons) are listed: they may name the customer.
 */
const addressFields = ['firstName', 'lastName', 'email', 'company', 'phone', 'address1', 'address2', 'city', 'zipCode'];
/** The shipping address and the invoice's own address (issue 21; null when the shipping address is used), `state` kept in both. */
const orderAddressPaths = [
  ...addressFields.map((field) => `address.${field}`),
  ...addressFields.map((field) => `billingAddress.${field}`),
];
const recipientPaths = ['email', 'firstName', 'lastName'];

/** Dotted paths into `data`, by event type; the owner is named in `data.customerId` unless `ownerFields` says otherwise. */
export const personalDataPaths: Readonly<Record<string, readonly string[]>> = {
  CustomerEmailReserved: ['email'],
  CustomerEmailReleased: ['email'],
  CustomerRegistered: recipientPaths,
  ActivationTokenIssued: recipientPaths,
  CustomerActivated: recipientPaths,
  PasswordResetRequested: recipientPaths,
  CustomerProfileChanged: customerProfileFieldNames.map((field) => `changes.${field}`),
  OrderPlaced: [...orderAddressPaths, 'taxExemptNumber'],
  PurchaseOrderSubmitted: ['company', 'name', 'poNumber'],
  QuoteRequested: ['company', 'name', 'poNumber'],
  QuoteAccepted: ['poNumber'],
  // The checkout process's record of what the customer submitted (orders/checkout-process.ts), as the order's events above.
  CheckoutStarted: ['company', 'name', 'poNumber']
    .flatMap((field) => [`submission.payment.${field}`, `submission.quote.${field}`])
    .concat('submission.poNumber'),
  QuoteDeclined: ['reason'],
  TaxExemptionFiled: ['number'],
  TaxExemptionRejected: ['reason'],
  // A visitor's inquiry or contact message is keyed by its own id (it may come from no customer); erasing a
  // customer erases the submissions sent from their emails too (CustomerErased names them).
  InquirySubmitted: ['firstName', 'lastName', 'company', 'phone', 'email', 'comment'],
  ContactMessageSubmitted: ['subject', 'name', 'email', 'extension', 'title', 'department', 'message'],
};

/**
 * What staff type into an order (and the customer's revised checkout), by event type: owned by the order's
 * customer, though the event names only the order. The store finds the owner from the order's stream when it appends such an event and
 * keeps it in the sealed envelope, where readers find it.
 */
export const orderOwnedPaths: Readonly<Record<string, readonly string[]>> = {
  // The customer's own revised checkout (issue 21): the address they typed again, which the event names by its order only.
  CheckoutRevised: [...orderAddressPaths, 'taxExemptNumber'],
  OrderPutOnHold: ['reason'],
  OrderCancelled: ['reason'],
  InvoiceMarkedPaid: ['reference'],
  CreditNoteRequested: ['reason'],
  CreditNoteIssued: ['reason'],
};

/** Where an event that is not a customer's own names the owner of its personal data. */
const ownerFields: Readonly<Record<string, string>> = {
  InquirySubmitted: 'inquiryId',
  ContactMessageSubmitted: 'messageId',
};

/**
 * Dotted paths into `metadata` of any event a customer caused (their email as the actor) and of a
 * visitor's submission: the request's address and user agent (the audit log's `ip` and `userAgent`).
 * An admin's or the system's metadata is not the customer's data and stays readable for the audit log;
 * an anonymous shopper's cart has no owner to key it by (see the README).
 */
export const customerMetadataPaths: readonly string[] = ['actor.email', 'ip', 'userAgent'];

export { ERASED_CUSTOMER };

const erasedByField: Readonly<Record<string, string>> = {
  email: ERASED_CUSTOMER.email,
  firstName: ERASED_CUSTOMER.firstName,
  lastName: ERASED_CUSTOMER.lastName,
  fullName: ERASED_CUSTOMER.name,
  name: ERASED_CUSTOMER.name,
};

/** The erased value of a personal field, by its last path segment: names and email as above, everything else ''. */
export const erasedValue = (path: string): string => erasedByField[path.slice(path.lastIndexOf('.') + 1)] ?? '';

/** One part of an event (its data or its metadata) holding some owner's personal data. */
export interface PersonalPart {
  part: 'data' | 'metadata';
  owner: string;
  paths: readonly string[];
}

/**
 * The parts of an event that may hold personal data, with their owner: cheap, so events that carry
 * none (catalogue edits, most staff moves, invoices) pass the store untouched. `orderOwner` is the
 * customer of the order an order-owned event is appended to (found by the store); a stored one names
 * its owner in its envelope.
 */
export function personalPartsOf(
  event: { type: string; data: unknown; metadata: EventMetadata },
  orderOwner?: string,
): PersonalPart[] {
  const parts: PersonalPart[] = [];
  const data = event.data as Record<string, unknown>;
  const paths = personalDataPaths[event.type];
  const ownerField = ownerFields[event.type];
  const owner = paths && data[ownerField ?? 'customerId'];
  if (paths && typeof owner === 'string') parts.push({ part: 'data', owner, paths });
  const staffTyped = orderOwnedPaths[event.type];
  if (staffTyped) {
    const envelope = data[ENVELOPE] as { owner?: unknown } | undefined;
    const orderCustomer = orderOwner ?? envelope?.owner;
    if (typeof orderCustomer === 'string') parts.push({ part: 'data', owner: orderCustomer, paths: staffTyped });
  }
  const actor = event.metadata.actor;
  if (actor?.kind === 'customer' || (actor?.kind === 'anonymous' && ownerField && actor.id === owner))
    parts.push({ part: 'metadata', owner: actor.id, paths: customerMetadataPaths });
  return parts;
}
