import { SHIPPING_METHOD_REQUIRED } from './shipping.ts';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../customers/commands.ts';
import { orderAddressInput, passesLuhn, placeOrderInput, purchaseOrderInput, quoteRequestInput } from './commands.ts';

const address = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '555-0101',
  address1: '1 Bench St',
  city: 'New Orleans',
  state: 'LA',
  zipCode: '70112',
};
const nextYear = String(new Date().getUTCFullYear() + 1);
const card = {
  name: 'Ann Lee',
  cardType: 'visa',
  cardNumber: '4111111111111111',
  month: '12',
  year: nextYear,
  cvv: '123',
};

const messagesOf = (schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error as Parameters<typeof fieldMessages>[0]);
};

describe('checkout address', () => {
  it("answers every missing field with the spec's message", () => {
    const empty = { firstName: '', lastName: '', email: '', phone: '', address1: '', city: '', state: '', zipCode: '' };
    expect(messagesOf(orderAddressInput, empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: 'Phone number is required',
      address1: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Zip code is required',
    });
    expect(messagesOf(orderAddressInput, {})).toMatchObject({
      firstName: 'First name is required',
      state: 'State is required',
      zipCode: 'Zip code is required',
    });
  });

  it('accepts the 50 states and DC by code, fills the optional fields, and refuses anything else', () => {
    expect(orderAddressInput.parse(address)).toEqual({
      ...address,
      company: '',
      taxExemptNumber: '',
      address2: '',
      useForInvoice: true,
    });
    expect(orderAddressInput.parse({ ...address, state: 'DC' }).state).toBe('DC');
    expect(messagesOf(orderAddressInput, { ...address, state: 'Louisiana' })).toEqual({
      state: 'Please choose a state from the list',
    });
    expect(messagesOf(orderAddressInput, { ...address, state: 'PR' })).toEqual({
      state: 'Please choose a state from the list',
    });
  });

  it('refuses NUL and unpaired surrogates in any text', () => {
    expect(messagesOf(orderAddressInput, { ...address, city: 'New\u0000Orleans' })).toEqual({
      city: 'City contains characters that are not allowed',
    });
    expect(messagesOf(orderAddressInput, { ...address, company: 'Lab \uD800' })).toEqual({
      company: 'Company contains characters that are not allowed',
    });
    expect(orderAddressInput.parse({ ...address, company: 'Lab 🧪' }).company).toBe('Lab 🧪');
  });

  it('needs an idempotency key, a shipping method of the table and whole cents for the expected subtotal', () => {
    expect(messagesOf(placeOrderInput, { address, expectedSubtotalCents: 1.5 })).toEqual({
      idempotencyKey: 'Idempotency key must be a uuid',
      shippingMethod: SHIPPING_METHOD_REQUIRED,
      expectedSubtotalCents: 'Expected subtotal must be a whole number of cents',
    });
    expect(
      messagesOf(placeOrderInput, {
        idempotencyKey: crypto.randomUUID(),
        address,
        shippingMethod: 'Overnight',
        expectedSubtotalCents: 100,
      }),
    ).toEqual({ shippingMethod: SHIPPING_METHOD_REQUIRED });
  });
});

