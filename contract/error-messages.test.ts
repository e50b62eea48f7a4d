import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './error-messages';
import { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from './auth';
import { assistedApplicationSchema, inviteCaseworkerSchema } from './caseworkers';
import { checkoutSchema } from './giving';
import { fieldInWords } from './error-messages';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('default messages', () => {
  const schema = z.object({
    donorFullName: z.string().min(2).max(5),
    units: z.number().int().min(1).max(10),
    items: z.array(z.string()).min(1).max(2),
    kind: z.enum(['recipient', 'organization']),
    flag: z.boolean(),
    either: z.union([z.string(), z.number()]),
    email: z.email(),
    code: z.string().regex(/^[0-9]+$/),
  });

  it.each([
    [{ donorFullName: 5 }, 'Donor full name should be text.'],
    [{}, 'Please fill in donor full name.'],
    [{ donorFullName: 'a' }, 'Donor full name should have at least 2 characters.'],
    [{ donorFullName: 'abcdefg' }, 'Donor full name should have at most 5 characters.'],
    [{ units: '3' }, 'Units should be a number.'],
    [{ units: 0 }, 'Units should be at least 1.'],
    [{ units: 11 }, 'Units should be at most 10.'],
    [{ items: {} }, 'Items should be a list.'],
    [{ items: [] }, 'Items should have at least 1 item.'],
    [{ items: ['a', 'b', 'c'] }, 'Items should have at most 2 items.'],
    [{ items: [7] }, 'Item 1 in items should be text.'],
    [{ kind: 'x' }, 'Kind should be one of: recipient, organization.'],
    [{ flag: 'yes' }, 'Flag should be true or false.'],
    [{ either: true }, 'The value given for either is not in a form we accept.'],
    [{ email: 'nope' }, 'Enter an email address in the format name@example.com.'],
    [{ code: 'abc' }, 'The value given for code is not in the expected format.'],
  ])('%j gives a sentence', (value, message) => {
    expect(messages(schema, { ...value })).toContain(message);
  });

  it('words the request as a whole and unknown fields', () => {
    expect(messages(schema, [1, 2])).toEqual(['Send the details as a JSON object.']);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', extraThing: 1 })).toEqual([
      'The request has a field we do not accept: extra thing.',
    ]);
  });

  it('names fields in words a person would use', () => {
    expect(fieldInWords(['cartItems', 2, 'campaignId'])).toBe('campaign id');
    expect(fieldInWords(['cartItems', 2])).toBe('item 3 in cart items');
    expect(fieldInWords(['q'])).toBe('search');
    expect(fieldInWords(['snake_case_key'])).toBe('snake case key');
    expect(fieldInWords(['%%%'])).toBe('one of the fields');
    expect(fieldInWords([])).toBeNull();
  });

  it('never leaves a raw default, and every message is a sentence', () => {
    const hostile = [
      null,
      [],
      'text',
      7,
      { donorFullName: [], units: 1e308, items: 'x', kind: 0, flag: null, either: {}, email: 3, code: [] },
    ];
    for (const value of hostile) {
      for (const message of messages(schema, value)) {
        expect(message).not.toMatch(/expected .*, received|^Invalid input|^Too (big|small)/);
        expect(message).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});

describe('messages written in the schemas', () => {
  it('still win over the defaults', () => {
    expect(messages(loginSchema, {})).toEqual(['Enter your email address.', 'Enter your password.']);
    expect(messages(emailOnlySchema, { email: 'nope' })).toEqual([
      'Enter an email address in the format name@example.com.',
    ]);
    expect(messages(verifyEmailSchema, { email: 'a@example.org', token: '12' })).toEqual([
      'Enter the 6-digit code from the email.',
    ]);
    expect(messages(resetPasswordSchema, { token: 'short', newPassword: 'x' })).toEqual([
      'This reset link is not valid.',
      expect.stringMatching(/^Password must be at least \d+ characters\.$/),
    ]);
    expect(
      messages(registerSchema, {
        firstName: ' ',
        lastName: 'x'.repeat(81),
        email: '',
        phoneNumber: '12',
        password: 'x',
        role: 'admin',
      }),
    ).toEqual([
      'Enter your first name.',
      'Your last name is too long.',
      'Enter your email address.',
      'Enter an email address in the format name@example.com.',
      'Enter a Nigerian phone number, for example 803 123 4567.',
      expect.stringMatching(/^Password must be at least \d+ characters\.$/),
      'Please select a role (Recipient, Organization, or Donor).',
    ]);
    expect(
      messages(checkoutSchema, {
        donorEmail: 'a@example.org',
        donorFullName: 'A',
        cartItems: [{ campaignId: 'org-x', units: 0 }],
      }),
    ).toEqual(['Each gift must name a campaign.', 'Units must be at least 1.']);
  });
});

describe('a form filled in for someone else', () => {
  it("speaks of the person, never of the one filling it in as 'your'", () => {
    const said = messages(assistedApplicationSchema, { email: 'nope' });
    expect(said).toEqual(
      expect.arrayContaining([
        "Enter the person's first name.",
        "Enter the person's phone number.",
        'Enter an email address in the format name@example.com.',
        "Select the person's gender.",
        "Enter the person's age.",
        "Select the person's state of origin.",
        'Tell us a little about them.',
        "Select the person's employment status.",
      ]),
    );
    expect(said.filter((message) => /\byour\b/i.test(message))).toEqual([]);
    expect(messages(inviteCaseworkerSchema, {})).toEqual(["Enter the caseworker's email address."]);
  });
});
