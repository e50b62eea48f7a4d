import { describe, expect, it } from 'vitest';
import { contactProblems } from './contact-form';

describe("the help page's contact form", () => {
  it('requires all four fields, names each problem once in their order, and checks the email as sign-in does', () => {
    expect(contactProblems({ name: ' ', email: '', subject: '', message: '\n' })).toEqual([
      { name: 'name', message: 'Enter your full name.' },
      { name: 'email', message: 'Enter your email address.' },
      { name: 'subject', message: 'Enter a subject.' },
      { name: 'message', message: 'Enter your message.' },
    ]);
    expect(
      contactProblems({ name: 'Chiamaka Eze', email: 'not-an-email', subject: 'Pickup', message: 'When?' }),
    ).toEqual([{ name: 'email', message: 'Enter an email address in the format name@example.com.' }]);
    expect(
      contactProblems({ name: 'Chiamaka Eze', email: ' Chiamaka@Example.com ', subject: 'Pickup', message: 'When?' }),
    ).toEqual([]);
  });

  it('counts the words without the spaces around them against each limit', () => {
    const values = { name: 'n'.repeat(120), email: 'a@b.ng', subject: `  ${'s'.repeat(200)}  `, message: 'm' };
    expect(contactProblems(values)).toEqual([]);
    expect(contactProblems({ ...values, name: 'n'.repeat(121) })).toEqual([
      { name: 'name', message: 'Your name is too long.' },
    ]);
    expect(contactProblems({ ...values, message: 'm'.repeat(5001) })).toEqual([
      { name: 'message', message: 'The message is too long.' },
    ]);
  });
});
