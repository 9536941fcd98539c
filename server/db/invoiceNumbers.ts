import type pg from 'pg';

/**
 * Invoice numbers, given just after a confirm commits (number_invoices(), functions/invoices.sql).
 *
 * Why after and not inside the confirm: a gapless number needs one counter row locked until the
 * commit, so inside the confirm every confirm committed alone, one disk flush after another. After
 * the commit, one run numbers every invoice waiting, so however many confirms commit together,
 * they wait for one short transaction between them.
 *
 * A pool starts a run when none is in flight, else after the one in flight (two may overlap for a
 * moment; number_invoices() takes a lock, so they still run one after the other). A confirm that
 * commits while a run is in flight looks in that run's answer first: the run reads the queue once it holds its lock, which under
 * load is mostly after this commit (bench:api: nine confirms in ten). If it is not there, the run
 * that starts when that one ends numbers it (it starts after this commit), and every confirm in
 * the same case shares that one run.
 */
type Numbered = Map<string, string>;

interface Run {
  answer: Promise<Numbered>;
  ended: boolean;
  /** The run that starts once this one has ended, asked for by a confirm this one did not number. */
  next?: Promise<Run>;
}

const latestRuns = new WeakMap<pg.Pool, Run>();

async function numberInvoices(pool: pg.Pool): Promise<Numbered> {
  const { rows } = await pool.query<{ booking_id: string; invoice_number: string }>(
    'SELECT booking_id, invoice_number FROM number_invoices()',
  );
  return new Map(rows.map((row) => [row.booking_id, row.invoice_number]));
}

function startRun(pool: pg.Pool): Run {
  const run: Run = { answer: numberInvoices(pool), ended: false };
  const end = () => {
    run.ended = true;
  };
  run.answer.then(end, end);
  latestRuns.set(pool, run);
  return run;
}

/** The run still in flight on this pool, if any. */
function runInFlight(pool: pg.Pool): Run | undefined {
  const run = latestRuns.get(pool);
  return run && !run.ended ? run : undefined;
}

/**
 * A run that starts after `inFlight` has ended (shared by every caller that asks), or a new run
 * now when none was in flight: either way a run that numbers every invoice waiting before the call.
 */
async function runAfter(pool: pg.Pool, inFlight: Run | undefined): Promise<Run> {
  if (!inFlight) return startRun(pool);
  inFlight.next ??= inFlight.answer.then(
    () => startRun(pool),
    () => startRun(pool),
  );
  return inFlight.next;
}

/**
 * The invoice number of a priced booking that has committed: given now if no run has given it yet.
 * (Another instance's run may have numbered it: then it is read back.)
 */
export async function invoiceNumberOf(pool: pg.Pool, bookingId: string): Promise<string> {
  const inFlight = runInFlight(pool);
  const early = inFlight && (await inFlight.answer.catch(() => undefined))?.get(bookingId);
  if (early) return early;
  const number = (await (await runAfter(pool, inFlight)).answer).get(bookingId);
  if (number) return number;
  const { rows } = await pool.query<{ invoice_number: string }>('SELECT invoice_number FROM invoices WHERE booking_id = $1', [bookingId]);
  const stored = rows[0]?.invoice_number;
  if (!stored) throw new Error(`Booking ${bookingId} has no invoice number after a numbering run`);
  return stored;
}

/** Numbers what a crash between a confirm's commit and its numbering left waiting (at start-up, and hourly). */
export async function numberLeftoverInvoices(pool: pg.Pool): Promise<number> {
  return (await (await runAfter(pool, runInFlight(pool))).answer).size;
}
