import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { newAdminSchema } from './admin-users';
import { registerSchema } from './auth';
import { acceptInviteSchema } from './caseworkers';
import { productUpdateSchema } from './catalog-admin';
import { storyUpdateSchema } from './content';
import { donorSchema } from './giving';
import { isOneLine } from './one-line';
import { organizationFields } from './onboarding';
import { postUpdateSchema } from './updates';

const CONTROLS = ['\r', '\n', '\t', '\u0000', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F'];

/** Each refusal as "path: message". */
const refusals = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
const said = (field: string) =>
  `${field} should be one line of text, without line breaks, tabs or other control characters.`;

describe('one-line fields', () => {
  it('refuses every C0 control, DEL and every C1 control, and nothing else', () => {
    for (const c of CONTROLS) expect(isOneLine(`Ada${c}Obi`), JSON.stringify(c)).toBe(false);
    for (const text of ['Ada Obi', 'Ngozi Okafor-Eze', "O'Brien", 'Chiamaka Ụzọ', 'Émile', '😀', '\u00A0'])
      expect(isOneLine(text), text).toBe(true);
  });

  it('names the field in a sentence, for names, titles and organization names alike', () => {
    expect(
      refusals(donorSchema, { donorEmail: 'ada@example.org', donorFullName: "Ada Obi\r=cmd|' /C calc'!A0" }),
    ).toEqual([`donorFullName: ${said('Donor full name')}`]);
    const person = { lastName: 'Obi', email: 'ada@example.org', password: 'a long enough password', role: 'donor' };
    expect(refusals(registerSchema, { ...person, firstName: 'Ada\u0085', phoneNumber: '08031234567' })).toEqual([
      `firstName: ${said('First name')}`,
    ]);
    const admin = { firstName: 'Ada', email: 'a@example.org', password: 'x'.repeat(12), roleId: 1 };
    expect(refusals(newAdminSchema, { ...admin, lastName: 'O\tbi' })).toContain(`lastName: ${said('Last name')}`);
    const caseworker = { lastName: 'C', phoneNumber: '08031234567', password: 'x'.repeat(12) };
    expect(refusals(acceptInviteSchema, { ...caseworker, firstName: 'A\nB' })).toContain(
      `firstName: ${said('First name')}`,
    );
    expect(refusals(productUpdateSchema, { name: 'Cane\r\n=1', description: 'A cane.', price: 100 })).toContain(
      `name: ${said('Name')}`,
    );
    expect(
      refusals(storyUpdateSchema, { title: 'A\u007Fstory', recipient_name: 'Ada', story_text: 'One\nTwo' }),
    ).toEqual([`title: ${said('Title')}`]);
    expect(refusals(organizationFields.organizationName, 'Lagos\rVision')).toHaveLength(1);
  });

  it('trims a line break at either end as other space, and keeps line breaks in text of several lines', () => {
    expect(donorSchema.parse({ donorEmail: 'ada@example.org', donorFullName: ' Ada Obi\r\n' }).donorFullName).toBe(
      'Ada Obi',
    );
    expect(refusals(storyUpdateSchema, { title: 'A story', recipient_name: 'Ada', story_text: 'One\nTwo' })).toEqual(
      [],
    );
    const update = {
      body: 'The device arrived today.\nThank you all for giving.',
      photos: [{ key: 'x', alt: 'A\nB' }],
    };
    expect(refusals(postUpdateSchema, update)).toEqual([`photos.0.alt: ${said('Photo description')}`]);
  });
});
