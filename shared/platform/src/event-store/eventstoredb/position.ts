import type { Position as EsdbPosition } from '@eventstore/db-client';
import type { Position } from '../port.ts';

// Commit and prepare positions are unsigned 64-bit log offsets: 20 decimal digits each, zero-padded
// so that plain string comparison orders positions (commit first, then prepare within a commit).
const DIGITS = 20;

export function encodePosition({ commit, prepare }: EsdbPosition): Position {
  return `${commit.toString().padStart(DIGITS, '0')}-${prepare.toString().padStart(DIGITS, '0')}`;
}

export function decodePosition(position: Position): EsdbPosition {
  const match = /^(\d{20})-(\d{20})$/.exec(position);
  if (!match) throw new RangeError(`Not an EventStoreDB position: ${JSON.stringify(position)}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}
