import { sql } from 'drizzle-orm';
import { COLLECTION_CENTRE, lagosWhen } from '@contract/collections';
import { DELIVERY_WORDS, RECIPIENT_STATUS_WORDS } from '@contract/recipient-status-words';
import type { VoiceCallStage } from '@contract/voice';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { VoiceCallEvent, VoiceReply } from '../../providers/voice/voice';
import { countSmsCodeTo, smsCodeRoomFor } from '../accounts/sms-code-limits';
import { bookCollection, collectionState } from '../collections/booking';
import { requestCallback } from './callbacks';
import { callerByNumber, latestRequest, latestUpdate, normalisedNumber } from './caller-facts';
import { nairaWords } from './naira-words';
import { checkVoicePin, pinState, requestPinBySms } from './voice-pin';
import * as words from './voice-words';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'limits'>;

/** How many times in a row a caller may press nothing before the call ends. */
const SILENCES_ALLOWED = 2;
const ONE_KEY = { digits: 1, timeoutSeconds: 10 } as const;
const PIN_KEYS = { digits: 4, timeoutSeconds: 20, finishOnKey: '#' } as const;
/** Collection times read out at once: few enough to remember. */
const TIMES_OFFERED = 3;

type Call = {
  sessionId: string;
  callerNumber: string;
  userId: number | null;
  stage: VoiceCallStage;
  signedIn: boolean;
  silences: number;
  lastKey: string | null;
  offeredSlotIds: number[] | null;
};

async function readCall(db: Db, sessionId: string): Promise<Call | null> {
  const [row] = await selectRows<{
    session_id: string;
    caller_number: string;
    user_id: number | null;
    stage: VoiceCallStage;
    signed_in_at: string | null;
    silences: number;
    last_key: string | null;
    offered_slot_ids: number[] | null;
  }>(db, sql`select * from voice_calls where session_id = ${sessionId}`);
  if (!row) return null;
  return {
    sessionId: row.session_id,
    callerNumber: row.caller_number,
    userId: row.user_id === null ? null : Number(row.user_id),
    stage: row.stage,
    signedIn: row.signed_in_at !== null,
    silences: Number(row.silences),
    lastKey: row.last_key,
    offeredSlotIds: row.offered_slot_ids?.map(Number) ?? null,
  };
}

async function saveCall(
  db: Db,
  call: Call,
  change: Partial<Pick<Call, 'stage' | 'silences' | 'lastKey' | 'offeredSlotIds' | 'signedIn'>>,
) {
  const next = { ...call, ...change };
  const offered = next.offeredSlotIds ? sql`${`{${next.offeredSlotIds.join(',')}}`}::int[]` : sql`null`;
  await db.execute(
    sql`update voice_calls set stage = ${next.stage}, silences = ${next.silences}, last_key = ${next.lastKey},
               offered_slot_ids = ${offered},
               signed_in_at = case when ${next.signedIn} then coalesce(signed_in_at, now()) else null end,
               ended_at = case when ${next.stage} = 'ended' then coalesce(ended_at, now()) else ended_at end,
               updated_at = now()
         where session_id = ${call.sessionId}`,
  );
}

const menu = (before: string[] = []): VoiceReply => ({ say: [...before, ...words.MENU], ask: ONE_KEY });
const goodbye = (sentences: string[]): VoiceReply => ({ say: sentences });

/** What anyone hears who is not a recipient signed in with a PIN: who we are, and a call back. */
const publicMenu = (before: string[], withPinOffer: boolean): VoiceReply => ({
  say: [
    ...before,
    ...words.ABOUT_US,
    ...(withPinOffer ? [words.PIN_BY_SMS_OFFER] : []),
    words.CALL_BACK_OFFER,
    words.REPEAT_OFFER,
  ],
  ask: ONE_KEY,
});

/**
 * The first request of a call: the caller is recognised by their number. A recipient with a PIN is
 * asked for it; nothing personal is said before it is right (docs/decisions/0068).
 */
async function startCall(deps: Deps, event: { sessionId: string; callerNumber: string }): Promise<VoiceReply> {
  const number = normalisedNumber(event.callerNumber);
  const caller = number ? await callerByNumber(deps.db, number) : null;
  const recipient = caller?.role === 'recipient' ? caller : null;
  const state = recipient ? await pinState(deps.db, recipient.id) : 'none';
  const stage: VoiceCallStage = recipient && state === 'set' ? 'pin' : 'menu';
  await deps.db.execute(
    sql`insert into voice_calls (session_id, caller_number, user_id, stage)
        values (${event.sessionId}, ${number ?? event.callerNumber.slice(0, 40)}, ${caller?.id ?? null}, ${stage})
        on conflict (session_id) do nothing`,
  );
  if (stage === 'pin') return { say: [words.GREETING, words.ASK_PIN], ask: PIN_KEYS };
  if (recipient && state === 'locked') return publicMenu([words.GREETING, words.PIN_LOCKED_BEFORE], false);
  return publicMenu([words.GREETING], Boolean(recipient));
}

