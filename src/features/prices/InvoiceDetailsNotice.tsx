import type { HotelSettings } from '../../domain/pricesWire';

/**
 * Issue 34: the tax invoice prints the hotel's legal name, address and GSTIN from "Invoice details
 * and GST", and prints nothing for what is not set. The owner is told here what the invoices lack,
 * until it is set.
 */
export function InvoiceDetailsNotice({ settings }: { settings: HotelSettings }) {
  const missing = [
    settings.legalName.trim() === '' && 'legal name',
    settings.address.trim() === '' && 'address',
    settings.gstin.trim() === '' && 'GSTIN',
  ].filter((part): part is string => part !== false);
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return (
    <p className="notice prices__invoice-notice">
      Tax invoices print no hotel {list} yet: set {missing.length === 1 ? 'it' : 'them'} in{' '}
      <a href="#invoice-details">Invoice details and GST</a> below.
    </p>
  );
}
