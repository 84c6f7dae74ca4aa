import type { Position } from '../port.ts';

/**
 * A PostgreSQL position is (transaction id, sequence value): readers order by the transaction that
 * wrote the row first, because sequence values alone commit out of order. Both parts are zero-padded
 * to their full decimal width so that plain string comparison orders positions.
 */
export interface PostgresPosition {
  transactionId: string;
  sequence: string;
}

// xid8 is unsigned 64-bit (20 digits); bigserial is signed 64-bit (19 digits).
const TRANSACTION_DIGITS = 20;
const SEQUENCE_DIGITS = 19;
const SEPARATOR = '-';

export const BEFORE_EVERYTHING: PostgresPosition = { transactionId: '0', sequence: '0' };

export function encodePosition({ transactionId, sequence }: PostgresPosition): Position {
  return `${transactionId.padStart(TRANSACTION_DIGITS, '0')}${SEPARATOR}${sequence.padStart(SEQUENCE_DIGITS, '0')}`;
}

export function decodePosition(position: Position): PostgresPosition {
  if (position === '') return BEFORE_EVERYTHING;
  const match = /^(\d{20})-(\d{19})$/.exec(position);
  if (!match) throw new RangeError(`Not a PostgreSQL event store position: ${JSON.stringify(position)}`);
  return { transactionId: trimZeros(match[1]!), sequence: trimZeros(match[2]!) };
}

function trimZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}
