import { useId } from 'react';
import type { ReactNode } from 'react';

/** A labelled field: `children` draws the control with the id the label points at. */
export function Field({ label, children }: { label: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
