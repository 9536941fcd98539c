import { useEffect, useId, useRef, useState } from 'react';
import { useGetOutboxQuery, useResendMessageMutation } from './outboxApi';
import { describeError } from '../../api/requestErrors';
import { formatDisplayDateTime } from '../../domain/dates';
import type { OutboxMessage } from '../../domain/outboxWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate } from '../staff/AdminGate';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import '../admin/admin.css';
import './outbox.css';

/** The newest messages the screen lists (the API gives at most 200). */
const shownMessages = 100;

const states: Record<OutboxMessage['state'], string> = {
  held: 'Held',
  pending: 'Pending',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
};

/** What each message is, as server/API.md names its kinds. */
const kinds: Record<string, string> = {
  confirmed: 'Booking confirmed',
  changed: 'Booking changed',
  cancelled: 'Booking cancelled',
  'email-old': 'Email changed (old address)',
  'email-new': 'Email changed (new address)',
  link: 'Booking link',
  'hotel-new': 'Hotel: new booking',
  'hotel-changed': 'Hotel: booking changed',
  'hotel-cancelled': 'Hotel: booking cancelled',
  'hotel-overbooked': 'Hotel: overbooked by a channel',
};

/** The states a message has been tried in: those can be sent again. */
const resendable = new Set<OutboxMessage['state']>(['sent', 'failed', 'retrying']);

const columns = ['When', 'To', 'Subject', 'Kind', 'State', 'Tries', 'Last error', 'Action'] as const;

/**
 * The message's HTML for a sandboxed frame: links open in a new tab (the frame itself never
 * navigates) and send no referrer. The frame runs no scripts and has no origin of its own.
 */
function framedHtml(html: string): string {
  const head = '<base target="_blank"><meta name="referrer" content="no-referrer">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (tag) => tag + head) : head + html;
}

/**
 * The hotel's emails (issue 24): every message it sent or will send, newest first, each readable
 * as the guest gets it, and Resend for those already tried. Only where the source offers it (the
 * hotel), and only to a signed-in administrator.
 */
export function OutboxPage() {
  const { outbox } = useAppSelector(selectOffers);
  return (
    <section className="page admin outbox" aria-labelledby="page-title">
      <title>Outbox</title>
      <h1 id="page-title">Outbox</h1>
      {outbox ? (
        <AdminGate>{() => <Outbox />}</AdminGate>
      ) : (
        <p className="notice">The outbox is not offered here: this site keeps its bookings in this browser only and sends no email.</p>
      )}
    </section>
  );
}

