import { describe, expect, it } from 'vitest';
import { fieldMessages } from './customers.ts';
import { orderAddressInput, passesLuhn, placeOrderInput, purchaseOrderInput, quoteRequestInput } from './orders.ts';

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
const card = { name: 'Ann Lee', cardType: 'visa', cardNumber: '4111111111111111', month: '12', year: nextYear, cvv: '123' };

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
    expect(messagesOf(orderAddressInput, {})).toMatchObject({ firstName: 'First name is required', state: 'State is required', zipCode: 'Zip code is required' });
  });

  it('accepts the 50 states and DC by code, fills the optional fields, and refuses anything else', () => {
    expect(orderAddressInput.parse(address)).toEqual({ ...address, company: '', taxExemptNumber: '', address2: '', useForInvoice: true });
    expect(orderAddressInput.parse({ ...address, state: 'DC' }).state).toBe('DC');
    expect(messagesOf(orderAddressInput, { ...address, state: 'Louisiana' })).toEqual({ state: 'Please choose a state from the list' });
    expect(messagesOf(orderAddressInput, { ...address, state: 'PR' })).toEqual({ state: 'Please choose a state from the list' });
  });

  it('refuses NUL and unpaired surrogates in any text', () => {
    expect(messagesOf(orderAddressInput, { ...address, city: 'New\u0000Orleans' })).toEqual({ city: 'City contains characters that are not allowed' });
    expect(messagesOf(orderAddressInput, { ...address, company: 'Lab \uD800' })).toEqual({ company: 'Company contains characters that are not allowed' });
    expect(orderAddressInput.parse({ ...address, company: 'Lab 🧪' }).company).toBe('Lab 🧪');
  });

  it('needs an idempotency key and whole cents for the expected subtotal', () => {
    expect(messagesOf(placeOrderInput, { address, expectedSubtotalCents: 1.5 })).toEqual({
      idempotencyKey: 'Idempotency key must be a uuid',
      expectedSubtotalCents: 'Expected subtotal must be a whole number of cents',
    });
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

  it('takes 16 digits that pass the Luhn check, and 3 or 4 CVV digits', () => {
    expect(purchaseOrderInput.parse({ ...card, cardNumber: '4111 1111 1111 1111', cvv: '1234' })).toMatchObject({ cardNumber: '4111111111111111', cvv: '1234' });
    for (const cardNumber of ['4111111111111112', '411111111111111', '41111111111111111', '4111-1111-1111-111x']) {
      expect(messagesOf(purchaseOrderInput, { ...card, cardNumber })).toEqual({ cardNumber: 'Invalid card number format' });
    }
    for (const cvv of ['12', '12345', '12a']) expect(messagesOf(purchaseOrderInput, { ...card, cvv })).toEqual({ cvv: 'Invalid CVV (3 or 4 digits)' });
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('5555555555554445')).toBe(false);
  });

  it('offers this year and the next 20, and refuses a card that has expired', () => {
    const thisYear = new Date().getUTCFullYear();
    expect(messagesOf(purchaseOrderInput, { ...card, year: String(thisYear + 21) })).toEqual({ year: 'Please select expiry year' });
    expect(messagesOf(purchaseOrderInput, { ...card, year: String(thisYear - 1) })).toEqual({ year: 'Please select expiry year' });
    expect(messagesOf(purchaseOrderInput, { ...card, month: '13' })).toEqual({ month: 'Please select expiry month' });
    const lastMonth = new Date(Date.UTC(thisYear, new Date().getUTCMonth() - 1, 1));
    if (lastMonth.getUTCFullYear() === thisYear) {
      const month = String(lastMonth.getUTCMonth() + 1).padStart(2, '0');
      expect(messagesOf(purchaseOrderInput, { ...card, month, year: String(thisYear) })).toEqual({ month: 'This card has expired' });
    }
  });

  it('takes a quote request with every field empty and no card at all', () => {
    expect(quoteRequestInput.parse({})).toEqual({ company: '', name: '', poNumber: '' });
    expect(messagesOf(quoteRequestInput, { cardNumber: '4111111111111111' })).toEqual({ body: expect.any(String) });
  });
});
