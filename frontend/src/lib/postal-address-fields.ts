/** One text input of an address form: its field, its label and the browser's autofill token. */
export interface AddressTextField<Field extends string> {
  field: Field;
  label: string;
  autoComplete: string;
  optional?: boolean;
}

/**
 * The company and postal fields the checkout's addresses and the My Profile form share, so a customer
 * meets the same labels, order and autofill in both: the company, then phone, street lines and city.
 */
export const companyField: AddressTextField<'company'> = {
  field: 'company',
  label: 'Company',
  autoComplete: 'organization',
  optional: true,
};

export const postalFields: readonly AddressTextField<'phone' | 'address1' | 'address2' | 'city'>[] = [
  { field: 'phone', label: 'Phone number', autoComplete: 'tel' },
  { field: 'address1', label: 'Address', autoComplete: 'address-line1' },
  { field: 'address2', label: 'Address 2', autoComplete: 'address-line2', optional: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
];
