import { Writable } from 'node:stream';
import { addDays } from '../../src/domain/dates';
import { eraseExpiredFormC } from '../../server/db/formCQueries';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { databaseKinds } from './support/testDatabase';
import { api, signIn } from './support/testServer';
import { moveSettled } from './support/bill';

/**
 * Issue 40 over real HTTP: Form C for guests from abroad (owner and front desk only), its one
 * rule of what may be saved, the list of arrivals of the last 24 hours still lacking it, the
 * passport number in no log line, list or other export, and the erasure a retention period after
 * check-out, audited. The server's clock is injected (AppOptions.now).
 */

const passport = 'Z9876543Q';
const deskPassword = 'front desk password 1';

function particulars(overrides: Record<string, string> = {}) {
  return {
    fullName: 'Anna Schmidt',
    nationality: 'German',
    passportNumber: passport,
    passportIssueDate: '2020-01-15',
    passportIssuePlace: 'Berlin',
    passportExpiry: '2030-01-14',
    visaNumber: 'VE1234567',
    visaType: 'e-Tourist',
    visaIssueDate: '2026-10-01',
    visaExpiry: '2027-09-30',
    arrivalInIndia: '2027-01-02',
    arrivedFrom: 'Frankfurt, Germany',
    nextDestination: 'Goa',
    addressInIndia: 'Valley View Resort, Munnar',
    arrivalAtHotel: '2027-01-03',
    ...overrides,
  };
}

