import { useRemoveRuleMutation } from './pricesApi';
import { formatPaise } from '../../domain/tax';
import type { PricesReply } from '../../domain/pricesWire';
import { OutcomeNotice } from './OutcomeNotice';
import { useOutcome } from './outcome';
import { spanWords, weekdaysWords } from './pricesWords';

/** The price rules, closures and minimum stays still in force, each with Remove. */
export function RulesTable({ data }: { data: PricesReply }) {
  const [removeRule, { isLoading }] = useRemoveRuleMutation();
  const { outcome, run } = useOutcome();
  const titleOf = (roomId: string | null) => (roomId ? (data.roomTypes.find((t) => t.roomId === roomId)?.title ?? roomId) : 'Whole hotel');
  const rows = [
    ...data.rules.map((r) => ({
      key: `p${r.id}`,
      kind: 'price-rules' as const,
      id: r.id,
      what: `Price ${formatPaise(r.pricePaise)}${weekdaysWords(r.weekdays)}`,
      room: titleOf(r.roomId),
      nights: spanWords(r),
    })),
    ...data.closures.map((c) => ({
      key: `c${c.id}`,
      kind: 'closures' as const,
      id: c.id,
      what: 'Closed',
      room: titleOf(c.roomId),
      nights: spanWords(c),
    })),
    ...data.minStays.map((m) => ({
      key: `m${m.id}`,
      kind: 'min-stays' as const,
      id: m.id,
      what: `Minimum stay ${m.nights} nights`,
      room: titleOf(m.roomId),
      nights: spanWords(m),
    })),
  ];
  return (
    <section className="prices__rules" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules in force</h2>
      <p className="prices__hint">
        The newest price rule covering a night wins: add a season first, then its weekends or single dates. Choose a night on the calendar
        to see which rule sets its price.
      </p>
      {rows.length === 0 ? (
        <p>No price rules, closures or minimum stays: every night has the room type&apos;s price.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Room type</th>
              <th scope="col">Nights</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td data-label="Rule">{row.what}</td>
                <td data-label="Room type">{row.room}</td>
                <td data-label="Nights">{row.nights}</td>
                <td className="admin-table__action">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={isLoading}
                    aria-label={`Remove ${row.what}, ${row.room}, ${row.nights}`}
                    onClick={() =>
                      void run(
                        removeRule({ kind: row.kind, id: row.id }),
                        `Removed: ${row.what}, ${row.room}, ${row.nights}.`,
                        'The rule could not be removed.',
                      )
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