describe('purchase order', () => {
  it("answers every missing field with the spec's message", () => {
    expect(messagesOf(purchaseOrderInput, {})).toEqual({
      name: 'Name is required',
      cardType: 'Please select a card type',
      cardNumber: 'Card number is required',
      month: 'Please select expiry month',
      year: 'Please select expiry year',
      cvv: 'CVV is required',
    });
    expect(messagesOf(purchaseOrderInput, { ...card, name: ' ', cardNumber: '', cvv: '' })).toEqual({
      name: 'Name is required',
      cardNumber: 'Card number is required',
      cvv: 'CVV is required',
    });
  });

  it('takes every brand offered at its real lengths with the Luhn check, spaces and dashes tolerated, and its own security code', () => {
    const accepted = [
      ['amex', '3782 822463 10005', '1234'],
      ['amex', '3714-496353-98431', '7777'],
      ['visa', '4222 2222 2222 2', '123'],
      ['visa', '4111 1111 1111 1111', '123'],
      ['visa', '4111-1111-1111-1111-003', '123'],
      ['master', '5555 5555 5555 4444', '123'],
      ['master', '2221 0000 0000 0009', '123'],
      ['discover', '6011 1111 1111 1117', '123'],
      ['discover', '6445 6445 6445 6445', '123'],
    ] as const;
    for (const [cardType, cardNumber, cvv] of accepted) {
      expect(
        purchaseOrderInput.safeParse({ ...card, cardType, cardNumber, cvv }).error?.issues,
        `${cardType} ${cardNumber}`,
      ).toBeUndefined();
      expect(purchaseOrderInput.parse({ ...card, cardType, cardNumber, cvv }).cardNumber).toBe(
        cardNumber.replace(/[\s-]/g, ''),
      );
    }
    const refused = [
      ['amex', '3782 822463 1000', 'American Express card numbers are 15 digits starting with 34 or 37'],
      ['amex', '4111111111111111', 'American Express card numbers are 15 digits starting with 34 or 37'],
      ['amex', '378282246310006', 'This American Express card number is not valid: please check the digits'],
      ['visa', '41111111111111', 'Visa card numbers are 13, 16 or 19 digits starting with 4'],
      ['visa', '4111111111111112', 'This Visa card number is not valid: please check the digits'],
      ['master', '5555 5555 5555 444', 'Mastercard card numbers are 16 digits starting with 51–55 or 2221–2720'],
      ['master', '2721 0000 0000 0004', 'Mastercard card numbers are 16 digits starting with 51–55 or 2221–2720'],
      ['discover', '6011 1111 1111 1118', 'This Discover card number is not valid: please check the digits'],
      [
        'discover',
        '6211 1111 1111 1111',
        'Discover card numbers are 16 or 19 digits starting with 6011, 644–649 or 65',
      ],
    ] as const;
    for (const [cardType, cardNumber, message] of refused) {
      expect(
        messagesOf(purchaseOrderInput, { ...card, cardType, cardNumber, cvv: cardType === 'amex' ? '1234' : '123' }),
        cardNumber,
      ).toEqual({ cardNumber: message });
    }
    expect(messagesOf(purchaseOrderInput, { ...card, cardNumber: '4111-1111-1111-111x' })).toEqual({
      cardNumber: 'Invalid card number format',
    });
    expect(
      messagesOf(purchaseOrderInput, { ...card, cardType: 'amex', cardNumber: '378282246310005', cvv: '123' }),
    ).toEqual({ cvv: 'American Express needs the 4-digit CID on the front' });
    expect(messagesOf(purchaseOrderInput, { ...card, cvv: '1234' })).toEqual({
      cvv: 'Visa needs the 3-digit CVV on the back',
    });
    for (const cvv of ['12', '12345', '12a'])
      expect(messagesOf(purchaseOrderInput, { ...card, cvv })).toEqual({ cvv: 'Invalid CVV (3 or 4 digits)' });
    // The brand's messages show as soon as the number is typed, whatever else the form still lacks.
    expect(
      messagesOf(purchaseOrderInput, { ...card, name: '', month: '', cardNumber: '4111111111111112' }),
    ).toMatchObject({ cardNumber: 'This Visa card number is not valid: please check the digits' });
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('5555555555554445')).toBe(false);
  });

  it('offers this year and the next 20, and refuses a card that has expired', () => {
    const thisYear = new Date().getUTCFullYear();
    expect(messagesOf(purchaseOrderInput, { ...card, year: String(thisYear + 21) })).toEqual({
      year: 'Please select expiry year',
    });
    expect(messagesOf(purchaseOrderInput, { ...card, year: String(thisYear - 1) })).toEqual({
      year: 'Please select expiry year',
    });
    expect(messagesOf(purchaseOrderInput, { ...card, month: '13' })).toEqual({ month: 'Please select expiry month' });
    const lastMonth = new Date(Date.UTC(thisYear, new Date().getUTCMonth() - 1, 1));
    if (lastMonth.getUTCFullYear() === thisYear) {
      const month = String(lastMonth.getUTCMonth() + 1).padStart(2, '0');
      expect(messagesOf(purchaseOrderInput, { ...card, month, year: String(thisYear) })).toEqual({
        month: 'This card has expired',
      });
    }
  });

  it('takes a quote request with every field empty and no card at all', () => {
    expect(quoteRequestInput.parse({})).toEqual({ company: '', name: '', poNumber: '' });
    expect(messagesOf(quoteRequestInput, { cardNumber: '4111111111111111' })).toEqual({ body: expect.any(String) });
  });
});
