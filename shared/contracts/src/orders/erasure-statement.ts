import { ERASED_CUSTOMER } from './erased-customer.ts';

/** How long invoices, credit notes and payment receipts are kept by default, from their issue date (tax records: seven years). */
export const DEFAULT_LEGAL_RETENTION_YEARS = 7;

/** One promise of an erasure, with the id its test checks it under. */
export interface ErasureClaim {
  id: string;
  text: string;
}

export interface ErasureStatement {
  retentionYears: number;
  /** What erasing a customer makes unreadable or removes. */
  erased: ErasureClaim[];
  /** What stays, and on what terms. */
  retained: ErasureClaim[];
}

/**
 * What erasing a customer does, in the words the back office's erase dialog and the privacy policy
 * show: one text for both, and the erasure test checks each claim by its id (a claim added here
 * without a check fails that test). Browser-safe.
 */
export function erasureStatement(retentionYears: number): ErasureStatement {
  const years = `${retentionYears} year${retentionYears === 1 ? '' : 's'}`;
  return {
    retentionYears,
    erased: [
      {
        id: 'identity',
        text: 'Name, email, phone, company and addresses become unreadable in the account, profile, orders, quotes, every list and the event history.',
      },
      {
        id: 'typed-text',
        text: 'Purchase-order numbers the customer typed and what staff wrote on their orders (hold and cancellation reasons, payment notes, credit-note reasons) become unreadable.',
      },
      { id: 'tax-certificates', text: 'Their tax exemption certificate becomes unreadable and its PDF is deleted.' },
      {
        id: 'submissions',
        text: 'Inquiries and contact messages sent from their email addresses, and the network address and browser recorded with each of their actions, become unreadable.',
      },
      {
        id: 'mail',
        text: 'Mails to or about them are deleted from the outbox; the mail queue holds only ids, never a name or an address.',
      },
      {
        id: 'logs',
        text: 'Server logs never hold their network address (only a hash under a key that changes daily) or their name and email.',
      },
      { id: 'sign-in', text: 'They can no longer sign in, every session ends, and their email may register anew.' },
    ],
    retained: [
      { id: 'orders', text: `Orders, lines, amounts, tax and statuses stay, shown as “${ERASED_CUSTOMER.name}”.` },
      {
        id: 'legal-documents',
        text: `Invoices, credit notes and payment receipts stay exactly as issued, with the name and address they were issued to: they are legal records, kept for ${years} from their issue date and readable only by staff (each download is recorded in the audit log), not through the customer's old links. After ${years} they are shredded.`,
      },
    ],
  };
}
