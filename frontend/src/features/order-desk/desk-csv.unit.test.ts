import { describe, expect, it } from 'vitest';
import { deskRowsCsv } from './desk-csv.ts';

describe('the order desk selection as CSV', () => {
  it('writes a header and one line per row, dollars exact, typed text never run as a formula', () => {
    const csv = deskRowsCsv([
      {
        orderId: 'o-1',
        orderNumber: 'LUM2311202600042',
        placedAt: '2026-11-23T15:04:05.000Z',
        status: 'PO received',
        kind: 'order',
        customerEmail: 'amos@example.com',
        customerName: 'Amos Thibodeaux',
        company: 'Levee Labs, Inc.',
        state: 'LA',
        poNumber: '=1+1',
        totalCents: 5_506,
        paidAt: null,
        version: 2,
        backorderedUnits: 0,
      },
    ]);
    expect(csv).toBe(
      'Order No.,Placed,Kind,Customer,Email,Company,State,PO number,Total (USD),Status\r\n' +
        `LUM2311202600042,2026-11-23T15:04:05.000Z,Order,Amos Thibodeaux,amos@example.com,"Levee Labs, Inc.",LA,"'=1+1",55.06,PO received\r\n`,
    );
  });
});
