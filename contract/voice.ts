import { z } from 'zod';
import { cursorPageFields, pagedReply } from './page-query';

/** Where a call on the voice line stands (docs/decisions/0067), kept per call in the database. */
export const VOICE_CALL_STAGES = ['pin', 'menu', 'collection', 'ended'] as const;
export type VoiceCallStage = (typeof VOICE_CALL_STAGES)[number];

/** docs/decisions/0068: a voice PIN is exactly four digits. */
export const VOICE_PIN_LENGTH = 4;
export const VOICE_PIN_INVALID = 'Your voice PIN must be exactly 4 digits, such as 4821.';
export const VOICE_PIN_SAVED = 'Your voice PIN is saved. Use it when you call our voice line.';

export const voicePinSchema = z.object({
  pin: z.string({ error: VOICE_PIN_INVALID }).regex(/^[0-9]{4}$/, VOICE_PIN_INVALID),
});
export type VoicePinInput = z.infer<typeof voicePinSchema>;

export const voicePinReplySchema = z.object({ message: z.string() });

/** The form fields the voice provider posts to our callback (Africa's Talking's names). */
export const voiceCallFormSchema = z.object({
  sessionId: z.string().max(200).optional(),
  isActive: z.string().max(10).optional(),
  callerNumber: z.string().max(40).optional(),
  destinationNumber: z.string().max(40).optional(),
  direction: z.string().max(40).optional(),
  dtmfDigits: z.string().max(40).optional(),
  durationInSeconds: z.string().max(40).optional(),
  currencyCode: z.string().max(10).optional(),
  amount: z.string().max(40).optional(),
});

export const voiceCallQuerySchema = z.object({ key: z.string().max(200).optional() });

/** One request for a call back, as the admins' list shows it. */
export const callbackRequestSchema = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  person: z.object({ id: z.number().int(), name: z.string(), role: z.string() }).nullable(),
  requestedAt: z.string(),
  lastKey: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

/** Open call backs first, oldest first among them; then the done ones, newest first. */
export const callbacksQuerySchema = z.object(cursorPageFields(25));

export const callbacksReplySchema = pagedReply(callbackRequestSchema);
export type CallbacksReply = z.infer<typeof callbacksReplySchema>;

export const CALLBACK_NOTE_MAX = 1000;
export const CALLBACK_NOTE_REQUIRED = 'Write a short note about the call back.';

export const callbackDoneSchema = z.object({
  note: z
    .string({ error: CALLBACK_NOTE_REQUIRED })
    .trim()
    .min(1, CALLBACK_NOTE_REQUIRED)
    .max(CALLBACK_NOTE_MAX, `Please keep the note under ${CALLBACK_NOTE_MAX.toLocaleString('en-NG')} characters.`),
});
export type CallbackDone = z.infer<typeof callbackDoneSchema>;

export const callbackIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Call back not found.' })
    .int('Call back not found.')
    .positive('Call back not found.')
    .max(2_147_483_647, 'Call back not found.'),
});

export const callbackDoneReplySchema = z.object({ message: z.string(), callback: callbackRequestSchema });

export const CALLBACK_NOT_FOUND = 'Call back not found.';
export const CALLBACK_ALREADY_DONE = 'This call back is already marked done.';
