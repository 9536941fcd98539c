import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/**
 * The API's contract for Form C (issue 40), beside wire.ts's: the server validates with these
 * schemas and answers in their shape; the browser takes their types. The rule on what may be
 * saved is src/domain/formC.ts.
 */

const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
/** One line of text, no control characters ('' while not known). */
const text = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });
/** A date as typed: '' or something to check (formC.ts says why a wrong one is wrong). */
const date = Type.String({ maxLength: 10 });

export const FormCParticulars = Type.Object(
  {
    fullName: text(120),
    nationality: text(60),
    passportNumber: text(20),
    passportIssueDate: date,
    passportIssuePlace: text(80),
    passportExpiry: date,
    visaNumber: text(30),
    visaType: text(40),
    visaIssueDate: date,
    visaExpiry: date,
    arrivalInIndia: date,
    arrivedFrom: text(120),
    nextDestination: text(120),
    // Lines and tabs allowed; no other control character.
    addressInIndia: Type.String({ maxLength: 300, pattern: '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f]*$' }),
    arrivalAtHotel: date,
  },
  { additionalProperties: false },
);
export type FormCParticularsWire = Static<typeof FormCParticulars>;

export const FormCGuest = Type.Composite([FormCParticulars, Type.Object({ id: Type.Integer(), missing: Type.Array(Type.String()) })]);
export type FormCGuest = Static<typeof FormCGuest>;

export const FormCGuestParams = Type.Object(
  { bookingId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }), guestId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** "Any guests from abroad?": true, false, or null while the desk has not answered. */
export const FormCAnswerBody = Type.Object({ foreignGuests: Type.Boolean() }, { additionalProperties: false });

export const FormCReply = Type.Object({
  bookingId: Type.String(),
  roomName: Type.String(),
  checkIn: nullable(isoDate),
  checkOut: nullable(isoDate),
  status: Type.String(),
  foreignGuests: nullable(Type.Boolean()),
  /** The hotel's address (Settings), which a new guest's "Address in India" starts as. */
  hotelAddress: Type.String(),
  guests: Type.Array(FormCGuest),
  /** The day the desk marked it submitted to the FRRO, and who; null until then. */
  submittedOn: nullable(isoDate),
  submittedBy: nullable(Type.String()),
  /** The day the particulars were erased (retention), or null. */
  erasedOn: nullable(isoDate),
  /** The day they will be erased: the retention period after check-out. */
  eraseOn: nullable(isoDate),
});
export type FormCReply = Static<typeof FormCReply>;

export const FormCPendingReply = Type.Object({
  today: isoDate,
  pending: Type.Array(
    Type.Object({
      bookingId: Type.String(),
      roomName: Type.String(),
      checkIn: isoDate,
      /** Why it is listed: not answered yet, or how many particulars each recorded guest lacks. */
      reason: Type.String(),
    }),
  ),
});
export type FormCPendingReply = Static<typeof FormCPendingReply>;

export const FormCExportQuery = Type.Object(
  { format: Type.Union([Type.Literal('csv'), Type.Literal('json')]) },
  { additionalProperties: false },
);

export const FormCSettings = Type.Object({ retentionDays: Type.Integer({ minimum: 1, maximum: 3650 }) }, { additionalProperties: false });
export type FormCSettings = Static<typeof FormCSettings>;
