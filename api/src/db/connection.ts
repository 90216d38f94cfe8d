import pg from 'pg';
import { quickScram } from './scram.js';

// Provisioning's and migrations' own connections sign in as cheaply as the ORMs' (scram.ts).
quickScram();

// Helpers for the server-level work MikroORM does not do: creating databases from a template,
// listing them, dropping test databases. Database names are validated before they reach SQL.
const DB_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function assertDbName(name: string): string {
  if (!DB_NAME.test(name)) throw new Error(`Invalid database name: ${name}`);
  return name;
}

export function withDatabase(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = `/${assertDbName(dbName)}`;
  return u.toString();
}

export function databaseOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return assertDbName(name || 'postgres');
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Runs against the server's maintenance database, for CREATE/DROP DATABASE.
export function withServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  return withClient(withDatabase(url, 'postgres'), fn);
}

export async function databaseExists(url: string, dbName: string): Promise<boolean> {
  return withServer(url, async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    return (r.rowCount ?? 0) > 0;
  });
}

export async function createDatabase(url: string, dbName: string, template?: string) {
  await withServer(url, async (c) => {
    const tpl = template ? ` TEMPLATE "${assertDbName(template)}"` : '';
    await c.query(`CREATE DATABASE "${assertDbName(dbName)}"${tpl}`);
  });
}

export async function dropDatabase(url: string, dbName: string) {
  await withServer(url, (c) =>
    c.query(`DROP DATABASE IF EXISTS "${assertDbName(dbName)}" WITH (FORCE)`),
  );
}

// The connections a server has room for: max_connections less the slots kept for superusers
// (and, from PostgreSQL 16, for roles granted pg_use_reserved_connections).
export async function serverRoom(url: string): Promise<{ max: number; reserved: number }> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ max: number; su: number; rsv: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              current_setting('superuser_reserved_connections')::int AS su,
              coalesce(current_setting('reserved_connections', true), '0')::int AS rsv`,
    );
    return { max: rows[0].max, reserved: rows[0].su + rows[0].rsv };
  });
}