async function statusWords(deps: Deps, userId: number): Promise<string[]> {
  const request = await latestRequest(deps.db, userId);
  if (!request) return [words.NO_REQUEST];
  const status = RECIPIENT_STATUS_WORDS[request.status as keyof typeof RECIPIENT_STATUS_WORDS];
  const sentences = [
    `Your request is for: ${request.productName}.`,
    `Its status is: ${status?.word ?? request.status}.`,
    ...(status ? [status.meaning] : []),
  ];
  if (request.status !== 'pending' && request.status !== 'rejected')
    sentences.push(
      request.raisedKobo > 0
        ? `So far, ${nairaWords(request.raisedKobo)} has been raised, of ${nairaWords(request.priceKobo)}.`
        : `Nothing has been raised yet. The device costs ${nairaWords(request.priceKobo)}.`,
    );
  return sentences;
}

async function updateWords(deps: Deps, userId: number): Promise<string[]> {
  const request = await latestRequest(deps.db, userId);
  if (!request) return [words.NO_REQUEST];
  const update = await latestUpdate(deps.db, request.id);
  const sentences = update
    ? [`The latest update, from ${lagosWhen(update.at).split(' at ')[0]}, says:`, update.body]
    : [words.NO_UPDATE];
  const delivery = request.deliveryStatus ? DELIVERY_WORDS[request.deliveryStatus] : undefined;
  sentences.push(delivery ? `Delivery: ${delivery}.` : words.NO_DELIVERY);
  return sentences;
}

/** Key 2: the booked time and place, or the open times to choose from. */
async function collectionWords(deps: Deps, call: Call, userId: number): Promise<VoiceReply> {
  const request = await latestRequest(deps.db, userId);
  if (!request) return menu([words.NO_REQUEST]);
  const state = await collectionState(deps, { id: userId, role: 'recipient' }, { kind: 'recipient', id: request.id });
  if (state.booking) {
    await saveCall(deps.db, call, { stage: 'menu' });
    return menu(words.bookedAt(lagosWhen(state.booking.startsAt), state.booking.address, state.booking.bring));
  }
  if (!state.ready) return menu([words.NOT_READY_YET]);
  const offered = state.slots.slice(0, TIMES_OFFERED);
  if (!offered.length) return menu([words.NO_OPEN_TIMES]);
  await saveCall(deps.db, call, { stage: 'collection', offeredSlotIds: offered.map((s) => s.id) });
  return { say: words.chooseTime(offered.map((s) => lagosWhen(s.startsAt))), ask: ONE_KEY };
}

/** A key pressed while the open times were read out: the time heard is booked, by the collections rules. */
async function chooseTime(deps: Deps, call: Call, userId: number, key: string): Promise<VoiceReply> {
  const offered = call.offeredSlotIds ?? [];
  if (key === '9') {
    await saveCall(deps.db, call, { stage: 'menu', offeredSlotIds: null });
    return menu();
  }
  const slotId = /^[1-9]$/.test(key) ? offered[Number(key) - 1] : undefined;
  if (slotId === undefined)
    return collectionWords(deps, call, userId).then((r) => ({ ...r, say: [words.NOT_ON_MENU, ...r.say] }));
  const request = await latestRequest(deps.db, userId);
  await saveCall(deps.db, call, { stage: 'menu', offeredSlotIds: null });
  if (!request) return menu([words.NO_REQUEST]);
  try {
    const booked = await bookCollection(
      deps,
      { id: userId, role: 'recipient' },
      { kind: 'recipient', id: request.id },
      slotId,
    );
    const booking = booked.booking;
    return menu(
      booking
        ? [booked.message, ...words.bookedAt(lagosWhen(booking.startsAt), COLLECTION_CENTRE, booking.bring)]
        : [booked.message],
    );
  } catch (error) {
    // The collections rules refused (the time filled up meanwhile): their sentence, then the menu.
    if (error instanceof AppError) return menu([error.message]);
    throw error;
  }
}

async function signedInKey(deps: Deps, call: Call, userId: number, key: string): Promise<VoiceReply> {
  switch (key) {
    case '1':
      return menu(await statusWords(deps, userId));
    case '2':
      return collectionWords(deps, call, userId);
    case '3':
      return menu(await updateWords(deps, userId));
    case '9':
      return menu();
    default:
      return menu([words.NOT_ON_MENU]);
  }
}

