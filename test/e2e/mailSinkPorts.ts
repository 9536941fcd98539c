/**
 * Where the browser tests' mail sink (test/e2e/mailSink.ts) listens: SMTP for the hotel-mode
 * server (its SMTP_URL) and HTTP for the specs to read what arrived. Derived from E2E_PORT like
 * the other servers' ports, so parallel runs on other ports keep apart (E2E_MAIL_PORT moves both).
 */
export function mailSinkPorts(): { smtp: number; http: number } {
  const port = Number(process.env.E2E_PORT ?? 4173);
  const smtp = Number(process.env.E2E_MAIL_PORT ?? port + 2);
  return { smtp, http: smtp + 1 };
}

export const mailSinkUrl = (): string => `http://127.0.0.1:${mailSinkPorts().http}`;
