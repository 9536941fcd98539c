import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import ICAL from 'ical.js';

/**
 * A real SMTP server in the test process, on loopback: what the hotel's sender delivers arrives
 * here and is read back with mailparser, as a mail client would read it. It can be down (its
 * port closed: connection refused), refuse mail (550), and come back on the same port.
 */
export interface TestSmtp {
  port: number;
  /** The SMTP_URL the sender is given. */
  url: string;
  received: ParsedMail[];
  /** While true, every message is answered 550 (a permanent-looking refusal the sender retries). */
  refusing: boolean;
  /** Closes the port: the sender's connections are refused. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  let server: SMTPServer | null = null;
  const smtp: TestSmtp = {
    port,
    url: '',
    received: [],
    refusing: false,
    async down() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async up() {
      const next = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          if (smtp.refusing) {
            stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })));
            stream.resume();
            return;
          }
          simpleParser(stream).then(
            (mail) => {
              smtp.received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      next.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        next.server.once('error', reject);
        next.listen(smtp.port, '127.0.0.1', () => resolve());
      });
      smtp.port = (next.server.address() as { port: number }).port;
      smtp.url = `smtp://127.0.0.1:${smtp.port}`;
      server = next;
    },
    close() {
      return smtp.down();
    },
  };
  await smtp.up();
  return smtp;
}

/** The messages for one address, oldest first. */
export function mailTo(smtp: TestSmtp, address: string): ParsedMail[] {
  return smtp.received.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return to.some((group) => group.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
  });
}

export interface ParsedCalendar {
  method: string;
  uid: string;
  sequence: number;
  start: string;
  end: string;
  status: string;
}

/** The message's .ics attachment, read by a real iCalendar parser (ical.js). */
export function calendarOf(mail: ParsedMail): ParsedCalendar {
  const attachment = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!attachment) throw new Error(`no calendar in "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: String(event.getFirstPropertyValue('dtstart')),
    end: String(event.getFirstPropertyValue('dtend')),
    status: String(event.getFirstPropertyValue('status')),
  };
}

/** The manage link's token in a message's text. */
export function manageTokenIn(mail: ParsedMail): string {
  const found = /\/manage#([A-Za-z0-9_.-]+)/.exec(mail.text ?? '');
  if (!found) throw new Error(`no manage link in "${mail.subject}"`);
  return found[1]!;
}
