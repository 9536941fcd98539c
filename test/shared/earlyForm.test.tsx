import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { BookingPage } from '../../src/features/booking/BookingPage';
import { adoptEarlyForm, holdEarlyForm, tookPress } from '../../src/shared/earlyForm';
import { makeTestStore } from '../testUtils';
import { quietReactDates } from '../features/booking/quietReactDates';

quietReactDates();

/**
 * The early form answers the booking screen's markup as the build prerenders it, before React:
 * the page here is the booking screen rendered to HTML by React, with no React running on it.
 * So a class or an element the early form looks for, renamed in PackageCard.tsx or
 * BookingPage.tsx, fails here, not only in the end-to-end tests.
 */
let hurried = 0;

beforeEach(() => {
  const { store } = makeTestStore();
  const html = renderToString(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/booking']}>
        <BookingPage />
      </MemoryRouter>
    </Provider>,
  );
  document.body.innerHTML = `<div id="root">${html}</div>`;
  hurried = 0;
  holdEarlyForm(document.getElementById('root')!, () => hurried++);
});

afterEach(() => {
  adoptEarlyForm();
  document.body.innerHTML = '';
});

/** The room's package card, the first of its section unless `index` says otherwise (found by its Book button). */
function card(roomTitle: string, index = 0): HTMLElement {
  const section = screen.getByRole('heading', { name: roomTitle }).closest('section')!;
  const cards = within(section).getAllByRole('button', { name: 'Book' });
  return cards[index]!.closest('.package-card') as HTMLElement;
}

test('a count chosen on one package locks every other, with its note, and shows Reset Selection', async () => {
  const user = userEvent.setup();
  expect(screen.queryByRole('button', { name: 'Reset Selection' })).toBeNull();
  await user.selectOptions(within(card('Suit Room')).getByLabelText('Room(s)'), '2');

  const classic = card('Classic Room');
  expect(within(classic).getByLabelText('Room(s)')).toBeDisabled();
  expect(within(classic).getByRole('button', { name: 'Book' })).toBeDisabled();
  expect(within(classic).getByText('Another room is chosen. Use Reset Selection to choose this one instead.')).toBeVisible();
  const suit = card('Suit Room');
  expect(within(suit).getByLabelText('Room(s)')).toBeEnabled();
  expect(within(suit).getByRole('button', { name: 'Book' })).toBeEnabled();
  expect(within(suit).getByText(/Another room is chosen/)).not.toBeVisible();
  expect(screen.getByRole('button', { name: 'Reset Selection' })).toBeVisible();
  // Choosing a count is answered here: React is not hurried for it.
  expect(hurried).toBe(0);
});

test('a count of 0 unlocks them all, as Reset Selection does, which puts focus back on the list used', async () => {
  const user = userEvent.setup();
  const suitCount = within(card('Suit Room')).getByLabelText('Room(s)');
  await user.selectOptions(suitCount, '1');
  await user.selectOptions(suitCount, '0');
  expect(within(card('Classic Room')).getByLabelText('Room(s)')).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Reset Selection' })).toBeNull();

  await user.selectOptions(within(card('Classic Room')).getByLabelText('Room(s)'), '3');
  expect(suitCount).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Reset Selection' }));
  const classicCount = within(card('Classic Room')).getByLabelText('Room(s)');
  expect(classicCount).toHaveValue('0');
  expect(classicCount).toHaveFocus();
  expect(suitCount).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Reset Selection' })).toBeNull();
  expect(hurried).toBe(0);
});

test('Book pressed before React is kept for React, once, and React is started at once', async () => {
  const user = userEvent.setup();
  await user.selectOptions(within(card('Suit Room')).getByLabelText('Room(s)'), '1');
  const book = within(card('Suit Room')).getByRole('button', { name: 'Book' });
  await user.click(book);
  expect(hurried).toBe(1);
  expect(tookPress(within(card('Classic Room')).getByRole('button', { name: 'Book' }))).toBe(false);
  expect(tookPress(book)).toBe(true);
  expect(tookPress(book)).toBe(false);
});
