import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import { addDays, isIsoDate, nightsBetween } from '../../domain/dates';
import type { ReportsQuery } from '../../domain/reportsWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate, isOwner } from '../staff/AdminGate';
import '../admin/admin.css';
import { GstSection } from './GstSection';
import { Figures, MoneySection, OccupancySection, OnTheBooksSection, PickupSection, SourcesSection } from './ReportSections';
import { monthName, shortDate } from './reportFormat';
import { useGetReportQuery } from './reportsApi';
import { LoadProblem } from '../../shared/ui/notices';
import './reports.css';

/** The longest range one report covers (the server's limit too). */
const longestRange = 731;

type Preset = 'this-month' | 'next-30-days' | 'last-month' | 'financial-year' | 'range';

const firstOfMonth = (iso: string) => `${iso.slice(0, 8)}01`;
const lastOfMonth = (iso: string) => addDays(firstOfMonth(addDays(firstOfMonth(iso), 31)), -1);
/** The financial year (April to March) a date falls in, by its first year: 2026-05-01 → 2026. */
const financialYearStart = (iso: string) => Number(iso.slice(0, 4)) - (Number(iso.slice(5, 7)) < 4 ? 1 : 0);
const financialYearName = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;

/** The stay nights a preset stands for, counted from the hotel's today. */
function presetRange(preset: Exclude<Preset, 'range'>, today: string, fyStart: number): { from: string; to: string } {
  switch (preset) {
    case 'this-month':
      return { from: firstOfMonth(today), to: lastOfMonth(today) };
    case 'next-30-days':
      return { from: today, to: addDays(today, 29) };
    case 'last-month': {
      const from = firstOfMonth(addDays(firstOfMonth(today), -1));
      return { from, to: lastOfMonth(from) };
    }
    case 'financial-year':
      return { from: `${fyStart}-04-01`, to: `${fyStart + 1}-03-31` };
  }
}

/**
 * The owner's figures (issue 39): occupancy, ADR and RevPAR, stays, lead time, cancellations and
 * no-shows for a range of stay nights and a room type, what was picked up lately, what is on the
 * books, the room revenue and its GST, and the GST returns the accountant files. Only where the
 * source offers it (the hotel), and only to the owner.
 */
