import type pg from 'pg';
import { SignInBody } from '../../src/domain/wire';
import { passwordHashOf, setAdminPassword, staffNames } from './adminQueries';
import { lookAlike, staffNameProblem } from './staffNames';
import { newPassword } from './passwords';

export interface PasswordReset {
  username: string;
  password: string;
  /** Made up here (no password was given): the caller shows it once, nothing else keeps it. */
  generated: boolean;
  /** No account had this name: it was created. */
  created: boolean;
}

/**
 * `npm run admin:password`'s work: a new password for an admin account (created when the name is
 * new), stored only as its scrypt hash, and every session of that account ended, so that whoever
 * held the old password or a session cookie is out.
 */
export async function resetAdminPassword(db: pg.Pool, username: string, password?: string): Promise<PasswordReset> {
  // What the sign-in form accepts: a longer name or password could never be typed in.
  const { username: nameRule, password: passwordRule } = SignInBody.properties;
  if (username.length < 1 || username.length > nameRule.maxLength!)
    throw new Error(`ADMIN_USERNAME must be 1 to ${nameRule.maxLength} characters.`);
  if (password !== undefined && (password.length < 1 || password.length > passwordRule.maxLength!)) {
    throw new Error(`ADMIN_PASSWORD must be 1 to ${passwordRule.maxLength} characters.`);
  }
  const created = (await passwordHashOf(db, username)) === null;
  // A new account follows the rules for new staff names (staffNames.ts); an existing one is reset as it is.
  if (created) {
    const problem = staffNameProblem(username);
    if (problem) throw new Error(`ADMIN_USERNAME: ${problem.replace(/^username: /, '')}`);
    const existing = lookAlike(username, await staffNames(db));
    if (existing !== null) throw new Error(`ADMIN_USERNAME: ${username} would look like ${existing} on screen; use that name or another.`);
  }
  const chosen = password ?? newPassword();
  await setAdminPassword(db, username, chosen);
  return { username, password: chosen, generated: password === undefined, created };
}