function Outbox() {
  const { data, error, isLoading, isFetching, refetch } = useGetOutboxQuery({ limit: shownMessages }, { refetchOnMountOrArgChange: true });
  const [resend, { isLoading: resending }] = useResendMessageMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();
  const items = data?.items ?? [];
  const opened = items.find((message) => message.id === openId) ?? null;

  async function sendAgain(message: OutboxMessage) {
    setOutcome(null);
    const result = await resend(message.id);
    const what = `“${message.subject}” to ${message.to}`;
    if (result.error) setOutcome({ tone: 'error', text: describeError(result.error, `${what} could not be sent again.`) });
    else
      setOutcome({
        tone: 'success',
        text: data?.smtpConfigured ? `${what} will be sent again now.` : `${what} is queued again: it is held here until SMTP_URL is set.`,
      });
  }

  return (
    <>
      {data && <p className={`notice outbox__note${data.smtpConfigured ? '' : ' outbox__note--held'}`}>{data.note}</p>}
      {/* Issue 34: with PUBLIC_URL unset the emailed links lead to localhost, which no guest's device opens. */}
      {data?.linkWarning && <p className="notice outbox__note outbox__note--held outbox__links">{data.linkWarning}</p>}
      <OutcomeNotice outcome={outcome} />
      {isLoading && <p role="status">Loading the outbox…</p>}
      {error && (
        <LoadProblem error={error} fallback={'The hotel could not show its outbox.'} retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {opened && <OpenedMessage key={opened.id} message={opened} onClose={() => setOpenId(null)} />}
      {data && (
        <section className="outbox__messages" aria-labelledby={headingId}>
          <div className="outbox__heading">
            <h2 id={headingId}>Messages, newest first</h2>
            <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
              Refresh
            </button>
          </div>
          {items.length === 0 ? (
            <p className="admin-summary admin-summary--empty">
              No messages yet: each booking, change and cancellation adds its emails here.
            </p>
          ) : (
            <table className="admin-table" role="table" aria-labelledby={headingId}>
              <thead role="rowgroup">
                <tr role="row">
                  {columns.map((column) => (
                    <th key={column} role="columnheader" scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {items.map((message) => (
                  <MessageRow
                    key={message.id}
                    message={message}
                    open={message.id === openId}
                    resending={resending}
                    onOpen={() => setOpenId(message.id)}
                    onResend={() => void sendAgain(message)}
                  />
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}

interface MessageRowProps {
  message: OutboxMessage;
  open: boolean;
  resending: boolean;
  onOpen: () => void;
  onResend: () => void;
}

function MessageRow({ message, open, resending, onOpen, onResend }: MessageRowProps) {
  return (
    <tr role="row" className={open ? 'outbox__open' : undefined}>
      <td role="cell" data-label="When">
        <time dateTime={message.createdAt}>{formatDisplayDateTime(message.createdAt)}</time>
      </td>
      <td role="cell" data-label="To" className="admin-table__email">
        {message.to}
      </td>
      <td role="cell" data-label="Subject" className="outbox__subject">
        {message.subject}
      </td>
      <td role="cell" data-label="Kind">
        {kinds[message.kind] ?? message.kind}
      </td>
      <td role="cell" data-label="State">
        <StateBadge message={message} />
      </td>
      <td role="cell" data-label="Tries" className="outbox__number">
        {message.tries}
      </td>
      <td role="cell" data-label="Last error" className="outbox__error">
        {message.lastError ?? '—'}
      </td>
      <td role="cell" data-label="Action" className="admin-table__action outbox__actions">
        <button
          type="button"
          className="button button--secondary admin-delete"
          aria-label={`Open the message “${message.subject}” to ${message.to}`}
          aria-pressed={open}
          onClick={onOpen}
        >
          Open
        </button>
        {resendable.has(message.state) && (
          <button
            type="button"
            className="button button--secondary admin-delete"
            aria-label={`Resend “${message.subject}” to ${message.to}`}
            disabled={resending}
            onClick={onResend}
          >
            Resend
          </button>
        )}
      </td>
    </tr>
  );
}

function StateBadge({ message }: { message: OutboxMessage }) {
  const when =
    message.state === 'sent' && message.sentAt
      ? `at ${formatDisplayDateTime(message.sentAt)}`
      : message.state === 'retrying' && message.nextAttemptAt
        ? `next try ${formatDisplayDateTime(message.nextAttemptAt)}`
        : null;
  return (
    <span className="outbox__state">
      <span className={`admin-status outbox__badge outbox__badge--${message.state}`}>{states[message.state]}</span>
      {when && <span className="outbox__when">{when}</span>}
    </span>
  );
}

function OpenedMessage({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The message shows above the list: take the reader (and the screen reader) to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card outbox__message" aria-labelledby={headingId}>
      <div className="outbox__heading">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {message.subject}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="outbox__facts">
        <dt>To</dt>
        <dd>{message.to}</dd>
        <dt>Booking</dt>
        <dd>{message.bookingId}</dd>
        <dt>State</dt>
        <dd>{states[message.state]}</dd>
        <dt>Message-ID</dt>
        <dd className="outbox__message-id">{message.messageId}</dd>
      </dl>
      <section aria-labelledby={`${headingId}-text`}>
        <h3 id={`${headingId}-text`}>Plain text</h3>
        <pre className="outbox__text">{message.text}</pre>
      </section>
      <h3>As the guest sees it</h3>
      <iframe
        className="outbox__html"
        title={`The message “${message.subject}” as HTML`}
        // No scripts, no forms, no origin of its own: the HTML is read as untrusted. Links open in a new tab.
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={framedHtml(message.html)}
      />
    </section>
  );
}
