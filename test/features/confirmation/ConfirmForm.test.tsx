import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { ConfirmForm } from '../../../src/features/confirmation/ConfirmForm';

/**
 * The confirmation screen draws its form again once the booking is read back (the card is unseen
 * until then): an email typed and Confirm Booking pressed in the moment before are not lost, and
 * the press is done once.
 */
function Screen({ ready, onConfirm }: { ready: boolean; onConfirm: (email: string) => Promise<string | null> }) {
  const earlyRef = useRef({ email: '', pressed: false, focused: false });
  // A new key is a new form, as the screen's Pending wrapper gives it once the booking is read back.
  return <ConfirmForm key={String(ready)} onConfirm={onConfirm} waiting={!ready} earlyRef={earlyRef} />;
}

test('an email typed and Confirm Booking pressed while the booking is read back confirm it once, with that email', async () => {
  const user = userEvent.setup();
  const confirmed: string[] = [];
  const onConfirm = (email: string) => {
    confirmed.push(email);
    return Promise.resolve(null);
  };
  const { rerender } = render(<Screen ready={false} onConfirm={onConfirm} />);
  await user.type(screen.getByLabelText('Email'), 'early@example.com');
  await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
  expect(confirmed).toEqual([]);

  rerender(<Screen ready onConfirm={onConfirm} />);
  expect(screen.getByLabelText('Email')).toHaveValue('early@example.com');
  await waitFor(() => expect(confirmed).toEqual(['early@example.com']));
  // Drawn again later, the form does not press a second time.
  rerender(<Screen ready={false} onConfirm={onConfirm} />);
  rerender(<Screen ready onConfirm={onConfirm} />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(confirmed).toEqual(['early@example.com']);
});
