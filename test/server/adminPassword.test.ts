import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { passwordHashOf } from '../../server/auth/adminQueries';
import { verifyPassword } from '../../server/auth/passwords';
import { resetAdminPassword } from '../../server/auth/resetAdminPassword';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/database';
import { runningPostmaster } from '../../server/db/postgresCluster';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { adminPassword, api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

const root = path.resolve(__dirname, '../..');

/** `npm run admin:password` as an operator runs it, with only these settings in its environment. */
function runScript(settings: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'HOTEL_DATA_DIR', 'ADMIN_USERNAME', 'ADMIN_PASSWORD']) delete env[name];
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['server/adminPassword.ts'],
      { cwd: root, env: { ...env, ...settings } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each(databaseKinds)('npm run admin:password on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;

  const signInStatus = async (password: string, username = 'admin') =>
    (await api(server.url, '/api/admin/sign-in', { method: 'POST', body: { username, password } })).status;
  const sessionStatus = async (cookie: string) => (await api(server.url, '/api/admin/session', { headers: { cookie } })).status;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });
  beforeEach(async () => {
    await createAdmin(db);
    // Each test signs in wrongly on purpose; the throttle would otherwise carry over.
    await db.pool.query('DELETE FROM sign_in_failures');
  });

  test('a made-up password replaces the old one, and every session of the account ends', async () => {
    const session = await signIn(server.url);
    const reset = await resetAdminPassword(db.pool, 'admin');
    expect(reset).toMatchObject({ username: 'admin', generated: true, created: false });
    expect(reset.password).toMatch(/^[\w-]{20}$/);
    expect(await sessionStatus(session.cookie)).toBe(401);
    expect(await signInStatus(adminPassword)).toBe(401);
    expect(await signInStatus(reset.password)).toBe(200);
  });

  test('a given password is taken as it is; one the sign-in form could not take is refused and nothing changes', async () => {
    const session = await signIn(server.url);
    await expect(resetAdminPassword(db.pool, 'admin', 'x'.repeat(201))).rejects.toThrow('ADMIN_PASSWORD must be 1 to 200 characters.');
    await expect(resetAdminPassword(db.pool, 'a'.repeat(101), 'fine')).rejects.toThrow('ADMIN_USERNAME must be 1 to 100 characters.');
    expect(await sessionStatus(session.cookie)).toBe(200);
    const reset = await resetAdminPassword(db.pool, 'admin', 'a chosen passphrase');
    expect(reset).toEqual({ username: 'admin', password: 'a chosen passphrase', generated: false, created: false });
    expect(await sessionStatus(session.cookie)).toBe(401);
    expect(await signInStatus('a chosen passphrase')).toBe(200);
  });

  test('the script sets ADMIN_PASSWORD for ADMIN_USERNAME through DATABASE_URL and prints no password', async () => {
    const session = await signIn(server.url);
    const run = await runScript({ DATABASE_URL: database.url, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'from the environment' });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('New password set for "admin": the password in ADMIN_PASSWORD.');
    expect(run.stdout).not.toContain('from the environment');
    expect(await sessionStatus(session.cookie)).toBe(401);
    expect(await signInStatus('from the environment')).toBe(200);
  });

  test('without ADMIN_PASSWORD the script makes one up and prints it once', async () => {
    const run = await runScript({ DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    const password = /Password: (\S+)/.exec(run.stdout)?.[1];
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(run.stdout.split(password!)).toHaveLength(2);
    expect(await signInStatus(password!)).toBe(200);
    expect(await signInStatus(adminPassword)).toBe(401);
  });

  test('while a server owns the embedded database the script stops short, and the database keeps running', async () => {
    // The test cluster stands in for the one `npm start` runs: its data folder has a live postmaster.pid.
    const owner = runningPostmaster(database.dataDir);
    expect(owner).toBe(database.cluster.pid);
    const run = await runScript({ HOTEL_DATA_DIR: database.dataDir, ADMIN_PASSWORD: 'never set' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`is in use (postgres, pid ${owner})`);
    expect(run.stderr).toContain('Stop the server first');
    expect(runningPostmaster(database.dataDir)).toBe(owner);
    expect(await signInStatus(adminPassword)).toBe(200);
  });

  test('a data folder with no database running is not mistaken for one in use, even when its stale pid is now another program', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'hotel-no-cluster-'));
    try {
      expect(runningPostmaster(folder)).toBeNull();
      // After a crash and a reboot the number may belong to anything: here, this test's own process.
      await writeFile(path.join(folder, 'postmaster.pid'), `${process.pid}\n${folder}\n`);
      expect(runningPostmaster(folder)).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

test('on the embedded database with no server running, the script starts it, sets the password and stops it again', async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'hotel-embedded-'));
  await chmod(parent, 0o755); // the postgres user must reach the folder when the tests run as root
  const dataDir = path.join(parent, 'data');
  try {
    const run = await runScript({ HOTEL_DATA_DIR: dataDir, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'set while stopped' });
    expect(run).toMatchObject({ code: 0, stdout: 'Admin account "owner" created: the password in ADMIN_PASSWORD.\n' });
    expect(runningPostmaster(dataDir)).toBeNull();
    const db = await openDatabase({ dataDir });
    try {
      expect(await verifyPassword('set while stopped', (await passwordHashOf(db.pool, 'owner'))!)).toBe(true);
    } finally {
      await db.close();
    }
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});