export function ReportsPage() {
  const { reports } = useAppSelector(selectOffers);
  return (
    <section className="page admin reports" aria-labelledby="page-title">
      <title>Reports</title>
      <h1 id="page-title">Reports</h1>
      {reports ? (
        <AdminGate>
          {(staff) =>
            isOwner(staff) ? <Reports /> : <p className="notice">Reports are for the hotel’s owner: front-desk staff cannot open them.</p>
          }
        </AdminGate>
      ) : (
        <p className="notice">Reports are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Reports() {
  const [preset, setPreset] = useState<Preset>('this-month');
  const [fyStart, setFyStart] = useState<number | null>(null);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [roomId, setRoomId] = useState('');
  // The first answer (the hotel's month) brings the hotel's today, which the presets count from.
  const [today, setToday] = useState<string | null>(null);
  const query: ReportsQuery = {
    ...(preset === 'this-month' || !today
      ? {}
      : preset === 'range'
        ? (range ?? {})
        : presetRange(preset, today, fyStart ?? financialYearStart(today))),
    ...(roomId ? { roomId } : {}),
  };
  const { data, error, isFetching, refetch } = useGetReportQuery(query);
  if (data && today === null) setToday(data.today);

  if (!data)
    return error ? (
      <LoadProblem
        error={error}
        fallback={'The hotel could not work out its figures.'}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    ) : (
      <p role="status">Working out the figures…</p>
    );

  const nights = nightsBetween(data.from, data.to) + 1;
  const roomTitle = data.roomTypes.find((t) => t.roomId === data.roomId)?.title;
  return (
    <>
      <p className="reports__intro">
        The hotel’s figures for the stay nights you choose, worked out from every booking; each with what it means. Dates are the hotel’s.
      </p>
      <RangeChooser
        today={data.today}
        preset={preset}
        fyStart={fyStart ?? financialYearStart(data.today)}
        range={range}
        roomId={roomId}
        roomTypes={data.roomTypes}
        onPreset={(next, fy) => {
          setPreset(next);
          if (fy !== undefined) setFyStart(fy);
        }}
        onRange={(next) => {
          setRange(next);
          setPreset('range');
        }}
        onRoom={setRoomId}
      />
      <p className="reports__period" role="status">
        <strong>
          {shortDate(data.from)} to {shortDate(data.to)}
        </strong>{' '}
        ({nights} {nights === 1 ? 'night' : 'nights'}), {roomTitle ? `${roomTitle}s only` : 'all room types'}
        {isFetching && <span className="reports__updating"> · updating…</span>}
      </p>
      {error && (
        <div className="notice notice--error hotel-problem" role="alert">
          <p>
            {describeError(
              error as SourceError,
              'The hotel could not work out the figures for these nights; the ones shown are the last it did.',
            )}
          </p>
          <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      <div className={isFetching ? 'reports__body reports__body--stale' : 'reports__body'}>
        <Figures report={data} />
        <OccupancySection report={data} />
        <PickupSection report={data} />
        <SourcesSection report={data} />
        <OnTheBooksSection report={data} />
        <MoneySection report={data} />
      </div>
      <GstSection />
    </>
  );
}

interface RangeChooserProps {
  today: string;
  preset: Preset;
  fyStart: number;
  range: { from: string; to: string } | null;
  roomId: string;
  roomTypes: Array<{ roomId: string; title: string }>;
  onPreset: (preset: Preset, fyStart?: number) => void;
  onRange: (range: { from: string; to: string }) => void;
  onRoom: (roomId: string) => void;
}

function RangeChooser({ today, preset, fyStart, range, roomId, roomTypes, onPreset, onRange, onRoom }: RangeChooserProps) {
  const name = useId();
  const ids = { fy: useId(), from: useId(), to: useId(), room: useId(), problem: useId() };
  const [from, setFrom] = useState(range?.from ?? firstOfMonth(today));
  const [to, setTo] = useState(range?.to ?? lastOfMonth(today));
  const [problem, setProblem] = useState<string | null>(null);
  const current = financialYearStart(today);
  const years = [current, current - 1, current - 2];
  const lastMonth = firstOfMonth(addDays(firstOfMonth(today), -1));
  const choices: Array<{ value: Exclude<Preset, 'range' | 'financial-year'>; label: string }> = [
    { value: 'this-month', label: `This month (${monthName(today)})` },
    { value: 'next-30-days', label: 'Next 30 days' },
    { value: 'last-month', label: `Last month (${monthName(lastMonth)})` },
  ];

  function show(event: FormEvent) {
    event.preventDefault();
    if (!isIsoDate(from) || !isIsoDate(to)) return setProblem('Enter the first and the last night as dates.');
    if (to < from) return setProblem('The last night must be on or after the first night.');
    if (nightsBetween(from, to) + 1 > longestRange) return setProblem(`One report covers at most ${longestRange} nights (two years).`);
    setProblem(null);
    onRange({ from, to });
  }

  return (
    <form className="reports__chooser" onSubmit={show} aria-label="Which nights and rooms">
      <fieldset className="reports__presets">
        <legend>Stay nights</legend>
        {choices.map((choice) => (
          <label key={choice.value}>
            <input type="radio" name={name} checked={preset === choice.value} onChange={() => onPreset(choice.value)} />
            {choice.label}
          </label>
        ))}
        <span className="reports__fy">
          <label>
            <input type="radio" name={name} checked={preset === 'financial-year'} onChange={() => onPreset('financial-year')} />
            Financial year
          </label>
          <label htmlFor={ids.fy} className="visually-hidden">
            Which financial year
          </label>
          <select
            id={ids.fy}
            className="input"
            value={fyStart}
            onChange={(event) => onPreset('financial-year', Number(event.target.value))}
          >
            {years.map((start) => (
              <option key={start} value={start}>
                {financialYearName(start)} (April {start} to March {start + 1})
              </option>
            ))}
          </select>
        </span>
        <label>
          <input
            type="radio"
            name={name}
            checked={preset === 'range'}
            onChange={() => (range ? onPreset('range') : undefined)}
            disabled={!range}
          />
          Nights of your own (below)
        </label>
      </fieldset>
      <div className="reports__own">
        <div className="field">
          <label htmlFor={ids.from}>First night</label>
          <input id={ids.from} className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>Last night</label>
          <input id={ids.to} className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <button type="submit" className="button button--secondary">
          Show these nights
        </button>
        <div className="field">
          <label htmlFor={ids.room}>Room type</label>
          <select id={ids.room} className="input" value={roomId} onChange={(event) => onRoom(event.target.value)}>
            <option value="">All room types</option>
            {roomTypes.map((type) => (
              <option key={type.roomId} value={type.roomId}>
                {type.title}s
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem && (
        <p className="notice notice--error" role="alert" id={ids.problem}>
          {problem}
        </p>
      )}
    </form>
  );
}
