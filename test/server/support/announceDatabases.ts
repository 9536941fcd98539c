import { systemBinDir } from '../../../server/db/database';

/** Says which kinds of database the API tests run on, so a run without real PostgreSQL is visible. */
export default function announceDatabases(): void {
  const system = systemBinDir();
  console.log(
    system
      ? `\nAPI tests run on: the embedded database, and real PostgreSQL (${system}).`
      : '\nAPI tests run on: the embedded database only (no PostgreSQL server installed: apt-get install postgresql).',
  );
}
