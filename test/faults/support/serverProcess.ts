import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server process (`server/main.ts`, as `npm run server` starts it) for the fault tests:
 * started with its environment, waited for until it answers, killed or stopped, and always
 * cleaned up, even when a test fails half way (killStrays in afterAll, and on this process' exit).
 */
const repoRoot = path.resolve(__dirname, '../../..');

export interface ServerProcess {
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far (shown when a start fails). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait for the exit (SIGKILL after graceMs). */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerProcessOptions {
  port: number;
  distDir: string;
  /** DATABASE_URL, or HOTEL_DATA_DIR for the embedded database the process starts itself. */
  databaseUrl?: string;
  dataDir?: string;
  adminPassword?: string;
  logLevel?: string;
  /** How long to wait for GET /api/health to answer 200. */
  readyWithinMs?: number;
  /** More environment (SMTP_URL, HOTEL_EMAIL, …). */
  env?: Record<string, string>;
}

const running = new Set<ChildProcess>();
const postmasterFolders = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in <dataDir>/postmaster.pid when that postgres is running, else null. */
export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/** Kills every server process this test file started and every embedded postgres they ran. */
export function killStrays(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
  for (const dataDir of postmasterFolders) {
    const pid = postmasterPid(dataDir);
    if (pid) process.kill(pid, 'SIGKILL');
  }
  postmasterFolders.clear();
}
process.once('exit', killStrays);

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, ms: number, step = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, step));
  }
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'HOTEL_DATA_DIR',
    'ADMIN_PASSWORD',
    'TRUST_PROXY',
    'NODE_OPTIONS',
    'SMTP_URL',
    'HOTEL_EMAIL',
    'MAIL_FROM',
  ])
    delete env[name];
  Object.assign(env, {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DIST_DIR: options.distDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    // Every request comes from 127.0.0.1: the storms and streams of confirms are one address.
    // The tests stand for the proxy (a storm gives each confirm a guest's address of its own, as
    // real traffic has), and book stays years ahead, past the default horizon.
    TRUST_PROXY: '127.0.0.1',
    BOOKING_HORIZON_DAYS: '36500',
    MAX_ROOM_NIGHTS: '100000',
    BOOKINGS_PER_ADDRESS_PER_HOUR: '1000000',
    BOOKINGS_PER_ADDRESS_PER_DAY: '1000000',
    BOOKINGS_PER_EMAIL_PER_DAY: '1000000',
    LOOKUPS_PER_MINUTE: '1000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir ? { HOTEL_DATA_DIR: options.dataDir } : {}),
    ...(options.adminPassword ? { ADMIN_PASSWORD: options.adminPassword } : {}),
    ...options.env,
  });
  if (options.dataDir) postmasterFolders.add(options.dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  for (;;) {
    if (gone) throw new Error(`The server process exited while starting (${JSON.stringify(await exited)}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => (await response.arrayBuffer(), response.status === 200))
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`The server process did not answer within ${options.readyWithinMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid!,
    port: options.port,
    url,
    child,
    output: () => output,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(late);
      return result;
    },
  };
}

/** A throwaway dist/ with the four pages the server reads: the fault tests need only the API. */
export async function tinyDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hotel-dist-'));
  for (const page of ['app', 'index', 'booking', '404']) {
    await writeFile(
      path.join(dir, `${page}.html`),
      `<!doctype html><html><head><title>${page}</title></head><body>${page}</body></html>\n`,
    );
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
