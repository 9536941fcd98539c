import { screen, waitFor } from '@testing-library/react';
import { staffNetwork } from '../../hotelNetwork';
import { withHotelSettings } from '../../support/hotelSettings';
import { renderHotelRoute } from '../../testUtils';

/**
 * Issue 34: the invoice prints nothing for legal details the owner has not set, so Prices & rooms
 * says what the invoices lack, until it is set (against the real hotel server of the Jest setup).
 */

jest.setTimeout(60_000);

async function openPrices() {
  const network = await staffNetwork();
  const view = renderHotelRoute('/admin-prices', { network });
  expect(await screen.findByRole('heading', { level: 1, name: 'Prices & rooms' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'Invoice details and GST' });
  return view;
}

describe('Prices & rooms: what the invoice lacks', () => {
  it('says the invoices print no address and no GSTIN until the owner sets them, and links to where', async () => {
    await withHotelSettings({ legalName: 'Valley View Hospitality Pvt Ltd', address: '', gstin: '' }, async () => {
      const { user } = await openPrices();
      const notice = await screen.findByText(/^Tax invoices print no hotel/);
      expect(notice).toHaveTextContent('Tax invoices print no hotel address and GSTIN yet: set them in Invoice details and GST below.');
      expect(screen.getByRole('link', { name: 'Invoice details and GST' })).toHaveAttribute('href', '#invoice-details');

      await user.type(screen.getByLabelText('Address'), '12 River Road, Munnar');
      await user.click(screen.getByRole('button', { name: 'Save invoice details' }));
      expect(await screen.findByText('The invoice details are saved.')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByText(/^Tax invoices print no hotel/)).toHaveTextContent(
          'Tax invoices print no hotel GSTIN yet: set it in Invoice details and GST below.',
        ),
      );
      await user.type(screen.getByLabelText('GSTIN'), '32ABCDE1234F1Z5');
      await user.click(screen.getByRole('button', { name: 'Save invoice details' }));
      await waitFor(() => expect(screen.queryByText(/^Tax invoices print no hotel/)).not.toBeInTheDocument());
      // The saved details came back from the hotel, and the form still says it saved them (it was
      // drawn anew on their return, and the words went with it) and shows what was saved.
      expect(screen.getByText('The invoice details are saved.')).toBeInTheDocument();
      expect(screen.getByLabelText('GSTIN')).toHaveValue('32ABCDE1234F1Z5');
    });
  });
});
