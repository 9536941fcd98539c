import type pg from 'pg';

/**
 * Invoice numbers, given just after a confirm commits (migrations 010, 013 and 016, number_invoices()).
 *
 * Why after and not inside the confirm: a gapless number needs one counter row locked until the
 * commit, so inside the confirm every confirm committed alone, one disk flush after another. After
 * the commit, one run numbers every invoice still without a number, so
 * however many confirms commit together, they wait for one short transaction between them.
 *
 * Each pool runs at most one numbering at a time. A confirm that commits while a run is in flight
 * waits for the next run, which starts when that one ends: the run in flight may have looked for
 * unnumbered bookings before this one committed. Every confirm waiting meanwhile shares that next
 * run.
 */
type Numbered = Map<string, string>;

interface Numberer {
  running?: Promise<Numbered>;
  next?: Promise<Numbered>;
}

const numberers = new WeakMap<pg.Pool, Numberer>();

async function numberInvoices(pool: pg.Pool): Promise<Numbered> {
  const { rows } = await pool.query<{ booking_id: string; invoice_number: string }>(
    'SELECT booking_id, invoice_number FROM number_invoices()',
  );
  return new Map(rows.map((row) => [row.booking_id, row.invoice_number]));
}

function startRun(pool: pg.Pool, numberer: Numberer): Promise<Numbered> {
  const run = numberInvoices(pool).finally(() => {
    if (numberer.running === run) numberer.running = undefined;
  });
  numberer.running = run;
  return run;
}

/** A numbering run that starts after this call: it numbers every priced booking committed before the call. */
function runAfterNow(pool: pg.Pool): Promise<Numbered> {
  let numberer = numberers.get(pool);
  if (!numberer) numberers.set(pool, (numberer = {}));
  const state = numberer;
  if (!state.running) return startRun(pool, state);
  state.next ??= state.running
    .catch(() => undefined)
    .then(() => {
      state.next = undefined;
      return startRun(pool, state);
    });
  return state.next;
}

/**
 * The invoice number of a priced booking that has committed: given now if no run has given it yet.
 * (Another instance's run may have numbered it: then it is read back.)
 */
export async function invoiceNumberOf(pool: pg.Pool, bookingId: string): Promise<string> {
  // The run in flight may number it: the run reads the queue once it holds its lock, which under
  // load is mostly after this commit. Its answer is looked in first (bench:api: nine confirms in
  // ten), so they neither wait for the next run nor read their number back.
  const inFlight = numberers.get(pool)?.running;
  const early = inFlight && (await inFlight.catch(() => undefined))?.get(bookingId);
  if (early) return early;
  const number = (await runAfterNow(pool)).get(bookingId);
  if (number) return number;
  const { rows } = await pool.query<{ invoice_number: string | null }>('SELECT invoice_number FROM invoices WHERE booking_id = $1', [
    bookingId,
  ]);
  const stored = rows[0]?.invoice_number;
  if (!stored) throw new Error(`Booking ${bookingId} has no invoice number after a numbering run`);
  return stored;
}

/** Numbers what a crash between a confirm's commit and its numbering left without a number (at start-up). */
export async function numberLeftoverInvoices(pool: pg.Pool): Promise<number> {
  return (await runAfterNow(pool)).size;
}
