import { createServer, type Socket } from 'node:net';

export interface ReceivedMessage {
  from: string;
  recipients: string[];
  /** The message source as sent after DATA, dot-stuffing undone. */
  source: string;
}

/**
 * A plain SMTP server that accepts every message and keeps it, standing in for Mailpit in tests.
 * `acceptDelayMs` makes it slow to confirm a message, like a busy server.
 */
export async function startSmtpSink({ acceptDelayMs = 0 } = {}): Promise<{
  url: string;
  messages: ReceivedMessage[];
  /** Messages sent in full (DATA ended) that the sink has not confirmed yet: mails being sent right now. */
  unconfirmed(): number;
  close(): Promise<void>;
}> {
  const messages: ReceivedMessage[] = [];
  let unconfirmed = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let envelope: { from: string; recipients: string[] } = { from: '', recipients: [] };
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-sink ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            const message = { ...envelope, source: data.join('\r\n') };
            data = null;
            envelope = { from: '', recipients: [] };
            unconfirmed += 1;
            setTimeout(() => {
              unconfirmed -= 1;
              messages.push(message);
              reply('250 queued');
            }, acceptDelayMs);
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 smtp-sink');
        else if (command === 'MAIL') envelope.from = /<(.*)>/.exec(line)?.[1] ?? '';
        else if (command === 'RCPT') envelope.recipients.push(/<(.*)>/.exec(line)?.[1] ?? '');
        else if (command === 'DATA') data = [];
        else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
          continue;
        }
        if (command === 'MAIL' || command === 'RCPT' || command === 'RSET' || command === 'NOOP') reply('250 ok');
        else if (command === 'DATA') reply('354 go ahead');
        else if (command !== 'EHLO' && command !== 'HELO') reply('502 command not recognised');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP sink has no TCP address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    unconfirmed: () => unconfirmed,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
