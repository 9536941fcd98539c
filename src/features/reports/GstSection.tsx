import { useId, useState } from 'react';
import { describeError } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import type { GstExportName, GstPeriodQuery, GstSummaryReply } from '../../domain/reportsWire';
import { downloadText } from '../admin/download';
import { Table } from './ReportTable';
import { count, monthName, money, shortDate } from './reportFormat';
import { useDownloadGstExportMutation, useGetGstSummaryQuery } from './reportsApi';
import { LoadProblem } from '../../shared/ui/notices';

/**
 * What the accountant files (GSTR-1), by invoice date: a month's or a financial year's invoice
 * register, B2C supplies by rate (table 7), the HSN/SAC summary (table 12) and the documents
 * issued (table 13), on the screen and as CSV files.
 */

const exportsOffered: Array<{ name: GstExportName; label: string }> = [
  { name: 'invoice-register', label: 'Invoice register' },
  { name: 'b2c-summary', label: 'B2C by rate (table 7)' },
  { name: 'hsn-summary', label: 'HSN/SAC summary (table 12)' },
  { name: 'document-summary', label: 'Documents issued (table 13)' },
];

/** The months of a financial year (2026-27: April 2026 to March 2027), as YYYY-MM. */
function monthsOf(fy: string): string[] {
  const start = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    return `${month >= 4 ? start : start + 1}-${String(month).padStart(2, '0')}`;
  });
}

