import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { unavailableMessage } from '../plugins/errors';
import { HealthDownReply, HealthReply, ReadyReply, Refusal } from '../../src/domain/wire';

/** Liveness with the database kind, and readiness for a proxy: both say when the database is away. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  async function databaseAnswers(): Promise<boolean> {
    try {
      await db.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
  app.get('/api/health', { schema: { response: { 200: HealthReply, 503: HealthDownReply } } }, async (_request, reply) => {
    if (await databaseAnswers()) return { status: 'ok', database: db.kind };
    return reply.code(503).send({ error: 'Service Unavailable', message: unavailableMessage, database: db.kind });
  });
  app.get('/api/ready', { schema: { response: { 200: ReadyReply, 503: Refusal } } }, async (_request, reply) => {
    if (await databaseAnswers()) return { ready: true };
    return reply.code(503).send({ error: 'Service Unavailable', message: unavailableMessage });
  });
}
