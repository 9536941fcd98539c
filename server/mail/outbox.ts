import type pg from 'pg';
import type { OutboxMessage } from '../../src/domain/outboxWire';
import { manageSecret } from './manageLink';
import { renderMessage } from './messages';
import type { BookingSnapshot, RenderContext, RenderedMessage } from './messages';

/** An outbox row as the sender and the admin list read it (migration 007). */
export interface OutboxRow {
  id: string;
  created_at: Date;
  booking_id: string;
  kind: string;
  recipient: string;
  booking: BookingSnapshot;
  message_id: string;
  state: OutboxMessage['state'];
  tries: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
}

export interface MailSettings {
  /** HOTEL_EMAIL: the hotel's copies of new bookings, changes and cancels go here; none without it. */
  hotelEmail: string | null;
  /** Whether SMTP_URL is set: without it messages wait in the outbox as 'held'. */
  deliver: boolean;
}

/** What this instance was started with, for the statements that queue messages (one row, last start wins). */
export async function saveMailSettings(pool: pg.Pool, settings: MailSettings): Promise<void> {
  await pool.query('UPDATE mail_settings SET hotel_email = $1, deliver = $2', [settings.hotelEmail, settings.deliver]);
}

/** Options the routes and the admin list render with. */
export interface MailContext {
  publicUrl: string;
  cancelFreeDays: number;
  smtpConfigured: boolean;
  /** Called after a change queued messages: the sender looks at once rather than at its next poll. */
  onQueued?: () => void;
}

export async function renderContext(pool: pg.Pool, mail: Pick<MailContext, 'publicUrl' | 'cancelFreeDays'>): Promise<RenderContext> {
  return { publicUrl: mail.publicUrl, cancelFreeDays: mail.cancelFreeDays, secret: await manageSecret(pool) };
}

/** The message a row stands for; DTSTAMP is when the row was written, so a resend is the same file. */
export function renderRow(row: OutboxRow, context: RenderContext): RenderedMessage {
  return renderMessage(row.kind, row.booking, context, row.created_at.toISOString());
}

/** The newest messages first, rendered, for the admin's Outbox. */
export async function listOutbox(pool: pg.Pool, context: RenderContext, limit: number): Promise<OutboxMessage[]> {
  const { rows } = await pool.query<OutboxRow>('SELECT * FROM outbox ORDER BY id DESC LIMIT $1', [limit]);
  return rows.map((row) => {
    const message = renderRow(row, context);
    return {
      id: Number(row.id),
      createdAt: row.created_at.toISOString(),
      bookingId: row.booking_id,
      kind: row.kind,
      to: row.recipient,
      subject: message.subject,
      state: row.state,
      tries: row.tries,
      lastError: row.last_error,
      nextAttemptAt: row.state === 'retrying' ? row.next_attempt_at.toISOString() : null,
      sentAt: row.sent_at?.toISOString() ?? null,
      messageId: row.message_id,
      text: message.text,
      html: message.html,
    };
  });
}

/**
 * Sends a message again: due now, its tries counted afresh, the same Message-ID. Without SMTP it
 * stays held. False when there is no such message.
 */
export async function resendMessage(pool: pg.Pool, id: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE outbox SET state = CASE WHEN (SELECT deliver FROM mail_settings) THEN 'pending' ELSE 'held' END,
            tries = 0, next_attempt_at = now(), last_error = NULL
      WHERE id = $1`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}
