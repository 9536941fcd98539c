import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import type { AddressObject, ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailSinkPorts } from './mailSinkPorts';

/**
 * The browser tests' mail server (a webServer of playwright.config.ts): a real SMTP server on
 * loopback that keeps every message the hotel-mode server sends, read with mailparser as a mail
 * client reads it, and a small HTTP endpoint listing them for the specs:
 * GET /messages?to=<address> answers the messages to that address, oldest first, each with its
 * subject, recipients, Message-ID, text, HTML and attachments (text content). Nothing leaves the machine.
 */
interface Received {
  messageId: string | null;
  subject: string;
  from: string[];
  to: string[];
  text: string;
  html: string;
  attachments: Array<{ filename: string | null; contentType: string; content: string }>;
}

const received: Received[] = [];
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));

function keep(mail: ParsedMail): void {
  received.push({
    messageId: mail.messageId ?? null,
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
  });
}

const { smtp, http } = mailSinkPorts();

const smtpServer = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        keep(mail);
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
smtpServer.on('error', (error) => console.error('mail sink:', error.message));

const httpServer = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = to ? received.filter((mail) => mail.to.includes(to)) : received;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
});

smtpServer.listen(smtp, '127.0.0.1', () => {
  httpServer.listen(http, '127.0.0.1', () => console.log(`mail sink: SMTP on ${smtp}, messages at http://127.0.0.1:${http}/messages`));
});

const stop = () => {
  httpServer.close();
  smtpServer.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
