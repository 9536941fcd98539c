import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** Staff, their roles and sessions (the owner's Staff screen, sign-in): issue 23. Part of the API's contract (wire.ts says how it is used). */

/** owner: everything; desk (front desk): bookings, the desk, status moves, phone and walk-in bookings (server/API.md). */
export const StaffRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('desk')]);
export type StaffRole = Static<typeof StaffRoleSchema>;

export const AdminSessionReply = Type.Object({ username: Type.String(), csrfToken: Type.String(), role: StaffRoleSchema });
export type AdminSession = Static<typeof AdminSessionReply>;

/** A staff member's name: what the sign-in form takes, without spaces at either end or control characters. */
export const staffName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\s\\x00-\\x1f\\x7f]([^\\x00-\\x1f\\x7f]*[^\\s\\x00-\\x1f\\x7f])?$',
});
export const staffPassword = Type.String({ minLength: 10, maxLength: 200 });
export const StaffParams = Type.Object({ username: staffName }, { additionalProperties: false });
export const NewStaffBody = Type.Object(
  { username: staffName, password: staffPassword, role: StaffRoleSchema },
  { additionalProperties: false },
);
export type NewStaffBody = Static<typeof NewStaffBody>;
export const StaffPasswordBody = Type.Object({ password: staffPassword }, { additionalProperties: false });
export const StaffMember = Type.Object({
  username: Type.String(),
  role: StaffRoleSchema,
  createdAt: Type.String(),
  sessions: Type.Integer(),
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffReply = Type.Object({ items: Type.Array(StaffMember) });
export type StaffReply = Static<typeof StaffReply>;
export const NewStaffReply = Type.Object({ username: Type.String(), role: StaffRoleSchema });
