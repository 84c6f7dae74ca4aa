import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A message as the tests check it: the headers people read and both decoded bodies. */
export interface ParsedMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** Parts sent as files (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Reads every finished `.eml` in `dir` (none if the folder does not exist yet). */
export async function readMailDir(dir: string): Promise<ParsedMail[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : Promise.reject(error),
  );
  const emls = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(emls.map(async (name) => ({ file: name, ...parseEml(await readFile(join(dir, name), 'utf8')) })));
}

/**
 * Just enough MIME for what nodemailer writes: multipart/alternative (inside multipart/mixed when files
 * are attached), quoted-printable or base64 parts.
 */
export function parseEml(source: string): Omit<ParsedMail, 'file'> {
  const { headers, body } = splitEntity(source);
  const parts = leafParts({ headers, body });
  const isAttachment = (part: Entity) => (part.headers.get('content-disposition') ?? '').startsWith('attachment');
  const bodyOf = (type: string) => {
    const part = parts.find(
      (candidate) =>
        !isAttachment(candidate) && (candidate.headers.get('content-type') ?? 'text/plain').startsWith(type),
    );
    return part ? decodeBody(part.body, part.headers.get('content-transfer-encoding')) : '';
  };
  const attachments = parts.filter(isAttachment).map((part) => ({
    filename: /filename="?([^";]+)"?/.exec(part.headers.get('content-disposition') ?? '')?.[1] ?? '',
    contentType: (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '',
    content:
      part.headers.get('content-transfer-encoding')?.toLowerCase() === 'base64'
        ? Buffer.from(part.body, 'base64')
        : Buffer.from(part.body, 'utf8'),
  }));
  return {
    attachments,
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
  };
}

type Entity = { headers: Map<string, string>; body: string };

/** The non-multipart parts of an entity, depth first. */
function leafParts(entity: Entity): Entity[] {
  const boundary = /boundary="?([^";]+)"?/.exec(entity.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [entity];
  return entity.body.split(`--${boundary}`).slice(1, -1).map(splitEntity).flatMap(leafParts);
}

function splitEntity(source: string): Entity {
  const normalized = source.replace(/\r\n/g, '\n').replace(/^\n/, '');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split === -1 ? '' : normalized.slice(split + 2).replace(/\n$/, '') };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\n/g, ''));
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

// RFC 2047 encoded words; whitespace between two of them belongs to neither.
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
