import path from 'node:path';

/** Everything the server reads from its environment, in one place (README: "Hotel mode"). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  distDir: string;
  adminUsername: string;
  adminPassword?: string;
  /** TRUST_PROXY: "true", or the proxies' addresses (comma-separated). */
  trustProxy: boolean | string;
  logLevel: string;
}

const root = path.resolve(__dirname, '..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (0-65535), not "${env.PORT}".`);
  const proxy = env.TRUST_PROXY;
  return {
    port,
    host: env.HOST ?? 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.HOTEL_DATA_DIR ?? path.join(root, 'data', 'postgres')),
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: proxy === undefined || proxy === 'false' ? false : proxy === 'true' ? true : proxy,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
