/**
 * Creates an admin account, so a production install never depends on demo data.
 *   npm run admin:create -- --email ops@example.org [--password "..."] [--first-name Ada] [--last-name Obi] [--role admin]
 * Without --password a strong one is generated and printed once. Without --role the first admin
 * (no active super admin yet) is a super admin and later ones are admins (docs/decisions/0024).
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin } from '../modules/accounts/create-admin';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: '' },
    role: { type: 'string' },
  },
});

if (!values.email) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.org [--password "..."] [--first-name Ada] [--last-name Obi] [--role admin|super_admin]',
  );
  process.exit(2);
}

const generated = !values.password;
const password = values.password ?? randomBytes(15).toString('base64url');
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const result = await createAdmin(database.db, {
    email: values.email,
    password,
    firstName: values['first-name']!,
    lastName: values['last-name']!,
    roleName: values.role,
  });
  console.log(`Admin ${result.email} created (role ${result.roleName}) in ${database.description}.`);
  if (generated) console.log(`Temporary password: ${password}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
