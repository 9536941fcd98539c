import { useId } from 'react';
import { formatBasisPoints } from '../../domain/tax';
import type { ReportReply } from '../../domain/reportsWire';
import { GroupedBars, PercentLine, StackedBars } from './charts';
import type { BarSeries } from './charts';
import { definitions } from './definitions';
import { Section, Table, TableBehind } from './ReportTable';
import { count, monthName, money, oneDecimal, percent, shortDate, shortMonth, sourceName, sourceRank } from './reportFormat';

/** The sections of one report: each with its definition, a chart where a person would rather look than read, and its table. */

interface Props {
  report: ReportReply;
}

function Tile({ title, value, detail, definition }: { title: string; value: string; detail?: string; definition: string }) {
  return (
    <li className="reports__tile">
      <h3>{title}</h3>
      <p className="reports__value">{value}</p>
      {detail && <p className="reports__detail">{detail}</p>}
      <p className="reports__definition">{definition}</p>
    </li>
  );
}

/** The headline figures, each a tile with its one-line definition. */
export function Figures({ report }: Props) {
  const s = report.summary;
  const headingId = useId();
  return (
    <section className="reports__figures" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        The figures
      </h2>
      <ul className="reports__tiles">
        <Tile
          title="Occupancy"
          value={percent(s.occupancyPercent)}
          detail={`${count(s.roomNightsSold)} of ${count(s.roomNightsAvailable)} room-nights sold${s.channelRoomNights ? ` (${count(s.channelRoomNights)} on other channels)` : ''}${s.outOfService ? `; ${count(s.outOfService)} out of service` : ''}`}
          definition={definitions.occupancy}
        />
        <Tile title="ADR" value={money(s.adrPaise)} definition={definitions.adr} />
        <Tile title="RevPAR" value={money(s.revparPaise)} definition={definitions.revpar} />
        <Tile title="Room revenue" value={money(s.roomRevenuePaise)} detail="before GST" definition={definitions.revenue} />
        <Tile
          title="Average stay"
          value={s.averageStayNights === null ? '—' : `${oneDecimal(s.averageStayNights)} nights`}
          detail={`${count(s.stays)} ${s.stays === 1 ? 'stay' : 'stays'} arriving`}
          definition={definitions.stay}
        />
        <Tile
          title="Average lead time"
          value={s.averageLeadDays === null ? '—' : `${oneDecimal(s.averageLeadDays)} days`}
          definition={definitions.lead}
        />
        <Tile
          title="Cancellations"
          value={percent(s.cancellationPercent)}
          detail={`${count(s.cancellations)} of ${count(s.arrivals)} bookings; ${money(s.cancelledRevenuePaise)} lost (${count(s.cancelledRoomNights)} room-nights)`}
          definition={definitions.cancellations}
        />
        <Tile
          title="No-shows"
          value={count(s.noShows)}
          detail={`${money(s.noShowRevenuePaise)} lost (${count(s.noShowRoomNights)} room-nights)`}
          definition={definitions.noShows}
        />
      </ul>
    </section>
  );
}

export function OccupancySection({ report }: Props) {
  const nights = report.nights;
  const long = nights.length > 62;
  const known = nights.filter((n) => n.occupancyPercent !== null);
  const highest = known.reduce<(typeof nights)[number] | null>(
    (best, n) => (best && best.occupancyPercent! >= n.occupancyPercent! ? best : n),
    null,
  );
  const lowest = known.reduce<(typeof nights)[number] | null>(
    (worst, n) => (worst && worst.occupancyPercent! <= n.occupancyPercent! ? worst : n),
    null,
  );
  const description =
    highest && lowest
      ? `From ${percent(lowest.occupancyPercent)} on ${shortDate(lowest.night)} to ${percent(highest.occupancyPercent)} on ${shortDate(highest.night)}; ${percent(report.summary.occupancyPercent)} over the range.`
      : 'No rooms to sell on these nights.';
  return (
    <Section title="Occupancy by night" definition={definitions.occupancyByNight}>
      <PercentLine
        title={`Occupancy each night from ${shortDate(report.from)} to ${shortDate(report.to)}`}
        description={description}
        points={nights.map((n, i) => ({
          value: n.occupancyPercent,
          label: long ? (n.night.endsWith('-01') ? shortMonth(n.night) : undefined) : i % 7 === 0 ? shortDate(n.night, false) : undefined,
        }))}
      />
      <TableBehind summary="The occupancy of each night as a table">
        <Table
          caption="Occupancy by night"
          rowKey={(n) => n.night}
          rows={nights}
          columns={[
            { header: 'Night', cell: (n) => shortDate(n.night) },
            { header: 'Rooms to sell', cell: (n) => count(n.available), number: true },
            { header: 'Out of service', cell: (n) => count(n.outOfService), number: true },
            { header: 'Sold', cell: (n) => count(n.sold), number: true },
            { header: 'Occupancy', cell: (n) => percent(n.occupancyPercent), number: true },
          ]}
        />
      </TableBehind>
    </Section>
  );
}

