import { useState } from 'react';
import { useSaveHotelSettingsMutation } from './pricesApi';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import type { HotelSettings } from '../../domain/pricesWire';
import { Field } from './Field';
import { OutcomeNotice } from './OutcomeNotice';
import { useOutcome } from './outcome';

/** The hotel's legal name, address and GSTIN printed on invoices, and the GST slabs in force. */
export function InvoiceDetails({ settings }: { settings: HotelSettings }) {
  const [legalName, setLegalName] = useState(settings.legalName);
  const [address, setAddress] = useState(settings.address);
  const [gstin, setGstin] = useState(settings.gstin);
  // Saved here or on another device: the fields show what the hotel now holds. Adjusted while
  // rendering, not by a new key: a new component would lose "The invoice details are saved." the
  // moment the saved details came back (it did, under load).
  const saved = JSON.stringify(settings);
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setLegalName(settings.legalName);
    setAddress(settings.address);
    setGstin(settings.gstin);
  }
  const [save, { isLoading }] = useSaveHotelSettingsMutation();
  const { outcome, run } = useOutcome();
  // What the printed invoice leaves out while it is not filled in (issue 34 item 8).
  const missing = [
    ['legal name', settings.legalName],
    ['address', settings.address],
    ['GSTIN', settings.gstin],
  ].flatMap(([what, value]) => (value!.trim() ? [] : [what!]));
  return (
    <form
      className="card prices__editor"
      aria-labelledby="invoice-details"
      onSubmit={(event) => {
        event.preventDefault();
        void run(
          save({ ...settings, legalName, address, gstin }),
          'The invoice details are saved.',
          'The invoice details could not be saved.',
        );
      }}
    >
      <h2 id="invoice-details">Invoice details and GST</h2>
      {missing.length > 0 && (
        <p className="notice">
          Tax invoices print no {missing.join(', ').replace(/, ([^,]*)$/, ' and $1')} until {missing.length === 1 ? 'it is' : 'they are'}{' '}
          saved here.
        </p>
      )}
      <Field label="Legal name">
        {(id) => <input id={id} className="input" value={legalName} onChange={(e) => setLegalName(e.target.value)} />}
      </Field>
      <Field label="Address">
        {(id) => <textarea id={id} className="input" rows={3} value={address} onChange={(e) => setAddress(e.target.value)} />}
      </Field>
      <Field label="GSTIN">
        {(id) => <input id={id} className="input" maxLength={15} value={gstin} onChange={(e) => setGstin(e.target.value)} />}
      </Field>
      <p className="prices__hint">
        GST per room per night:{' '}
        {settings.gstSlabs
          .map((slab, i) => {
            const rate = `${formatBasisPoints(slab.cgstBasisPoints)} CGST + ${formatBasisPoints(slab.sgstBasisPoints)} SGST`;
            if (slab.upToPaise === null) return i === 0 ? rate : `above that, ${rate}`;
            return `up to ${formatPaise(slab.upToPaise)}, ${rate}`;
          })
          .join('; ')}
        .
      </p>
      <button type="submit" className="button button--accent" disabled={isLoading}>
        Save invoice details
      </button>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
