/** Who issues the document, as the hotel's invoice details give it. */
interface Particulars {
  legalName: string;
  address: string;
  gstin: string;
}

/**
 * The issuing hotel at the head of a tax invoice or a receipt voucher: its legal name, address and
 * GSTIN. What is not set prints as nothing, never "not set": the owner's Prices & rooms screen
 * says what the documents lack (InvoiceDetailsNotice.tsx).
 */
export function HotelParticulars({ hotel }: { hotel: Particulars }) {
  return (
    <p className="invoice__hotel">
      <strong>{hotel.legalName || 'Valley View Resort'}</strong>
      {hotel.address && (
        <>
          <br />
          <span className="invoice__address">{hotel.address}</span>
        </>
      )}
      {hotel.gstin && (
        <>
          <br />
          GSTIN: {hotel.gstin}
        </>
      )}
    </p>
  );
}