const windowName = (days: number) => (days === 1 ? 'Last day' : `Last ${days} days`);

export function PickupSection({ report }: Props) {
  const hasLastYear = report.pickup.some((w) => w.lastYear !== null);
  const series: BarSeries[] = [
    { key: 'now', name: 'These nights', tone: 'tone-green' },
    ...(hasLastYear ? [{ key: 'lastYear', name: 'A year before', tone: 'tone-sand' }] : []),
  ];
  return (
    <Section title="Pickup" definition={definitions.pickup}>
      <GroupedBars
        title="Room-nights picked up in the last day, 7 days and 30 days"
        description={report.pickup
          .map(
            (w) =>
              `${windowName(w.days)}: ${count(w.roomNights)} room-nights${w.lastYear ? `, a year before ${count(w.lastYear.roomNights)}` : ''}`,
          )
          .join('; ')}
        series={series}
        format={(v) => count(v)}
        groups={report.pickup.map((w) => ({
          label: windowName(w.days),
          values: { now: w.roomNights, lastYear: w.lastYear?.roomNights ?? null },
        }))}
      />
      {!hasLastYear && <p className="reports__note">No bookings are a year old yet: nothing to set beside these.</p>}
      <Table
        caption="Pickup"
        rowKey={(w) => String(w.days)}
        rows={report.pickup}
        columns={[
          { header: 'Booked in the', cell: (w) => windowName(w.days).replace('Last', 'last') },
          { header: 'Room-nights', cell: (w) => count(w.roomNights), number: true },
          { header: 'Revenue', cell: (w) => money(w.revenuePaise), number: true },
          { header: 'A year before: room-nights', cell: (w) => (w.lastYear ? count(w.lastYear.roomNights) : '—'), number: true },
          { header: 'A year before: revenue', cell: (w) => (w.lastYear ? money(w.lastYear.revenuePaise) : '—'), number: true },
        ]}
      />
    </Section>
  );
}

const tones = ['tone-green', 'tone-teal', 'tone-terracotta', 'tone-stone', 'tone-saffron'];

export function SourcesSection({ report }: Props) {
  const { totals, buckets, by } = report.sources;
  const keys = [...new Set([...totals.map((t) => t.source), ...buckets.flatMap((b) => Object.keys(b.roomNights))])].sort(
    (a, b) => sourceRank(a) - sourceRank(b),
  );
  const series = keys.map((key, i) => ({ key, name: sourceName(key), tone: tones[i % tones.length]! }));
  const sold = totals.reduce((sum, t) => sum + t.roomNights, 0);
  // Every night or month of the range has its bar, sold or not.
  const starts: string[] = [];
  for (let day = report.from; day <= report.to;) {
    starts.push(day);
    day = by === 'night' ? addDay(day) : nextMonth(day);
  }
  const byStart = new Map(buckets.map((b) => [b.start, b.roomNights]));
  const rows = starts.map((start) => ({
    start: by === 'month' ? `${start.slice(0, 8)}01` : start,
    values: byStart.get(by === 'month' ? `${start.slice(0, 8)}01` : start) ?? {},
  }));
  return (
    <Section title="Where the bookings came from" definition={definitions.sources}>
      {totals.length === 0 ? (
        <p className="admin-summary admin-summary--empty">No room-nights sold on these nights.</p>
      ) : (
        <>
          <StackedBars
            title={`Room-nights sold each ${by} by where the booking came from`}
            description={totals.map((t) => `${sourceName(t.source)}: ${count(t.roomNights)} room-nights`).join('; ')}
            series={series}
            buckets={rows.map((row, i) => ({
              values: row.values,
              label: by === 'month' ? shortMonth(row.start) : i % 7 === 0 ? shortDate(row.start, false) : undefined,
            }))}
          />
          <Table
            caption="Sources"
            rowKey={(t) => t.source}
            rows={[...totals].sort((a, b) => sourceRank(a.source) - sourceRank(b.source))}
            columns={[
              { header: 'Source', cell: (t) => sourceName(t.source) },
              { header: 'Stays arriving', cell: (t) => count(t.bookings), number: true },
              { header: 'Room-nights', cell: (t) => count(t.roomNights), number: true },
              { header: 'Share', cell: (t) => percent(sold === 0 ? null : Math.round((1000 * t.roomNights) / sold) / 10), number: true },
              { header: 'Revenue', cell: (t) => money(t.revenuePaise), number: true },
            ]}
          />
          <TableBehind summary={`The room-nights of each ${by} by source as a table`}>
            <Table
              caption={`Room-nights by source each ${by}`}
              rowKey={(row) => row.start}
              rows={rows}
              columns={[
                {
                  header: by === 'night' ? 'Night' : 'Month',
                  cell: (row) => (by === 'night' ? shortDate(row.start) : monthName(row.start)),
                },
                ...keys.map((key) => ({
                  header: sourceName(key),
                  cell: (row: (typeof rows)[number]) => count(row.values[key] ?? 0),
                  number: true,
                })),
              ]}
            />
          </TableBehind>
        </>
      )}
    </Section>
  );
}

const addDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const nextMonth = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

export function OnTheBooksSection({ report }: Props) {
  const total = report.onTheBooks.reduce(
    (sum, m) => ({
      bookings: sum.bookings + m.bookings,
      roomNights: sum.roomNights + m.roomNights,
      revenuePaise: sum.revenuePaise + m.revenuePaise,
    }),
    { bookings: 0, roomNights: 0, revenuePaise: 0 },
  );
  return (
    <Section title="On the books" definition={definitions.onTheBooks}>
      <Table
        caption="On the books by arrival month"
        rowKey={(m) => m.month}
        rows={report.onTheBooks}
        foot={{ month: 'total', ...total }}
        columns={[
          { header: 'Arrivals in', cell: (m) => (m.month === 'total' ? 'The 12 months' : monthName(m.month)) },
          { header: 'Stays', cell: (m) => count(m.bookings), number: true },
          { header: 'Room-nights', cell: (m) => count(m.roomNights), number: true },
          { header: 'Revenue', cell: (m) => money(m.revenuePaise), number: true },
        ]}
      />
    </Section>
  );
}

const rateName = (cgst: number, sgst: number) =>
  cgst + sgst === 0
    ? 'No GST kept (booked before prices)'
    : `${formatBasisPoints(cgst + sgst)} (CGST ${formatBasisPoints(cgst)} + SGST ${formatBasisPoints(sgst)})`;

export function MoneySection({ report }: Props) {
  const m = report.money;
  const foot = {
    cgstBasisPoints: -1,
    sgstBasisPoints: -1,
    roomNights: m.byRate.reduce((sum, r) => sum + r.roomNights, 0),
    taxablePaise: m.taxablePaise,
    cgstPaise: m.cgstPaise,
    sgstPaise: m.sgstPaise,
    totalPaise: m.totalPaise,
  };
  return (
    <Section title="Room revenue and GST" definition={definitions.money}>
      {m.byRate.length === 0 ? (
        <p className="admin-summary admin-summary--empty">No room-nights sold on these nights.</p>
      ) : (
        <Table
          caption="Room revenue and GST by rate"
          rowKey={(r) => `${r.cgstBasisPoints}-${r.sgstBasisPoints}`}
          rows={m.byRate}
          foot={foot}
          columns={[
            { header: 'GST rate', cell: (r) => (r.cgstBasisPoints < 0 ? 'All rates' : rateName(r.cgstBasisPoints, r.sgstBasisPoints)) },
            { header: 'Room-nights', cell: (r) => count(r.roomNights), number: true },
            { header: 'Before GST', cell: (r) => money(r.taxablePaise), number: true },
            { header: 'CGST', cell: (r) => money(r.cgstPaise), number: true },
            { header: 'SGST', cell: (r) => money(r.sgstPaise), number: true },
            { header: 'With GST', cell: (r) => money(r.totalPaise), number: true },
          ]}
        />
      )}
    </Section>
  );
}
