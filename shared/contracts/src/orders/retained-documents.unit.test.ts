import { describe, it } from 'vitest';
import { spec } from '../testing/decider-spec.ts';
import { retainedDocumentsDecider } from './retained-documents.ts';

const orderId = '00000000-0000-5000-8000-0000000000e1';
const at = new Date('2033-11-24T10:00:00.000Z');
const shredded = (documentNumbers: string[]) => ({
  type: 'RetainedDocumentsShredded' as const,
  data: { orderId, documentNumbers, shreddedAt: at.toISOString() },
});

describe('retained documents decider', () => {
  it('records each shredded document once: a sweep cut short and run again records only the rest', () => {
    const retained = spec(retainedDocumentsDecider);
    retained
      .given([])
      .when({ type: 'RecordShredded', orderId, documentNumbers: ['INV-1', 'CN-1-1'], at })
      .then([shredded(['INV-1', 'CN-1-1'])]);
    retained
      .given([shredded(['INV-1'])])
      .when({ type: 'RecordShredded', orderId, documentNumbers: ['INV-1', 'CN-1-1'], at })
      .then([shredded(['CN-1-1'])]);
    retained
      .given([shredded(['INV-1', 'CN-1-1'])])
      .when({ type: 'RecordShredded', orderId, documentNumbers: ['INV-1', 'CN-1-1'], at })
      .then([]);
  });

  it('records every staff download', () => {
    spec(retainedDocumentsDecider)
      .given([shredded(['RCT-1'])])
      .when({ type: 'RecordRetainedDownload', orderId, documentNumber: 'INV-1', at })
      .then([
        {
          type: 'RetainedDocumentDownloaded',
          data: { orderId, documentNumber: 'INV-1', downloadedAt: at.toISOString() },
        },
      ]);
  });
});

describe('retained documents state', () => {
  it('passes over downloads: only shredding is remembered', () => {
    const downloaded = {
      type: 'RetainedDocumentDownloaded' as const,
      data: { orderId, documentNumber: 'INV-1', downloadedAt: at.toISOString() },
    };
    spec(retainedDocumentsDecider)
      .given([downloaded, shredded(['RCT-1']), downloaded])
      .when({ type: 'RecordShredded', orderId, documentNumbers: ['INV-1', 'RCT-1'], at })
      .then([shredded(['INV-1'])]);
  });
});
