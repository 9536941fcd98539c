import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addStaff, listStaff, removeStaff, setStaffPassword } from '../auth/adminQueries';
import type { Database } from '../db/database';
import { staffNameProblem } from '../auth/staffNames';
import { ownerOnly, requireAdmin, sessionCookie } from '../plugins/adminAuth';
import { NoContent, Refusal } from '../../src/domain/wire';
import { NewStaffBody, NewStaffReply, StaffParams, StaffPasswordBody, StaffReply } from '../../src/domain/staffWire';

/**
 * Staff accounts (issue 23), for owners only: list, add with a role, remove, set a password.
 * Removing a person or setting their password ends their sessions at once: sessions live in
 * PostgreSQL and every request reads its session there, so every instance sees it.
 */
export const adminStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);
  const notFound = (username: string) => ({ error: 'Not Found', message: `No staff member is called ${username}.` });

  app.get('/api/admin/staff', { schema: { response: { 200: StaffReply } } }, async () => ({ items: await listStaff(db.pool) }));

  app.post(
    '/api/admin/staff',
    { schema: { body: NewStaffBody, response: { 201: NewStaffReply, 400: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const { username, password, role } = request.body;
      const problem = staffNameProblem(username);
      if (problem) return reply.code(400).send({ error: 'Bad Request', message: problem });
      const added = await addStaff(db.pool, username, password, role);
      if (!added.added)
        return reply.code(409).send({
          error: 'Conflict',
          message:
            added.existing.toLowerCase() === username.toLowerCase()
              ? `Someone is already called ${username} (names are told apart without letter case).`
              : `${username} would look like ${added.existing} on screen: please choose a name that differs by more.`,
        });
      request.log.info({ username, role, admin: request.admin!.username }, 'staff added');
      return reply.code(201).send({ username, role });
    },
  );

  app.delete(
    '/api/admin/staff/:username',
    { schema: { params: StaffParams, response: { 204: NoContent, 404: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const { username } = request.params;
      if (username === request.admin!.username)
        return reply.code(409).send({ error: 'Conflict', message: 'You cannot remove your own account: another owner can.' });
      if (!(await removeStaff(db.pool, username))) return reply.code(404).send(notFound(username));
      request.log.info({ username, admin: request.admin!.username }, 'staff removed');
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/admin/staff/:username/password',
    { schema: { params: StaffParams, body: StaffPasswordBody, response: { 204: NoContent, 404: Refusal } } },
    async (request, reply) => {
      const { username } = request.params;
      // An owner setting their own password stays signed in here; every other session of theirs ends.
      const keep = username === request.admin!.username ? request.cookies[sessionCookie] : undefined;
      if (!(await setStaffPassword(db.pool, username, request.body.password, keep))) return reply.code(404).send(notFound(username));
      request.log.info({ username, admin: request.admin!.username }, 'staff password set');
      return reply.code(204).send(null);
    },
  );
};
