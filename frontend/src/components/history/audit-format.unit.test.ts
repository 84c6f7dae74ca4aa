import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  formatAuditValue,
  HTML_PREVIEW_LENGTH,
} from './audit-format.ts';

describe('formatAuditValue', () => {
  it('shows prices in dollars, discounts in percent and visibility in words', () => {
    expect(formatAuditValue('priceCents', 123450)).toBe('$1,234.50');
    expect(formatAuditValue('totalCents', 995)).toBe('$9.95');
    expect(formatAuditValue('addPercentage', 12.5)).toBe('12.5%');
    expect(formatAuditValue('visible', false)).toBe('Hidden');
    expect(formatAuditValue('bestseller', true)).toBe('Yes');
  });

  it('lists price tiers with their money formatted', () => {
    const tiers = [
      { priceCents: 4500, packSize: '1 vial', description: '', catalogNumber: 'LS-1' },
      { priceCents: 19900, packSize: '5 vials', description: 'Value pack', catalogNumber: '' },
    ];
    expect(formatAuditValue('priceTiers', tiers)).toBe('$45.00 / 1 vial, cat. LS-1; $199.00 / 5 vials, Value pack');
    expect(formatAuditValue('priceTiers', [])).toBe('none');
  });

  it('names files by the name they were uploaded with, and an empty slot as none', () => {
    const file = {
      name: `${'a'.repeat(64)}.pdf`,
      originalName: 'manual.pdf',
      contentType: 'application/pdf',
      size: 2048,
    };
    expect(formatAuditValue('manualPdf', file)).toBe('manual.pdf');
    expect(formatAuditValue('image', null)).toBe('none');
  });

  it('cuts long HTML short and says how long it was, leaving short text whole', () => {
    const long = `<p>${'x'.repeat(500)}</p>`;
    const shown = formatAuditValue('contents', long);
    expect(shown.startsWith(long.slice(0, HTML_PREVIEW_LENGTH))).toBe(true);
    expect(shown).toContain('… (507 characters)');
    expect(formatAuditValue('content', '<p>Short</p>')).toBe('<p>Short</p>');
    expect(formatAuditValue('name', '')).toBe('(empty)');
  });
});

describe('labels', () => {
  it("names fields, actions and entities for people, any feature's too", () => {
    expect(auditFieldLabel('technicalNotesPdf')).toBe('Technical notes (PDF)');
    expect(auditFieldLabel('trackingNumber')).toBe('Tracking number');
    expect(auditActionLabel('order-put-on-hold')).toBe('Order put on hold');
    expect(auditEntityLabel('service-request')).toBe('Service request');
    expect(auditFieldLabel('b7e1.productName')).toBe('Product name (row b7e1)');
    expect(auditFieldLabel('CN-LUM2311202600042-1.amountCents')).toBe('Amount (CN-LUM2311202600042-1)');
    expect(formatAuditValue('b7e1.priceCents', 250)).toBe('$2.50');
  });
});

describe('the as-of view and History panel show an order and a detail as the back office does (QA: raw JSON, "Subtotal cents")', () => {
  it('names stored units for what they are: money and rates, not cents and basis points', () => {
    expect(auditFieldLabel('subtotalCents')).toBe('Subtotal');
    expect(auditFieldLabel('taxRateBasisPoints')).toBe('Tax rate');
    expect(formatAuditValue('taxRateBasisPoints', 1012)).toBe('10.12%');
    expect(formatAuditValue('taxCents', 2125)).toBe('$21.25');
  });

  it('shows an address, lines and files part by part, never as JSON', () => {
    const address = {
      firstName: 'Ann',
      lastName: 'Lee',
      company: '',
      city: 'New Orleans',
      state: 'LA',
      useForInvoice: true,
    };
    expect(formatAuditValue('address', address)).toBe(
      'First name: Ann, Last name: Lee, City: New Orleans, State: LA, Use for invoice: Yes',
    );
    const lines = [
      { productType: 'Kit', quantity: 2, unitPriceCents: 4500 },
      { productType: 'Tips', quantity: 1, unitPriceCents: 990 },
    ];
    expect(formatAuditValue('lines', lines)).toBe(
      'Product type: Kit, Quantity: 2, Unit price: $45.00; Product type: Tips, Quantity: 1, Unit price: $9.90',
    );
    const files = {
      image: { name: 'f.png', originalName: 'tile.png', contentType: 'image/png', size: 10 },
      manualPdf: null,
    };
    expect(formatAuditValue('files', files)).toBe('Image: tile.png');
    expect(auditFieldLabel('files')).toBe('Files');
    for (const shown of [
      formatAuditValue('address', address),
      formatAuditValue('lines', lines),
      formatAuditValue('files', files),
    ])
      expect(shown).not.toMatch(/[{}"]/);
  });
});
