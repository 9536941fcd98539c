type Call = (
  path: string,
  init?: { method?: string; body?: unknown },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests' own api() answers any body
) => Promise<{ status: number; body: Record<string, any> }>;

/**
 * Issue 40: a checked-in guest is checked out only once their bill is paid. What the desk does
 * first, for tests about something else: takes in cash whatever is due on the stay's bill, through
 * `call` (a staff member's request). Nothing when the booking is not checked in, or nothing is due.
 */
export async function settleBill(call: Call, bookingId: string): Promise<void> {
  const bill = await call(`/api/admin/bookings/${bookingId}/bill`);
  if (bill.status !== 200 || !bill.body.open || bill.body.balancePaise <= 0) return;
  const paid = await call(`/api/admin/bookings/${bookingId}/bill/payments`, {
    method: 'POST',
    body: { method: 'cash', amountPaise: bill.body.balancePaise },
  });
  if (paid.status !== 201) throw new Error(`settling the bill of ${bookingId}: ${paid.status} ${JSON.stringify(paid.body)}`);
}

/** A status move as `call` sends it, the bill settled first when it is a check-out. */
export async function moveSettled(call: Call, bookingId: string, to: string) {
  if (to === 'checked_out') await settleBill(call, bookingId);
  return call(`/api/admin/bookings/${bookingId}/status`, { method: 'POST', body: { to } });
}