export function GstSection() {
  const headingId = useId();
  const ids = { fy: useId(), month: useId() };
  // Without a choice, the hotel answers for the month before its today: the one a monthly return is filed for.
  const [period, setPeriod] = useState<GstPeriodQuery>({});
  const { data, error, isFetching, refetch } = useGetGstSummaryQuery(period);
  const [download, { isLoading: downloading }] = useDownloadGstExportMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const fy = data?.period.fy;
  const month = data?.period.month ?? '';

  async function save(name: GstExportName) {
    if (!data) return;
    setProblem(null);
    // The period chosen, not the one last shown: right after a change the figures of the old one
    // are still on screen while the new ones come, and the file must be of the new.
    const shown = data.period.month ? { month: data.period.month } : { fy: data.period.fy };
    const chosen = period.month || period.fy ? period : shown;
    const result = await download({ name, ...chosen });
    if (result.error) return setProblem(describeError(result.error as SourceError, 'The hotel could not make that file.'));
    downloadText(
      `${name === 'invoice-register' ? 'gst-invoice-register' : `gstr1-${name}`}-${chosen.month ?? chosen.fy}.csv`,
      result.data,
      'text/csv',
    );
  }

  return (
    <section className="reports__section reports__gst card" aria-labelledby={headingId}>
      <h2 id={headingId}>GST returns</h2>
      <p className="reports__definition">
        The invoices dated in a month or a financial year, as GSTR-1 asks for them: every stay is a supply to an unregistered guest in the
        hotel’s own state (SAC 996311), so all of it is B2C, taxed as CGST and SGST. An invoice of a cancelled, no-show or deleted booking
        is counted as cancelled and carries no value.
      </p>
      {!data ? (
        error ? (
          <LoadProblem
            error={error as SourceError}
            fallback="The hotel could not work out its GST figures."
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        ) : (
          <p role="status">Adding up the invoices…</p>
        )
      ) : (
        <>
          <div className="reports__own">
            <div className="field">
              <label htmlFor={ids.fy}>Financial year</label>
              <select id={ids.fy} className="input" value={fy} onChange={(event) => setPeriod({ fy: event.target.value })}>
                {data.financialYears.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.month}>Month</label>
              <select
                id={ids.month}
                className="input"
                value={month}
                onChange={(event) => setPeriod(event.target.value ? { month: event.target.value } : { fy: data.period.fy })}
              >
                <option value="">The whole year</option>
                {monthsOf(data.period.fy).map((m) => (
                  <option key={m} value={m}>
                    {monthName(m)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="reports__period" role="status">
            <strong>{data.period.month ? monthName(data.period.month) : `Financial year ${data.period.fy}`}</strong>: invoices dated{' '}
            {shortDate(data.period.from)} to {shortDate(data.period.to)}; place of supply {data.placeOfSupply ?? 'not known'}
            {isFetching && <span className="reports__updating"> · updating…</span>}
          </p>
          {data.problems.map((text) => (
            <p key={text} className="notice notice--error">
              {text}
            </p>
          ))}
          <GstTables data={data} />
          <div className="reports__downloads">
            <h3>Files for the accountant (CSV)</h3>
            <ul className="button-row">
              {exportsOffered.map((item) => (
                <li key={item.name}>
                  <button type="button" className="button button--secondary" disabled={downloading} onClick={() => void save(item.name)}>
                    {item.label}
                  </button>
                </li>
              ))}
            </ul>
            {problem && (
              <p className="notice notice--error" role="alert">
                {problem}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function GstTables({ data }: { data: GstSummaryReply }) {
  const r = data.register;
  const rate = (row: { ratePercent: number }) => `${row.ratePercent}%`;
  return (
    <div className="reports__gst-tables">
      <h3>Invoice register</h3>
      <p>
        {count(r.invoices)} {r.invoices === 1 ? 'invoice' : 'invoices'}: {count(r.issued)} issued, {count(r.cancelled)} cancelled. Taxable
        value {money(r.taxablePaise)}, CGST {money(r.cgstPaise)}, SGST {money(r.sgstPaise)}, in all {money(r.totalPaise)}.
      </p>
      <h3>B2C supplies by rate (table 7)</h3>
      {data.b2c.length === 0 ? (
        <p>No supplies in this period.</p>
      ) : (
        <Table
          caption="GSTR-1 table 7, B2C others"
          rowKey={(row) => String(row.ratePercent)}
          rows={data.b2c}
          columns={[
            { header: 'Rate', cell: rate },
            { header: 'Place of supply', cell: (row) => row.placeOfSupply ?? '—' },
            { header: 'Taxable value', cell: (row) => money(row.taxablePaise), number: true },
            { header: 'CGST', cell: (row) => money(row.cgstPaise), number: true },
            { header: 'SGST', cell: (row) => money(row.sgstPaise), number: true },
          ]}
        />
      )}
      <h3>HSN/SAC summary (table 12)</h3>
      {data.hsn.length === 0 ? (
        <p>No supplies in this period.</p>
      ) : (
        <Table
          caption="GSTR-1 table 12, HSN/SAC summary"
          rowKey={(row) => String(row.ratePercent)}
          rows={data.hsn}
          columns={[
            { header: 'SAC', cell: (row) => row.hsn },
            { header: 'Rate', cell: rate },
            { header: 'Total value', cell: (row) => money(row.totalValuePaise), number: true },
            { header: 'Taxable value', cell: (row) => money(row.taxablePaise), number: true },
            { header: 'CGST', cell: (row) => money(row.cgstPaise), number: true },
            { header: 'SGST', cell: (row) => money(row.sgstPaise), number: true },
          ]}
        />
      )}
      <h3>Documents issued (table 13)</h3>
      {data.documents.length === 0 ? (
        <p>No invoices in this period.</p>
      ) : (
        <Table
          caption="GSTR-1 table 13, documents issued"
          rowKey={(row) => row.from}
          rows={data.documents}
          columns={[
            { header: 'Documents', cell: (row) => row.nature },
            { header: 'From', cell: (row) => row.from },
            { header: 'To', cell: (row) => row.to },
            { header: 'Total', cell: (row) => count(row.total), number: true },
            { header: 'Cancelled', cell: (row) => count(row.cancelled), number: true },
            { header: 'Net issued', cell: (row) => count(row.netIssued), number: true },
          ]}
        />
      )}
    </div>
  );
}
