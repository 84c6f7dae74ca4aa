import { describe, expect, it } from 'vitest';
import { customerProfileInput, fieldMessages } from './customers/commands.ts';
import { billingAddressInput } from './orders/commands.ts';
import { addressLines, cityLine } from './postal-address.ts';

const postal = {
  phone: '+1 504 555 0123',
  address1: '7 Levee Rd',
  address2: '',
  city: 'Metairie',
  state: 'LA',
  zipCode: '70001',
};
const profile = { fullName: 'Ida Boudreaux', company: '', vatNumber: '', ...postal };
const billing = { firstName: 'Ida', lastName: 'Boudreaux', email: 'ida@example.com', company: '', ...postal };

const messagesOf = (result: { success: boolean; error?: Parameters<typeof fieldMessages>[0] }) =>
  result.success ? {} : fieldMessages(result.error!);

describe('a postal address, wherever a customer types one', () => {
  it('takes the state by its code in My Profile as at checkout, and refuses its name in both', () => {
    expect(customerProfileInput.safeParse(profile).success).toBe(true);
    expect(billingAddressInput.safeParse(billing).success).toBe(true);
    // My Profile used to take 'Louisiana' (and only names), checkout only 'LA'.
    const byName = { state: 'Louisiana' };
    expect(messagesOf(customerProfileInput.safeParse({ ...profile, ...byName }))).toEqual({
      state: 'Please choose a state from the list',
    });
    expect(messagesOf(billingAddressInput.safeParse({ ...billing, ...byName }))).toEqual({
      state: 'Please choose a state from the list',
    });
  });

  it('says the same about the same mistakes in both forms', () => {
    const wrong = { phone: 'call me', address1: ' ', city: '', state: '', zipCode: '7000' };
    expect(messagesOf(customerProfileInput.safeParse({ ...profile, ...wrong }))).toEqual(
      messagesOf(billingAddressInput.safeParse({ ...billing, ...wrong })),
    );
  });

  it('is labelled one way: person, company, street, city line, phone', () => {
    const address = { ...billing, company: 'Bayou Bio', address2: 'Lab 2' };
    expect(cityLine(address)).toBe('Metairie, LA 70001');
    expect(cityLine({ city: '', state: 'NY', zipCode: '' })).toBe('NY');
    expect(addressLines(address)).toEqual([
      'Ida Boudreaux',
      'Bayou Bio',
      '7 Levee Rd',
      'Lab 2',
      'Metairie, LA 70001',
      '+1 504 555 0123',
    ]);
    expect(addressLines(billing)).toEqual(['Ida Boudreaux', '7 Levee Rd', 'Metairie, LA 70001', '+1 504 555 0123']);
  });
});
