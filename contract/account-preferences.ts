import { z } from 'zod';
import { phoneSchema } from './auth';
import { CODE_LENGTH } from './roles';
import { NOTIFY_BY, type NotifyBy } from './sms';

/** `PATCH /api/account/preferences`: how a recipient or organization is told of changes. */
export const preferencesSchema = z.object({
  notifyBy: z.enum(NOTIFY_BY, { error: 'Choose how we should tell you: email, SMS, both or WhatsApp.' }),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** `GET /api/account/preferences`. */
export type Preferences = { notifyBy: NotifyBy; phoneNumber: string | null };

/** `POST /api/account/phone`: a new number, proved by a code sent to it by SMS. */
export const phoneChangeSchema = z.object({ phoneNumber: phoneSchema });

/** `POST /api/account/phone/confirm`: the code that came to the new number. */
export const phoneConfirmSchema = z.object({
  code: z
    .string({ error: `Enter the ${CODE_LENGTH}-digit code we sent by SMS.` })
    .trim()
    .regex(new RegExp(`^[0-9]{${CODE_LENGTH}}$`), `Enter the ${CODE_LENGTH}-digit code we sent by SMS.`),
});
