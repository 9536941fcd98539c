import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type pg from 'pg';
import { renderContext, renderRow } from './outbox';
import type { MailContext, OutboxRow } from './outbox';

/**
 * Delivers the outbox over SMTP, in the server process, apart from every request: a booking
 * never waits for mail, and mail that fails never fails a booking.
 *
 * One message at a time: a transaction claims the oldest due row with FOR UPDATE SKIP LOCKED
 * (another instance skips it and takes the next), sends it, and marks it sent or schedules the
 * next try in the same transaction. A process killed before sending leaves the row as it was
 * (its transaction rolls back): the next instance or the restarted one sends it. The only way
 * to a second copy is a kill after the SMTP server accepted and before the commit; the
 * Message-ID is the row's, the same on every try, so a receiving system can drop it.
 */
export interface SenderOptions {
  pool: pg.Pool;
  /** SMTP_URL; without it the sender sends nothing and messages wait as 'held'. */
  smtpUrl: string | null;
  /** MAIL_FROM. */
  from: string;
  mail: Pick<MailContext, 'publicUrl' | 'cancelFreeDays'>;
  /** How often to look for due messages when nothing woke the sender (default 2 s). */
  pollMs?: number;
  /** The first retry's delay; each later one doubles it, up to maxRetryMs (defaults 30 s and 1 hour). */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Tries before a message is 'failed' (default 12: about 9 hours of retrying). */
  maxTries?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;
}

export interface OutboxSender {
  /** Look now (after a booking queued messages). */
  wake(): void;
  /** Delivers every message due now; answers how many it sent. For tests and the loop. */
  deliverDue(): Promise<number>;
  /** Stops the loop and waits for the message in flight. */
  stop(): Promise<void>;
}

/** The delay before try n+1 after n failed tries. */
export function retryDelay(tries: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, tries - 1));
}

function describeError(error: unknown): string {
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  return (
    [code, responseCode, message]
      .filter((part) => part !== undefined && part !== '')
      .join(' ')
      .slice(0, 500) || 'unknown error'
  );
}

export function makeTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl, {
    // A mail server that stops answering must not hold a message (and its row lock) for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
}

export function startSender(options: SenderOptions): OutboxSender {
  const { pool } = options;
  const pollMs = options.pollMs ?? 2_000;
  const baseMs = options.retryBaseMs ?? 30_000;
  const maxMs = options.maxRetryMs ?? 3_600_000;
  const maxTries = options.maxTries ?? 12;
  const log = options.log ?? (() => undefined);
  const transport = options.smtpUrl ? makeTransport(options.smtpUrl) : null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;
  let running: Promise<void> = Promise.resolve();

  /** One due message: claimed, sent, recorded. False when none is due. */
  async function deliverOne(): Promise<boolean> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT * FROM outbox
          WHERE state IN ('pending', 'held', 'retrying') AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) {
        await client.query('COMMIT');
        return false;
      }
      const message = renderRow(row, await renderContext(pool, options.mail));
      try {
        await transport!.sendMail({
          from: options.from,
          to: row.recipient,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${row.message_id}@${options.from.replace(/^.*@/, '').replace(/[>\s]/g, '') || 'hotel.invalid'}>`,
          attachments: message.calendar
            ? [
                {
                  filename: message.calendar.filename,
                  content: message.calendar.content,
                  contentType: `text/calendar; charset=utf-8; method=${message.calendar.method}`,
                },
              ]
            : [],
        });
        await client.query(`UPDATE outbox SET state = 'sent', tries = tries + 1, sent_at = now(), last_error = NULL WHERE id = $1`, [
          row.id,
        ]);
        log('info', 'mail sent', { id: row.id, kind: row.kind, bookingId: row.booking_id });
      } catch (error) {
        const tries = row.tries + 1;
        const failed = tries >= maxTries;
        await client.query(
          `UPDATE outbox SET state = $2, tries = $3, last_error = $4, next_attempt_at = now() + make_interval(secs => $5::double precision)
            WHERE id = $1`,
          [row.id, failed ? 'failed' : 'retrying', tries, describeError(error), retryDelay(tries, baseMs, maxMs) / 1000],
        );
        log(failed ? 'error' : 'warn', failed ? 'mail failed, giving up' : 'mail failed, will retry', {
          id: row.id,
          tries,
          error: describeError(error),
        });
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    while (!stopped && (await deliverOne())) sent += 1;
    return sent;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        await deliverDue();
      } catch (error) {
        // The database away: look again at the next poll.
        log('warn', 'outbox not reachable', { error: describeError(error) });
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      wakeUp = null;
      if (timer) clearTimeout(timer);
    }
  }

  if (transport) running = loop();

  return {
    wake() {
      wakeUp?.();
    },
    deliverDue,
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
      transport?.close();
    },
  };
}