describe.each(databaseKinds)('Form C on %s', (kind) => {
  let hotel: TestHotel;
  /** 12:00 in India on 3 January 2027. */
  let clock = new Date('2027-01-03T06:30:00Z');
  const today = '2027-01-03';
  const logged: string[] = [];
  let desk: Awaited<ReturnType<typeof signIn>>;

  const asDesk = (path: string, init: { method?: string; body?: unknown } = {}) => api(hotel.url, path, { ...init, headers: desk.headers });
  /** A booking of `nights` from `checkIn`, checked in at the desk (the clock set to its first day). */
  async function checkedIn(checkIn = today, nights = 2) {
    const saved = clock;
    clock = new Date(`${checkIn}T06:30:00Z`);
    const { bookingId } = await hotel.book({ roomId: 'deluxe', checkIn, checkOut: addDays(checkIn, nights) });
    const moved = await asDesk(`/api/admin/bookings/${bookingId}/status`, { method: 'POST', body: { to: 'checked_in' } });
    expect(moved.status).toBe(200);
    clock = saved;
    return bookingId;
  }

  beforeAll(async () => {
    // Every stay here is booked "today" by the test's clock.
    clock = new Date('2026-12-01T06:30:00Z');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    hotel = await startHotel(kind, { now: () => clock, logger: { level: 'trace', stream } });
    const added = await hotel.owner('/api/admin/staff', {
      method: 'POST',
      body: { username: 'Priya', password: deskPassword, role: 'desk' },
    });
    expect(added.status).toBe(201);
    desk = await signIn(hotel.url, 'Priya', deskPassword);
    clock = new Date('2027-01-03T06:30:00Z');
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  test('the desk records a guest from abroad; the checklist names what is missing; a guest can be removed until it is submitted', async () => {
    const bookingId = await checkedIn();
    const empty = await asDesk(`/api/admin/form-c/${bookingId}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ bookingId, foreignGuests: null, guests: [], erasedOn: null, eraseOn: addDays(today, 2 + 180) });

    const partial = await asDesk(`/api/admin/form-c/${bookingId}/guests`, {
      method: 'POST',
      body: particulars({ visaNumber: '', visaType: '', nextDestination: '' }),
    });
    expect(partial.status).toBe(200);
    expect(partial.body.foreignGuests).toBe(true);
    expect(partial.body.guests).toHaveLength(1);
    expect(partial.body.guests[0].missing).toEqual(['Visa number', 'Visa type', 'Next destination']);

    const guestId = partial.body.guests[0].id as number;
    const incomplete = await asDesk(`/api/admin/form-c/${bookingId}/submitted`, { method: 'PUT', body: {} });
    expect(incomplete).toMatchObject({
      status: 409,
      body: { message: 'Some particulars are still missing: complete every guest before marking the Form C submitted.' },
    });
    const done = await hotel.owner(`/api/admin/form-c/${bookingId}/guests/${guestId}`, { method: 'PUT', body: particulars() });
    expect(done.status).toBe(200);
    expect(done.body.guests[0]).toMatchObject({ passportNumber: passport, missing: [] });

    const second = await asDesk(`/api/admin/form-c/${bookingId}/guests`, {
      method: 'POST',
      body: particulars({ fullName: 'Jonas Schmidt', passportNumber: 'Z1111111' }),
    });
    expect(second.body.guests.map((g: { fullName: string }) => g.fullName)).toEqual(['Anna Schmidt', 'Jonas Schmidt']);
    const removed = await asDesk(`/api/admin/form-c/${bookingId}/guests/${second.body.guests[1].id}`, { method: 'DELETE' });
    expect(removed.body.guests.map((g: { fullName: string }) => g.fullName)).toEqual(['Anna Schmidt']);
    // Submitted to the FRRO: only when complete; then its guests stay.
    const early = await asDesk(`/api/admin/form-c/${bookingId}/submitted`, { method: 'PUT', body: {} });
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ submittedOn: today, submittedBy: 'Priya' });
    const kept = await asDesk(`/api/admin/form-c/${bookingId}/guests/${guestId}`, { method: 'DELETE' });
    expect(kept).toMatchObject({
      status: 409,
      body: { message: `This Form C was submitted to the FRRO on ${today}: its guests cannot be removed now.` },
    });
    // "No guests from abroad" is refused while a guest is recorded.
    const no = await asDesk(`/api/admin/form-c/${bookingId}/answer`, { method: 'PUT', body: { foreignGuests: false } });
    expect(no).toMatchObject({
      status: 409,
      body: { message: 'This booking has guests from abroad recorded: remove them first to answer “No”.' },
    });
  });

  test('only the owner and the desk read or write it; only the owner sets the retention period', async () => {
    const bookingId = await checkedIn();
    await asDesk(`/api/admin/form-c/${bookingId}/guests`, { method: 'POST', body: particulars() });
    const token = await hotel.manageToken(bookingId);
    const read = `/api/admin/form-c/${bookingId}`;
    expect((await hotel.guest(read)).status).toBe(401);
    expect((await hotel.guest(read, { headers: { 'x-guest-key': 'A'.repeat(43) } })).status).toBe(403);
    expect((await hotel.guest(read, { headers: { 'x-manage-token': token } })).status).toBe(401);
    expect((await hotel.guest(`${read}/export?format=csv`)).status).toBe(401);
    expect((await hotel.guest('/api/admin/form-c')).status).toBe(401);
    expect((await hotel.guest(`${read}/guests`, { method: 'POST', body: particulars() })).status).toBe(401);
    // The guest's own views of the booking carry no particular.
    const own = await hotel.manage(token, '');
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toContain(passport);
    expect((await asDesk(read)).status).toBe(200);
    expect((await hotel.owner(read)).status).toBe(200);

    expect((await asDesk('/api/admin/form-c-settings')).body).toEqual({ retentionDays: 180 });
    const refused = await asDesk('/api/admin/form-c-settings', { method: 'PUT', body: { retentionDays: 30 } });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only the hotel’s owner may do this; front-desk staff cannot.' } });
    const zero = await hotel.owner('/api/admin/form-c-settings', { method: 'PUT', body: { retentionDays: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/retentionDays/);
  });

  test('what cannot be right is refused with the field named in words; an unknown booking or guest is 404', async () => {
    const bookingId = await checkedIn();
    const add = (body: unknown) => asDesk(`/api/admin/form-c/${bookingId}/guests`, { method: 'POST', body });
    const refusals: Array<[Record<string, string>, string]> = [
      [{ fullName: '  ' }, 'Full name: enter the guest’s name as in the passport.'],
      [{ nationality: '' }, 'Nationality: enter the guest’s nationality as in the passport.'],
      [{ nationality: 'Indian' }, 'Nationality: Form C is for foreign nationals; an Indian national needs no Form C.'],
      [{ passportExpiry: '2030-02-30' }, 'Passport valid until: must be a date (YYYY-MM-DD).'],
      [{ passportExpiry: '2019-01-01' }, 'Passport valid until: must be after the passport’s date of issue.'],
      [{ visaExpiry: '2026-09-01' }, 'Visa valid until: must be after the visa’s date of issue.'],
      [{ arrivalInIndia: '2026-09-01' }, 'Date of arrival in India: cannot be before the visa’s date of issue.'],
      [{ arrivalAtHotel: '2027-01-01' }, 'Date of arrival at the hotel: cannot be before the date of arrival in India.'],
    ];
    for (const [overrides, message] of refusals) expect([(await add(particulars(overrides))).body.message]).toEqual([message]);
    const malformed = await add({ ...particulars(), fullName: 42 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/fullName/);
    expect((await add({ ...particulars(), shoeSize: '9' })).status).toBe(400);
    const broken = await asDesk(`/api/admin/form-c/${bookingId}/guests`, { method: 'POST', body: '{"fullName": ' });
    expect(broken.status).toBe(400);
    // Nothing was saved by any of them.
    expect((await asDesk(`/api/admin/form-c/${bookingId}`)).body.guests).toEqual([]);

    expect(await asDesk('/api/admin/form-c/BK999999')).toMatchObject({
      status: 404,
      body: { message: 'No booking found with ID: BK999999' },
    });
    expect((await asDesk('/api/admin/form-c/BK999999/guests', { method: 'POST', body: particulars() })).status).toBe(404);
    const noGuest = await asDesk(`/api/admin/form-c/${bookingId}/guests/987654`, { method: 'DELETE' });
    expect(noGuest).toMatchObject({ status: 404, body: { message: `Booking ${bookingId} has no guest 987654 on its Form C.` } });
  });

  test('the pending list: arrivals of today and yesterday, checked in, whose Form C is unanswered or incomplete', async () => {
    clock = new Date('2027-02-10T06:30:00Z');
    const unanswered = await checkedIn('2027-02-10');
    const yesterday = await checkedIn('2027-02-09');
    const older = await checkedIn('2027-02-08', 3);
    const none = await checkedIn('2027-02-10');
    const pendingIds = async () => (await asDesk('/api/admin/form-c')).body.pending.map((p: { bookingId: string }) => p.bookingId).sort();
    expect(await pendingIds()).toEqual([unanswered, yesterday, none].sort());
    expect(older).toBeTruthy();

    await asDesk(`/api/admin/form-c/${none}/answer`, { method: 'PUT', body: { foreignGuests: false } });
    await asDesk(`/api/admin/form-c/${yesterday}/guests`, { method: 'POST', body: particulars({ visaType: '' }) });
    const list = await asDesk('/api/admin/form-c');
    expect(list.body.today).toBe('2027-02-10');
    expect(list.body.pending).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bookingId: yesterday, reason: '1 particular missing' }),
        expect.objectContaining({ bookingId: unanswered, reason: 'Not answered: any guests from abroad?' }),
      ]),
    );
    expect(await pendingIds()).toEqual([unanswered, yesterday].sort());
    const guestId = (await asDesk(`/api/admin/form-c/${yesterday}`)).body.guests[0].id;
    await asDesk(`/api/admin/form-c/${yesterday}/guests/${guestId}`, { method: 'PUT', body: particulars() });
    expect(await pendingIds()).toEqual([unanswered]);
    // The next day, today's arrival is still listed; two days on, nobody is.
    clock = new Date('2027-02-11T06:30:00Z');
    expect(await pendingIds()).toEqual([unanswered]);
    clock = new Date('2027-02-12T06:30:00Z');
    expect(await pendingIds()).toEqual([]);
  });

  test('the passport number is in no log line, no bookings list and no other export; the Form C export has it, on request', async () => {
    const bookingId = await checkedIn();
    await asDesk(`/api/admin/form-c/${bookingId}/guests`, { method: 'POST', body: particulars() });
    await asDesk(`/api/admin/form-c/${bookingId}/guests`, { method: 'POST', body: particulars({ nationality: 'Indian' }) });
    const control = await asDesk(`/api/admin/form-c/${bookingId}/guests`, {
      method: 'POST',
      body: particulars({ addressInIndia: 'Munnar\u0000' }),
    });
    expect(control.status).toBe(400);
    expect(control.body.message).toMatch(/addressInIndia/);
    const guestId = (await asDesk(`/api/admin/form-c/${bookingId}`)).body.guests[0].id;
    await asDesk(`/api/admin/form-c/${bookingId}/guests/${guestId}`, { method: 'PUT', body: particulars({ visaType: 'e-Business' }) });
    await asDesk(`/api/admin/form-c/${bookingId}/guests/${guestId}`, { method: 'PUT', body: { ...particulars(), passportNumber: 7 } });

    const csv = await asDesk(`/api/admin/form-c/${bookingId}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="form-c-${bookingId}.csv"`);
    const [header, row] = String(csv.body).split('\r\n');
    expect(header).toBe(
      'Full name,Nationality,Passport number,Passport date of issue,Passport place of issue,Passport valid until,Visa number,Visa type,Visa date of issue,Visa valid until,Date of arrival in India,"Arrived from (city, country)",Next destination,Address in India,Date of arrival at the hotel',
    );
    expect(row).toContain(`Anna Schmidt,German,${passport},2020-01-15`);
    const json = await asDesk(`/api/admin/form-c/${bookingId}/export?format=json`);
    expect(json.body.guests[0]).toMatchObject({ fullName: 'Anna Schmidt', passportNumber: passport, visaType: 'e-Business' });
    expect((await asDesk(`/api/admin/form-c/${bookingId}/export?format=xml`)).status).toBe(400);

    const list = await hotel.owner(`/api/admin/bookings?q=${bookingId}`);
    expect(list.body.items.length).toBe(1);
    for (const other of [list, await hotel.owner('/api/admin/export?format=json'), await hotel.owner('/api/admin/export?format=csv')])
      expect(JSON.stringify(other.body)).not.toContain(passport);
    const desk = await asDesk(`/api/admin/desk?date=${today}`);
    expect(JSON.stringify(desk.body)).not.toContain(passport);

    // A statement that fails on the row (a constraint the test adds): 500, and the log still holds no particular.
    await hotel.db.pool.query(`ALTER TABLE form_c_guests ADD CONSTRAINT test_refuses CHECK (passport_number <> 'FAILS9876')`);
    try {
      const failed = await asDesk(`/api/admin/form-c/${bookingId}/guests`, {
        method: 'POST',
        body: particulars({ passportNumber: 'FAILS9876' }),
      });
      expect(failed.status).toBe(500);
      expect(JSON.stringify(failed.body)).not.toContain('FAILS9876');
    } finally {
      await hotel.db.pool.query('ALTER TABLE form_c_guests DROP CONSTRAINT test_refuses');
    }
    const log = logged.join('');
    expect(log).toContain('request failed');
    expect(log).not.toContain('FAILS9876');
    expect(log).not.toContain('Berlin');
    expect(log).toContain('form c guest added');
    expect(log).toContain(bookingId);
    expect(log).not.toContain(passport);
    expect(log).not.toContain('VE1234567');
  });

  test('a retention period after check-out the particulars are erased by housekeeping, audited, and the screen says when', async () => {
    clock = new Date('2027-03-01T06:30:00Z');
    const bookingId = await checkedIn('2027-03-01');
    const staying = await checkedIn('2027-03-01', 30);
    for (const id of [bookingId, staying]) await asDesk(`/api/admin/form-c/${id}/guests`, { method: 'POST', body: particulars() });
    await hotel.owner('/api/admin/form-c-settings', { method: 'PUT', body: { retentionDays: 90 } });
    clock = new Date('2027-03-03T06:30:00Z');
    // The bill paid first (issue 40: no check-out while a balance is due).
    expect((await moveSettled(asDesk, bookingId, 'checked_out')).status).toBe(200);
    expect((await asDesk(`/api/admin/form-c/${bookingId}`)).body.eraseOn).toBe('2027-06-01');

    // The earlier tests' stays (left checked in, their dates long over) go first; this one waits a day more.
    const dayBefore = await eraseExpiredFormC(hotel.db.pool, '2027-05-31');
    expect(dayBefore).not.toContain(bookingId);
    expect(dayBefore).not.toContain(staying);
    expect((await asDesk(`/api/admin/form-c/${bookingId}`)).body.guests).toHaveLength(1);
    expect(await eraseExpiredFormC(hotel.db.pool, '2027-06-01')).toEqual([bookingId]);
    const erased = await asDesk(`/api/admin/form-c/${bookingId}`);
    expect(erased.body).toMatchObject({ guests: [], erasedOn: '2027-06-01', eraseOn: null });
    const { rows } = await hotel.db.pool.query('SELECT passport_number FROM form_c_guests WHERE booking_id = $1', [bookingId]);
    expect(rows).toEqual([]);
    // A guest still in the house keeps theirs.
    expect((await asDesk(`/api/admin/form-c/${staying}`)).body.guests).toHaveLength(1);
    // Audited: who (housekeeping), what, when; never the particulars.
    const audit = await hotel.db.pool.query<{ action: string; staff: string; detail: string }>(
      `SELECT action, staff, detail FROM form_c_audit WHERE booking_id = $1 AND action = 'erase'`,
      [bookingId],
    );
    expect(audit.rows).toEqual([{ action: 'erase', staff: 'housekeeping', detail: 'particulars of 1 guest' }]);
    const all = await hotel.db.pool.query('SELECT * FROM form_c_audit');
    expect(JSON.stringify(all.rows)).not.toContain(passport);
    expect(JSON.stringify(all.rows)).not.toContain('Anna');
    // Nothing more can be added, and a second pass erases nothing again.
    const late = await asDesk(`/api/admin/form-c/${bookingId}/guests`, { method: 'POST', body: particulars() });
    expect(late).toMatchObject({
      status: 409,
      body: { message: `This booking’s Form C particulars were erased on 2027-06-01: nothing can be added now.` },
    });
    expect(await eraseExpiredFormC(hotel.db.pool, '2027-06-02')).toEqual([]);
  });

  test('a stay the desk never checked out (still checked in, or still confirmed) loses its particulars the retention period after its dates all the same', async () => {
    await hotel.owner('/api/admin/form-c-settings', { method: 'PUT', body: { retentionDays: 90 } });
    clock = new Date('2027-04-01T06:30:00Z');
    const leftInHouse = await checkedIn('2027-04-01', 2);
    const { bookingId: leftConfirmed } = await hotel.book({ roomId: 'deluxe', checkIn: '2027-04-05', checkOut: '2027-04-07' });
    for (const id of [leftInHouse, leftConfirmed])
      expect((await asDesk(`/api/admin/form-c/${id}/guests`, { method: 'POST', body: particulars() })).status).toBe(200);
    const particularsOf = async (id: string) =>
      (await hotel.db.pool.query('SELECT passport_number FROM form_c_guests WHERE booking_id = $1', [id])).rows;
    // 3 April + 90 days: the one left checked in goes; the one left confirmed (out 7 April) waits a day more.
    expect(await eraseExpiredFormC(hotel.db.pool, '2027-07-02')).toContain(leftInHouse);
    expect(await particularsOf(leftInHouse)).toEqual([]);
    expect(await particularsOf(leftConfirmed)).toHaveLength(1);
    expect(await eraseExpiredFormC(hotel.db.pool, '2027-07-06')).toEqual([leftConfirmed]);
    expect(await particularsOf(leftConfirmed)).toEqual([]);
    // Their statuses are the desk's to fix: erasure changes nothing else.
    const { rows } = await hotel.db.pool.query<{ status: string }>(
      'SELECT status FROM bookings WHERE booking_id = ANY($1) ORDER BY check_in',
      [[leftInHouse, leftConfirmed]],
    );
    expect(rows.map((row) => row.status)).toEqual(['checked_in', 'confirmed']);
  });
});
