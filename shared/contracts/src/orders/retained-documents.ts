import type { RetainedDocumentEvent } from './retained-documents-events.ts';
import type { Decider } from '../decider.ts';

/**
 * What becomes of an erased customer's retained documents (events/retained-documents.ts), decided on the
 * order's stream: its state is only the numbers of the documents recorded as shredded (the order's other
 * events pass by).
 */
export type RetainedDocumentsCommand =
  /** Staff download a retained document: recorded before it is sent. */
  | { type: 'RecordRetainedDownload'; orderId: string; documentNumber: string; at: Date }
  /** The retention sweep shreds documents whose period is over: each is recorded once. */
  | { type: 'RecordShredded'; orderId: string; documentNumbers: readonly string[]; at: Date };

export type RetainedDocumentsState = ReadonlySet<string>;

export const retainedDocumentsDecider: Decider<
  RetainedDocumentsState,
  RetainedDocumentsCommand,
  RetainedDocumentEvent
> = {
  initialState: () => new Set(),
  evolve: (shredded, event) =>
    event.type === 'RetainedDocumentsShredded' ? new Set([...shredded, ...event.data.documentNumbers]) : shredded,
  decide(command, shredded) {
    const { orderId, at } = command;
    if (command.type === 'RecordRetainedDownload')
      return [
        {
          type: 'RetainedDocumentDownloaded',
          data: { orderId, documentNumber: command.documentNumber, downloadedAt: at.toISOString() },
        },
      ];
    const documentNumbers = command.documentNumbers.filter((number) => !shredded.has(number));
    return documentNumbers.length === 0
      ? []
      : [{ type: 'RetainedDocumentsShredded', data: { orderId, documentNumbers, shreddedAt: at.toISOString() } }];
  },
};

/**
 * Where staff download an erased customer's retained document: a command (POST to the command API), since each
 * download is recorded (RecordRetainedDownload) before a byte is sent; the query API only reads.
 */
export const retainedDocumentDownloadPath = (orderId: string, documentNumber: string) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/retained-documents/${encodeURIComponent(documentNumber)}/download`;

/** Why the query API will not send a retained document itself. */
export const RETAINED_DOCUMENT_DOWNLOAD =
  "An erased customer's documents are retained records and each staff download is recorded: download it with";
