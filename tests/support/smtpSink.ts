import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** the decoded text of the message (quoted-printable undone), to read links from */
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // the blank between two encoded words is no part of the text (RFC 2047 section 6.2): dropped before decoding
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/**
 * A real SMTP server on loopback that keeps what it receives; `reject` lists recipients it refuses for good (550),
 * `defer` those it refuses for now (451). Both lists are read at each recipient, so a test may change them.
 * stop() closes it (connections are refused) and start() opens it again on the same port.
 */
export async function startSmtpSink(options: { reject?: string[]; defer?: string[] } = {}) {
  const reject = options.reject ?? [];
  const defer = options.defer ?? [];
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // pooled client connections still open are ended at once on close
      closeTimeout: 200,
      onRcptTo(address, _session, callback) {
        if (reject.includes(address.address)) callback(new Error('550 mailbox unavailable'));
        else if (defer.includes(address.address))
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const headerEnd = raw.indexOf('\r\n\r\n');
          const headers = raw.slice(0, headerEnd).replace(/\r\n\s+/g, ' ');
          const subject = decodeHeader(/^Subject: (.*)$/im.exec(headers)?.[1] ?? '');
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject,
            text: decodeQuotedPrintable(raw.slice(headerEnd + 4)),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
  let server = makeServer();
  // a client killed mid-session (a worker process's SIGKILL) resets its connection: not the sink's failure
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** the recipients refused for good, then for now: change them to change the answers */
    reject,
    defer,
    /**
     * waits until a message to `to` arrives (or `timeoutMs` passes) and returns the newest one; `since` (a count of
     * messages taken before the action) and `matching` (a pattern of its text) leave out the other mail the same
     * person gets meanwhile: mail is sent by a job, so a notice queued earlier may arrive after the action
     */
    async waitFor(
      to: string,
      options: number | { timeoutMs?: number; since?: number; matching?: RegExp } = {},
    ): Promise<ReceivedMail> {
      const {
        timeoutMs = 10_000,
        since = 0,
        matching,
      } = typeof options === 'number' ? { timeoutMs: options } : options;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages
          .slice(since)
          .reverse()
          .find((m) => m.to.includes(to) && (!matching || matching.test(m.text)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close,
    /** an outage: the port stops answering */
    stop: close,
    /** back on the same port */
    async start() {
      server = makeServer();
      server.on('error', () => {});
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}

/** The first sign-in link of a mail body. */
/** a sign-in link in a message's text */
export const LOGIN_LINK = /https?:\/\/[^\s"<>]+\/login\/[A-Za-z0-9_-]{43}/;

export function loginLinkIn(mail: { text: string }): string {
  const match = LOGIN_LINK.exec(mail.text);
  if (!match) throw new Error('no sign-in link in the message');
  return match[0];
}