async function publicKey(deps: Deps, call: Call, key: string): Promise<VoiceReply> {
  const recipient = call.userId !== null ? await callerByNumber(deps.db, call.callerNumber) : null;
  const mayAskPin = recipient?.role === 'recipient' && (await pinState(deps.db, recipient.id)) === 'none';
  if (key === '1' && mayAskPin) {
    // A voice PIN is a code by SMS too, so it counts against the number's share of them; a call
    // carries no client address of its own to count.
    const sent = (await smsCodeRoomFor(deps.limits, call.callerNumber)) && (await requestPinBySms(deps, recipient.id));
    if (sent) {
      await countSmsCodeTo(deps.limits, call.callerNumber);
      deps.jobs.wake(JOB.voicePinSms);
    }
    await saveCall(deps.db, call, { stage: 'ended' });
    return goodbye([sent ? words.PIN_SMS_COMING : words.PIN_SMS_SENT_RECENTLY]);
  }
  return publicMenu(key === '9' ? [] : [words.NOT_ON_MENU], mayAskPin);
}

/** The question the caller did not answer, asked again. */
async function askAgain(deps: Deps, call: Call): Promise<VoiceReply> {
  if (call.stage === 'pin') return { say: [words.DID_NOT_HEAR, words.ASK_PIN], ask: PIN_KEYS };
  if (call.stage === 'collection' && call.userId !== null) {
    const r = await collectionWords(deps, call, call.userId);
    return { ...r, say: [words.DID_NOT_HEAR, ...r.say] };
  }
  if (call.signedIn) return menu([words.DID_NOT_HEAR]);
  const reply = await publicKey(deps, call, '9');
  return { ...reply, say: [words.DID_NOT_HEAR, ...reply.say] };
}

/**
 * One request of the provider about a call (docs/decisions/0067): the call's state is read from
 * and written to voice_calls, so any instance can answer the next one.
 */
export async function answerCall(deps: Deps, event: VoiceCallEvent): Promise<VoiceReply> {
  if (event.kind === 'ended') {
    await deps.db.execute(
      sql`insert into voice_calls (session_id, caller_number, stage, ended_at, duration_seconds)
          values (${event.sessionId}, ${event.callerNumber.slice(0, 40)}, 'ended', now(), ${event.durationSeconds})
          on conflict (session_id) do update set stage = 'ended', ended_at = coalesce(voice_calls.ended_at, now()),
             duration_seconds = excluded.duration_seconds, updated_at = now()`,
    );
    return { say: [] };
  }
  const call = await readCall(deps.db, event.sessionId);
  if (!call) return startCall(deps, event);
  if (call.stage === 'ended') return goodbye([]);

  if (event.digits === null) {
    const silences = call.silences + 1;
    if (silences >= SILENCES_ALLOWED) {
      await saveCall(deps.db, call, { stage: 'ended', silences });
      return goodbye([words.SILENT_GOODBYE]);
    }
    await saveCall(deps.db, call, { silences });
    return askAgain(deps, { ...call, silences });
  }

  const key = event.digits;
  const pressed = { ...call, silences: 0, lastKey: call.stage === 'pin' ? call.lastKey : key.slice(0, 8) };
  await saveCall(deps.db, call, { silences: 0, lastKey: pressed.lastKey });

  if (call.stage === 'pin' && call.userId !== null) {
    const outcome = await checkVoicePin(deps.db, call.userId, key);
    if (outcome === 'right') {
      await saveCall(deps.db, pressed, { stage: 'menu', signedIn: true });
      return menu();
    }
    if (outcome === 'locked') {
      await saveCall(deps.db, pressed, { stage: 'ended' });
      return goodbye([words.PIN_LOCKED_NOW]);
    }
    return { say: [words.WRONG_PIN, words.ASK_PIN], ask: PIN_KEYS };
  }

  if (key === '0') {
    await requestCallback(deps.db, {
      phoneNumber: call.callerNumber,
      userId: call.userId,
      sessionId: call.sessionId,
      lastKey: call.lastKey,
    });
    await saveCall(deps.db, pressed, { stage: 'ended' });
    return goodbye([words.CALL_BACK_TAKEN]);
  }
  if (call.signedIn && call.userId !== null) {
    if (call.stage === 'collection') return chooseTime(deps, pressed, call.userId, key);
    return signedInKey(deps, pressed, call.userId, key);
  }
  return publicKey(deps, pressed, key);
}
