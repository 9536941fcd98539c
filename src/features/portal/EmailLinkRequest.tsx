import { useId, useState } from 'react';
import { useEmailBookingLinkMutation } from './portalApi';
import { describeError, statusOf } from '../../api/requestErrors';

type Answer = { tone: 'sent' | 'error'; text: string } | null;

/**
 * "Email me my booking link" (hotel mode): the Booking ID and email the guest typed in the portal's
 * form. The hotel answers the same whether they belong to a booking or not, so the screen says
 * what it said; only a match gets mail. Loaded only where the source offers manage links.
 */
export function EmailLinkRequest({ bookingId, email }: { bookingId: string; email: string }) {
  const [sendLink, { isLoading }] = useEmailBookingLinkMutation();
  const [answer, setAnswer] = useState<Answer>(null);
  const hintId = useId();

  async function ask() {
    if (bookingId === '' || email === '') {
      setAnswer({ tone: 'error', text: 'Please enter your Booking ID and the email you booked with.' });
      return;
    }
    setAnswer(null);
    const result = await sendLink({ bookingId, email });
    if (result.data) setAnswer({ tone: 'sent', text: result.data.message });
    else if (statusOf(result.error) === 400)
      setAnswer({ tone: 'error', text: 'Please check the Booking ID: it is BK and six digits, as in your confirmation (BK123456).' });
    else setAnswer({ tone: 'error', text: describeError(result.error, 'The hotel could not send the link. Please try again.') });
  }

  return (
    <div className="portal__link">
      <p id={hintId}>Lost the email with your link to change or cancel your stay? We can send it again to the email you booked with.</p>
      <button type="button" className="button button--secondary" aria-describedby={hintId} disabled={isLoading} onClick={() => void ask()}>
        Email me my booking link
      </button>
      {/* Present from the start, so that screen readers announce the answer when it comes. */}
      <p
        role="status"
        className={answer ? `notice ${answer.tone === 'error' ? 'notice--error' : 'notice--success'} portal__answer` : 'portal__answer'}
      >
        {answer?.text ?? ''}
      </p>
    </div>
  );
}
