import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** The outbox's messages (the back office's Outbox screen, GET /api/admin/outbox): issue 23. Part of the API's contract (wire.ts says how it is used). */

export const OutboxState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('held'),
  Type.Literal('retrying'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String(),
  bookingId: Type.String(),
  kind: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  state: OutboxState,
  tries: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  messageId: Type.String(),
  text: Type.String(),
  html: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessage>;
export const OutboxReply = Type.Object({
  /** False without SMTP_URL: messages wait here (state "held") and nothing leaves the machine. */
  smtpConfigured: Type.Boolean(),
  /** One line for the screen on how delivery is set up. */
  note: Type.String(),
  /**
   * Set when the links in the emails point at this machine (PUBLIC_URL unset, or a localhost
   * address): a guest's phone cannot open them. What to set, for the screen; null when fine.
   */
  linkWarning: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(OutboxMessage),
});
export type OutboxReply = Static<typeof OutboxReply>;
export const OutboxQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
);
export const OutboxParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });
