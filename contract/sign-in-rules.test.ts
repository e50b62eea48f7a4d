import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth';
import { emailProblem, normalEmail, signInPasswordProblem } from './sign-in-rules';

/** The first message the schema gives for a field, as a form shows it. */
function schemaSays(email: string, password: string) {
  const result = loginSchema.safeParse({ email, password });
  const first = (field: string) => result.error?.issues.find((issue) => issue.path[0] === field)?.message ?? null;
  return { email: first('email'), password: first('password'), kept: result.data?.email };
}

const emails = [
  '',
  '   ',
  'ada@example.com',
  '  Ada.Obi@Example.COM ',
  "o'neil+gifts@mail.example.ng",
  'ada@example',
  'ada@@example.com',
  '.ada@example.com',
  'ada.@example.com',
  'ada..obi@example.com',
  'ada@-example.com',
  'ada@example.c',
  'adá@example.com',
  'ada example@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`,
  `${'a'.repeat(250)}@example.com`,
];
const passwords = ['', ' ', 'x', 'x'.repeat(200), 'x'.repeat(201)];

describe('the sign-in rules without a schema library', () => {
  it.each(emails)('say what the schema says of the email %j', (email) => {
    const said = schemaSays(email, 'x');
    expect(emailProblem(email)).toBe(said.email);
    if (said.email === null) expect(normalEmail(email)).toBe(said.kept);
  });

  it.each(passwords)('say what the schema says of a password of %#', (password) => {
    expect(signInPasswordProblem(password)).toBe(schemaSays('ada@example.com', password).password);
  });
});
