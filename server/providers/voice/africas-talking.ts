import type { VoiceCallEvent, VoiceLine, VoiceReply } from './voice';

export type AfricasTalkingVoiceOptions = {
  /** The synthesised voice's name, e.g. en-US-Standard-C (VOICE_SAY_VOICE). */
  sayVoice: string;
  /** A pause between sentences, so a slow listener keeps up. */
  pauseMs?: number;
};

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Characters XML 1.0 cannot carry at all; a caller's number or a name could hold one. */
const xmlSafe = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/g, '');

/** A number as Africa's Talking sends it: +234... ; anything else is kept as it came, to be refused later. */
const trimmed = (value: string | undefined) => (value ?? '').trim();

/**
 * Africa's Talking Voice (docs/decisions/0067). It posts form fields to our callback (`sessionId`,
 * `isActive` 1 while the call is up and 0 once it ended, `callerNumber`, `destinationNumber`,
 * `direction`, `dtmfDigits` after a GetDigits, `durationInSeconds` at the end) and reads back XML:
 * one `<Say>` inside `<GetDigits>` when we wait for keys, then a `<Redirect>` to the same callback,
 * so that a caller who presses nothing reaches us again with no digits.
 */
export function createAfricasTalkingVoice(options: AfricasTalkingVoiceOptions): VoiceLine {
  const pause = `<break time="${options.pauseMs ?? 600}ms"/>`;
  const say = (sentences: string[]) =>
    `<Say voice="${escapeXml(options.sayVoice)}" playBeep="false"><speak><prosody rate="slow">${sentences
      .map((s) => escapeXml(xmlSafe(s)))
      .join(pause)}</prosody></speak></Say>`;
  return {
    description: "Africa's Talking Voice",
    readEvent(form): VoiceCallEvent | null {
      const sessionId = trimmed(form.sessionId);
      const callerNumber = trimmed(form.callerNumber);
      if (!sessionId || !callerNumber) return null;
      if (trimmed(form.isActive) === '0') {
        const seconds = Number.parseInt(trimmed(form.durationInSeconds), 10);
        return {
          kind: 'ended',
          sessionId,
          callerNumber,
          durationSeconds: Number.isFinite(seconds) && seconds >= 0 && seconds < 1e6 ? seconds : null,
        };
      }
      const digits = trimmed(form.dtmfDigits).replace(/[#*]+$/, '');
      return { kind: 'active', sessionId, callerNumber, digits: digits === '' ? null : digits };
    },
    render(reply: VoiceReply, callbackUrl: string) {
      const url = escapeXml(callbackUrl);
      const parts: string[] = [];
      if (reply.ask) {
        const finish = reply.ask.finishOnKey ? ` finishOnKey="${reply.ask.finishOnKey}"` : '';
        parts.push(
          `<GetDigits timeout="${reply.ask.timeoutSeconds}" numDigits="${reply.ask.digits}"${finish} callbackUrl="${url}">${say(reply.say)}</GetDigits>`,
          `<Redirect>${url}</Redirect>`,
        );
      } else {
        if (reply.say.length) parts.push(say(reply.say));
        if (reply.play) parts.push(`<Play url="${escapeXml(reply.play)}"/>`);
        if (reply.dial?.length) parts.push(`<Dial phoneNumbers="${escapeXml(reply.dial.join(','))}"/>`);
      }
      return {
        contentType: 'text/xml; charset=utf-8',
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<Response>${parts.join('')}</Response>`,
      };
    },
  };
}
