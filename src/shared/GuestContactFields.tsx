import { useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { checkGuestMobile, checkGuestName } from '../domain/guestContact';

/**
 * The guest's name and mobile number fields (issue 34 item 5), for every form that takes a hotel
 * booking: the guest's confirmation and the desk's phone and walk-in bookings. What is typed is
 * checked by the domain's rule (src/domain/guestContact.ts) before it is sent; each problem shows
 * in red under its field, tied to it (aria-invalid, aria-describedby), and the first field to put
 * right takes the focus, so that a screen reader reads the problem with it.
 */

/** As typed; the hotel normalises them (the mobile as E.164). */
export interface GuestContactTyped {
  guestName: string;
  guestMobile: string;
}

const empty: GuestContactTyped = { guestName: '', guestMobile: '' };

function problemsOf(typed: GuestContactTyped): Partial<GuestContactTyped> {
  const name = checkGuestName(typed.guestName);
  const mobile = checkGuestMobile(typed.guestMobile);
  return {
    ...('problem' in name ? { guestName: name.problem } : {}),
    ...('problem' in mobile ? { guestMobile: mobile.problem } : {}),
  };
}

/** The fields' state: what is typed, the problems shown, and the check a submit makes first. */
export function useGuestContact() {
  const [typed, setTyped] = useState<GuestContactTyped>(empty);
  const [problems, setProblems] = useState<Partial<GuestContactTyped>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);

  function change(field: keyof GuestContactTyped, value: string) {
    setTyped((before) => ({ ...before, [field]: value }));
    // A message goes as soon as what is typed is right; a new one waits for the next submit.
    if (problems[field] && !problemsOf({ ...typed, [field]: value })[field]) setProblems((shown) => ({ ...shown, [field]: undefined }));
  }

  /** Whether what is typed may be sent; if not, shows why and puts the focus on the first field to correct. */
  function check(): boolean {
    const found = problemsOf(typed);
    setProblems(found);
    if (!found.guestName && !found.guestMobile) return true;
    (found.guestName ? nameRef : mobileRef).current?.focus();
    return false;
  }

  return {
    typed,
    check,
    reset: () => {
      setTyped(empty);
      setProblems({});
    },
    fieldsProps: { typed, problems, change, nameRef, mobileRef },
  };
}

interface GuestContactFieldsProps {
  typed: GuestContactTyped;
  problems: Partial<GuestContactTyped>;
  change: (field: keyof GuestContactTyped, value: string) => void;
  nameRef: RefObject<HTMLInputElement | null>;
  mobileRef: RefObject<HTMLInputElement | null>;
  /** The guest types their own ("Name"); staff type the guest's ("Guest name"). */
  labels: { name: string; mobile: string };
  /** Staff's forms style their inputs with .input. */
  inputClassName?: string;
  /** A class for each field's block (the desk gives each a whole row of its grid). */
  fieldClassName?: string;
  /** Staff take another guest's details: the browser's autofill would offer their own. */
  autoFill?: boolean;
}

export function GuestContactFields({
  typed,
  problems,
  change,
  nameRef,
  mobileRef,
  labels,
  inputClassName,
  fieldClassName,
  autoFill = true,
}: GuestContactFieldsProps) {
  return (
    <>
      <ContactField
        label={labels.name}
        name="name"
        autoComplete={autoFill ? 'name' : 'off'}
        inputRef={nameRef}
        value={typed.guestName}
        problem={problems.guestName}
        className={inputClassName}
        fieldClassName={fieldClassName}
        onChange={(value) => change('guestName', value)}
      />
      <ContactField
        label={labels.mobile}
        name="mobile"
        type="tel"
        autoComplete={autoFill ? 'tel' : 'off'}
        placeholder="98765 43210"
        hint="Indian numbers as dialled; from elsewhere, + and the country code."
        inputRef={mobileRef}
        value={typed.guestMobile}
        problem={problems.guestMobile}
        className={inputClassName}
        fieldClassName={fieldClassName}
        onChange={(value) => change('guestMobile', value)}
      />
    </>
  );
}

interface ContactFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'tel';
  autoComplete: string;
  placeholder?: string;
  /** Said under the label before anything is typed. */
  hint?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  problem?: string;
  className?: string;
  fieldClassName?: string;
  onChange: (value: string) => void;
}

function ContactField({
  label,
  name,
  type = 'text',
  autoComplete,
  placeholder,
  hint,
  inputRef,
  value,
  problem,
  className,
  fieldClassName,
  onChange,
}: ContactFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        ref={inputRef}
        className={className}
        type={type}
        name={name}
        required
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p className="field__problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}
