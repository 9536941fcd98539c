import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError } from '../../api/requestErrors';
import { LoadProblem } from '../../shared/ui/notices';
import type { Service } from '../../domain/folioWire';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate, isOwner } from '../staff/AdminGate';
import { useGetServicesQuery, useSaveServiceMutation } from './folioApi';
import { parseRupees } from './rupees';
import '../admin/admin.css';
import './folio.css';

/** The GST rates the schedule has for services; the owner picks the one of each service. */
const rates = [0, 500, 1200, 1800, 2800];

/**
 * The owner's catalogue of services the desk posts to a stay's bill (issue 40): name, SAC, price
 * and GST rate of each, added or changed here (audited as every setting), or no longer offered.
 * A line already posted keeps what it was posted at. Owners only.
 */
export function ServicesPage() {
  const { desk } = useAppSelector(selectOffers);
  return (
    <section className="page admin folio" aria-labelledby="page-title">
      <title>Services</title>
      <h1 id="page-title">Services</h1>
      {desk ? (
        <AdminGate>
          {(staff) =>
            isOwner(staff) ? <Services /> : <p className="notice">Only the hotel’s owner may change the services and their prices.</p>
          }
        </AdminGate>
      ) : (
        <p className="notice">Services are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Services() {
  const { data, error, isLoading, isFetching, refetch } = useGetServicesQuery();
  const [editing, setEditing] = useState<Service | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A new form (empty, or the next service's) after each save.
  const [saves, setSaves] = useState(0);
  const headingId = useId();
  if (isLoading) return <p className="admin-summary">Loading the services…</p>;
  if (error || !data)
    return <LoadProblem error={error} fallback="The services could not be loaded." retrying={isFetching} onRetry={() => void refetch()} />;
  return (
    <>
      <p>What the desk posts to a guest’s bill, each with its SAC and GST rate (restaurant service 5%, most others 18%).</p>
      <div role="status">{done && <p className="notice notice--success">{done}</p>}</div>
      <section aria-labelledby={headingId} className="folio__lines">
        <h2 id={headingId}>Catalogue</h2>
        <table className="admin-table folio-table folio-table--services" role="table" aria-labelledby={headingId}>
          <thead role="rowgroup">
            <tr role="row">
              {['Service', 'SAC', 'Price', 'GST', 'Offered', 'Action'].map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {data.items.map((service) => (
              <tr key={service.id} role="row">
                <td role="cell" data-label="Service">
                  {service.name}
                </td>
                <td role="cell" data-label="SAC">
                  {service.sac}
                </td>
                <td role="cell" data-label="Price" className="admin-table__total">
                  {formatPaise(service.pricePaise)}
                </td>
                <td role="cell" data-label="GST">
                  {formatBasisPoints(service.gstBasisPoints)}
                </td>
                <td role="cell" data-label="Offered">
                  {service.active ? 'Yes' : 'No'}
                </td>
                <td role="cell" data-label="Action" className="admin-table__action">
                  <button
                    type="button"
                    className="button button--secondary admin-delete"
                    aria-label={`Change ${service.name}`}
                    onClick={() => {
                      setDone(null);
                      setEditing(service);
                    }}
                  >
                    Change
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ServiceForm
        key={`${editing?.id ?? 'new'}-${saves}`}
        service={editing}
        onDone={(text) => {
          setDone(text);
          setEditing(null);
          setSaves((n) => n + 1);
        }}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}

function ServiceForm({ service, onDone, onCancel }: { service: Service | null; onDone: (text: string) => void; onCancel: () => void }) {
  const [save, { isLoading }] = useSaveServiceMutation();
  const [name, setName] = useState(service?.name ?? '');
  const [sac, setSac] = useState(service?.sac ?? '');
  const [price, setPrice] = useState(service ? (service.pricePaise / 100).toFixed(2) : '');
  const [rate, setRate] = useState(service?.gstBasisPoints ?? 1800);
  const [active, setActive] = useState(service?.active ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { title: useId(), name: useId(), sac: useId(), price: useId(), rate: useId(), active: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const pricePaise = price.trim() === '0' ? 0 : parseRupees(price);
    if (pricePaise === null) return setProblem('Price: enter rupees, such as 500 or 499.50.');
    if (!/^99\d{4}$/.test(sac.trim())) return setProblem('SAC: six digits starting 99, such as 996331 for a restaurant.');
    const result = await save({
      ...(service ? { id: service.id } : {}),
      name: name.trim(),
      sac: sac.trim(),
      pricePaise,
      gstBasisPoints: rate,
      active,
    });
    if (result.error) setProblem(describeError(result.error, 'The service could not be saved.'));
    else onDone(service ? `Changed ${result.data.name}.` : `Added ${result.data.name}.`);
  }
  return (
    <form className="card folio__form folio__service-form" aria-labelledby={ids.title} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={ids.title}>{service ? `Change ${service.name}` : 'Add a service'}</h2>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} className="input" maxLength={60} required value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.sac}>SAC</label>
        <input
          id={ids.sac}
          className="input"
          inputMode="numeric"
          maxLength={6}
          value={sac}
          onChange={(event) => setSac(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.price}>Price before tax (₹)</label>
        <input id={ids.price} className="input" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.rate}>GST rate</label>
        <select id={ids.rate} className="input" value={rate} onChange={(event) => setRate(Number(event.target.value))}>
          {rates.map((r) => (
            <option key={r} value={r}>
              {formatBasisPoints(r)}
            </option>
          ))}
        </select>
      </div>
      <label className="folio__check">
        <input id={ids.active} type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /> Offered to the desk
      </label>
      <div className="button-row">
        <button type="submit" className="button" disabled={isLoading}>
          {service ? 'Save changes' : 'Add service'}
        </button>
        {service && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
