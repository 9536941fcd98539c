import { resetAdminPassword } from './auth/resetAdminPassword';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { runningPostmaster } from './db/postgresCluster';

/**
 * `npm run admin:password`: a new password for the admin account (ADMIN_USERNAME, default admin),
 * from ADMIN_PASSWORD or made up and printed once; every session of that account ends.
 */
async function main(): Promise<number> {
  const config = readConfig();
  if (!config.databaseUrl) {
    // The embedded database has one owner at a time: opening it here would stop the running
    // server's database under it (a leftover postgres is stopped before a start).
    const pid = runningPostmaster(config.dataDir);
    if (pid !== null) {
      console.error(
        `The embedded database in ${config.dataDir} is in use (postgres, pid ${pid}), most likely by the running hotel server.\n` +
          'Stop the server first (Ctrl-C where npm start runs), then run npm run admin:password again.',
      );
      return 1;
    }
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const reset = await resetAdminPassword(db.pool, config.adminUsername, config.adminPassword);
    const account = reset.created ? `Admin account "${reset.username}" created` : `New password set for "${reset.username}"`;
    if (reset.generated) {
      console.log(`${account}. Password: ${reset.password}\n(printed only now: the database keeps only its hash)`);
    } else {
      console.log(`${account}: the password in ADMIN_PASSWORD.`);
    }
    if (!reset.created) console.log('Every session of this account has ended: sign in again at /admin-bookings.');
  } finally {
    await db.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`The admin password could not be set: ${error.message}`);
    process.exit(1);
  },
);
