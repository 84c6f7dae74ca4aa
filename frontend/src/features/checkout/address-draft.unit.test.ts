import { describe, expect, it } from 'vitest';
import type { SavedAddressView } from '@labshop/contracts/orders/queries';
import { initialAddressDraft } from './address-draft.ts';

const customer = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };

const saved: SavedAddressView = {
  firstName: 'Anna',
  lastName: '',
  email: 'old@example.com',
  company: 'Lee Lab',
  taxExemptNumber: 'EX-9',
  phone: '+1 504 555 0100',
  address1: '1 Canal St',
  address2: 'Suite 2',
  city: 'New Orleans',
  state: 'LA',
  zipCode: '70112',
  useForInvoice: false,
  source: 'last-order',
};

describe('initialAddressDraft', () => {
  it("starts from the saved address, the signed-in email and the session name where the address has none; never an exemption number (that is the account's verified certificate)", () => {
    expect(initialAddressDraft(customer, saved)).toEqual({
      firstName: 'Anna',
      lastName: 'Lee',
      email: 'ann@example.com',
      company: 'Lee Lab',
      taxExemptNumber: '',
      phone: '+1 504 555 0100',
      address1: '1 Canal St',
      address2: 'Suite 2',
      city: 'New Orleans',
      state: 'LA',
      zipCode: '70112',
      useForInvoice: false,
    });
  });

  it('starts blank (invoice address ticked) without a saved address', () => {
    expect(initialAddressDraft(customer, null)).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '',
      state: '',
      useForInvoice: true,
    });
  });

  it('reads a state name as its code and clears a state the list does not know', () => {
    expect(initialAddressDraft(customer, { ...saved, state: 'district of columbia' }).state).toBe('DC');
    expect(initialAddressDraft(customer, { ...saved, state: 'Atlantis' }).state).toBe('');
  });
});
