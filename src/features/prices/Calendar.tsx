import { addDays } from '../../domain/dates';
import { formatPaise } from '../../domain/tax';
import type { CalendarNight } from '../../domain/pricesWire';
import { isoWeekday, longDate, monthName, monthStart, weekdayNames } from './pricesWords';

interface CalendarProps {
  nights: CalendarNight[];
  title: string;
  chosen: (night: string) => boolean;
  onChoose: (night: string) => void;
}

type Cell = CalendarNight | { past: string } | null;

/**
 * The nights grouped by month, each month a week-by-week table. A month is drawn whole: its days
 * before the first night shown (before today) are there, greyed and not chosen, so that every
 * month has its weeks in their places.
 */
export function Calendar({ nights, title, chosen, onChoose }: CalendarProps) {
  const months = new Map<string, CalendarNight[]>();
  for (const night of nights) months.set(night.night.slice(0, 7), [...(months.get(night.night.slice(0, 7)) ?? []), night]);
  return (
    <div className="prices__calendar">
      {[...months].map(([month, list]) => {
        const first = monthStart(list[0]!.night);
        const past: Cell[] = [];
        for (let day = first; day < list[0]!.night; day = addDays(day, 1)) past.push({ past: day });
        const cells: Cell[] = [...Array<null>(isoWeekday(first) - 1).fill(null), ...past, ...list];
        while (cells.length % 7) cells.push(null);
        const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
        return (
          <table key={month} className="prices__month">
            <caption>
              {title}s, {monthName(month)}
            </caption>
            <thead>
              <tr>
                {weekdayNames.map((d) => (
                  <th key={d} scope="col">
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((night, d) =>
                    night === null ? (
                      <td key={`empty-${d}`} />
                    ) : 'past' in night ? (
                      <td key={night.past} className="prices__night prices__night--past">
                        <span className="prices__day">{Number(night.past.slice(8, 10))}</span>
                      </td>
                    ) : (
                      <td key={night.night} className={night.closed ? 'prices__night prices__night--closed' : 'prices__night'}>
                        <button
                          type="button"
                          aria-pressed={chosen(night.night)}
                          aria-label={`${longDate(night.night)}: ${formatPaise(night.pricePaise)}, ${night.left} left${night.closed ? ', closed' : ''}${
                            night.minNights ? `, minimum ${night.minNights} nights` : ''
                          }`}
                          onClick={() => onChoose(night.night)}
                        >
                          <span className="prices__day">{Number(night.night.slice(8, 10))}</span>
                          <span className="prices__price">{formatPaise(night.pricePaise).replace(/\.00$/, '')}</span>
                          <span className="prices__left">{night.closed ? 'Closed' : `${night.left} left`}</span>
                          {night.minNights ? <span className="prices__min">min {night.minNights}</span> : null}
                        </button>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
