import { createInterface } from 'node:readline';
import { saveMailSettings } from '../../server/mail/outbox';
import { startSender } from '../../server/mail/sender';
import { mailTo, startSmtp } from '../server/support/smtp';
import { startTestDatabase } from '../server/support/testDatabase';
import { createAdmin, startTestServer } from '../server/support/testServer';

/**
 * A hotel server that sends its mail (SMTP_URL set), for the screens' tests that need messages
 * sent or failed: its own throwaway embedded PostgreSQL, a real SMTP server on loopback
 * (test/server/support/smtp.ts) and the real sender, in a Node process of its own (the screens'
 * tests run in jsdom, where neither nodemailer nor smtp-server runs). Run with tsx; it prints
 * `{"url": ...}` when ready, then answers one JSON line per command on stdin:
 *   refuse / accept   the SMTP server answers every message 550 / takes them
 *   received <email>  how many messages reached that address
 * It stops and removes its database when stdin closes.
 */
async function main() {
  const database = await startTestDatabase('embedded');
  const db = await database.open();
  await createAdmin(db);
  const smtp = await startSmtp();
  await saveMailSettings(db.pool, { hotelEmail: null, deliver: true });
  const mail = { publicUrl: 'http://localhost:8080', cancelFreeDays: 2 };
  // One try only: a refused message is Failed at once, so that the tests need not wait for retries.
  const sender = startSender({
    pool: db.pool,
    smtpUrl: smtp.url,
    from: 'Valley View <bookings@localhost>',
    mail,
    pollMs: 200,
    maxTries: 1,
  });
  const server = await startTestServer(db, { mail: { ...mail, smtpConfigured: true, onQueued: () => sender.wake() } });
  const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  say({ url: server.url });

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const [command, argument] = line.trim().split(/\s+/);
    if (command === 'refuse' || command === 'accept') {
      smtp.refusing = command === 'refuse';
      say({ refusing: smtp.refusing });
    } else if (command === 'received') say({ received: mailTo(smtp, argument ?? '').length });
    else say({ error: `unknown command: ${line}` });
  });
  lines.on('close', () => {
    void (async () => {
      await server.close();
      await sender.stop();
      await smtp.close();
      await database.remove();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
