import type { StoredFile } from '@labshop/contracts/catalogue/events';

export interface FileKind {
  contentType: StoredFile['contentType'];
  extension: 'jpg' | 'png' | 'gif' | 'pdf';
}

const signatures: readonly { bytes: readonly number[]; kind: FileKind }[] = [
  { bytes: [0xff, 0xd8, 0xff], kind: { contentType: 'image/jpeg', extension: 'jpg' } },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: { contentType: 'image/png', extension: 'png' } },
  { bytes: [...'GIF87a'].map((c) => c.charCodeAt(0)), kind: { contentType: 'image/gif', extension: 'gif' } },
  { bytes: [...'GIF89a'].map((c) => c.charCodeAt(0)), kind: { contentType: 'image/gif', extension: 'gif' } },
  { bytes: [...'%PDF-'].map((c) => c.charCodeAt(0)), kind: { contentType: 'application/pdf', extension: 'pdf' } },
];

/** The number of leading bytes `fileKind` needs. */
export const SIGNATURE_LENGTH = 8;

/**
 * What a file really is, from its first bytes (magic numbers): the name and the declared type are
 * the uploader's word, the bytes are not. Null for anything but JPEG, PNG, GIF and PDF.
 */
export function fileKind(head: Uint8Array): FileKind | null {
  const match = signatures.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.kind ?? null;
}
