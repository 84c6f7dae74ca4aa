import type { CardType } from './events.ts';

/**
 * What each card brand the checkout offers looks like: its prefixes (IIN ranges), its lengths and its
 * security code. One rule for the route and the form (purchaseOrderInput uses it); the messages name the brand.
 */
interface BrandRule {
  name: string;
  lengths: readonly number[];
  /** Whether the digits start like this brand's numbers. */
  starts(digits: string): boolean;
  startsText: string;
  cvvLength: 3 | 4;
  cvvText: string;
}

const prefixBetween = (digits: string, size: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, size));
  return digits.length >= size && prefix >= low && prefix <= high;
};

export const cardBrands: Record<CardType, BrandRule> = {
  visa: {
    name: 'Visa',
    lengths: [13, 16, 19],
    starts: (digits) => digits.startsWith('4'),
    startsText: 'starting with 4',
    cvvLength: 3,
    cvvText: 'the 3-digit CVV on the back',
  },
  master: {
    name: 'Mastercard',
    lengths: [16],
    starts: (digits) => prefixBetween(digits, 2, 51, 55) || prefixBetween(digits, 4, 2221, 2720),
    startsText: 'starting with 51–55 or 2221–2720',
    cvvLength: 3,
    cvvText: 'the 3-digit CVC on the back',
  },
  discover: {
    name: 'Discover',
    lengths: [16, 19],
    starts: (digits) =>
      digits.startsWith('6011') ||
      digits.startsWith('65') ||
      prefixBetween(digits, 3, 644, 649) ||
      prefixBetween(digits, 6, 622126, 622925),
    startsText: 'starting with 6011, 644–649 or 65',
    cvvLength: 3,
    cvvText: 'the 3-digit CID on the back',
  },
  amex: {
    name: 'American Express',
    lengths: [15],
    starts: (digits) => digits.startsWith('34') || digits.startsWith('37'),
    startsText: 'starting with 34 or 37',
    cvvLength: 4,
    cvvText: 'the 4-digit CID on the front',
  },
};

const lengthsText = (lengths: readonly number[]) =>
  lengths.length === 1 ? `${lengths[0]}` : `${lengths.slice(0, -1).join(', ')} or ${lengths.at(-1)}`;

/** The Luhn check digit test every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand's complaint about a number of digits only (spaces and dashes already taken out), or null when it fits. */
export function cardNumberProblem(cardType: CardType, digits: string): string | null {
  const brand = cardBrands[cardType];
  if (!brand.starts(digits) || !brand.lengths.includes(digits.length))
    return `${brand.name} card numbers are ${lengthsText(brand.lengths)} digits ${brand.startsText}`;
  if (!passesLuhn(digits)) return `This ${brand.name} card number is not valid: please check the digits`;
  return null;
}

/** The brand's complaint about a 3- or 4-digit security code, or null when it fits. */
export function cvvProblem(cardType: CardType, cvv: string): string | null {
  const brand = cardBrands[cardType];
  return cvv.length === brand.cvvLength ? null : `${brand.name} needs ${brand.cvvText}`;
}
