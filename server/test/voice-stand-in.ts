import { randomBytes } from 'node:crypto';

/** One element of the XML a voice callback answers, as Africa's Talking reads it. */
type Action =
  | { kind: 'say'; sentences: string[]; voice: string | null; playBeep: string | null }
  | {
      kind: 'getDigits';
      numDigits: number;
      timeout: number;
      finishOnKey: string | null;
      callbackUrl: string;
      say: Action[];
    }
  | { kind: 'redirect'; url: string }
  | { kind: 'play'; url: string }
  | { kind: 'dial'; phoneNumbers: string[] };

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  const rest = text.replace(/([A-Za-z]+)="([^"]*)"/g, (_m, name: string, value: string) => {
    found[name] = decode(value);
    return '';
  });
  if (rest.trim() !== '') throw new Error(`Africa's Talking could not read these attributes: ${text}`);
  return found;
}

/** What a <Say> speaks: its text, SSML tags dropped, one sentence per break. */
function spoken(inner: string): string[] {
  return inner
    .split(/<break\b[^>]*\/>/)
    .map((part) => decode(part.replace(/<\/?(speak|prosody)\b[^>]*>/g, '')).trim())
    .filter(Boolean);
}

/** Reads the XML answer as Africa's Talking does, refusing what it would not understand. */
export function readVoiceXml(xml: string): Action[] {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '').trim();
  const root = /^<Response>([\s\S]*)<\/Response>$/.exec(body) ?? /^<Response\/>$/.exec(body);
  if (!root) throw new Error(`The answer is not a <Response>: ${xml.slice(0, 200)}`);
  const actions: Action[] = [];
  let rest = (root[1] ?? '').trim();
  while (rest) {
    let m: RegExpExecArray | null;
    if ((m = /^<Say\b([^>]*)>([\s\S]*?)<\/Say>/.exec(rest))) {
      const a = attributes(m[1]!);
      actions.push({ kind: 'say', sentences: spoken(m[2]!), voice: a.voice ?? null, playBeep: a.playBeep ?? null });
    } else if ((m = /^<GetDigits\b([^>]*)>([\s\S]*?)<\/GetDigits>/.exec(rest))) {
      const a = attributes(m[1]!);
      const numDigits = Number(a.numDigits);
      const timeout = Number(a.timeout);
      if (!Number.isInteger(numDigits) || numDigits < 1) throw new Error(`GetDigits without numDigits: ${m[0]}`);
      if (!Number.isInteger(timeout) || timeout < 1) throw new Error(`GetDigits without a timeout: ${m[0]}`);
      if (!a.callbackUrl) throw new Error(`GetDigits without a callbackUrl: ${m[0]}`);
      actions.push({
        kind: 'getDigits',
        numDigits,
        timeout,
        finishOnKey: a.finishOnKey ?? null,
        callbackUrl: a.callbackUrl,
        say: readVoiceXml(`<Response>${m[2]}</Response>`),
      });
    } else if ((m = /^<Redirect>([^<]+)<\/Redirect>/.exec(rest))) {
      actions.push({ kind: 'redirect', url: decode(m[1]!) });
    } else if ((m = /^<Play\b([^>]*)\/>/.exec(rest))) {
      actions.push({ kind: 'play', url: attributes(m[1]!).url ?? '' });
    } else if ((m = /^<Dial\b([^>]*)\/>/.exec(rest))) {
      actions.push({ kind: 'dial', phoneNumbers: (attributes(m[1]!).phoneNumbers ?? '').split(',') });
    } else {
      throw new Error(`Africa's Talking does not know this action: ${rest.slice(0, 120)}`);
    }
    rest = rest.slice(m[0].length).trim();
  }
  return actions;
}

type Posted = Record<string, string>;

/**
 * Plays Africa's Talking Voice for an inbound call to our line: it posts its form fields over real
 * HTTP to the app's callback and reads the XML back, as the provider does. A test "hears" the
 * sentences of each answer and presses keys (or stays silent) where the line waits for them; the
 * GetDigits' callbackUrl and the Redirect are followed as the provider follows them, and once an
 * answer leaves nothing to wait for the call ends with the provider's last post (isActive=0).
 */
export function startVoiceCall(options: { callbackUrl: string; callerNumber: string; destinationNumber?: string }) {
  const sessionId = `ATVId_${randomBytes(12).toString('hex')}`;
  const startedAt = Date.now();
  const posts: Posted[] = [];
  let waiting: Extract<Action, { kind: 'getDigits' }> | null = null;
  let redirect: string | null = null;
  let ended = false;
  let heard: string[] = [];

  const base = (): Posted => ({
    sessionId,
    isActive: '1',
    direction: 'Inbound',
    callerNumber: options.callerNumber,
    destinationNumber: options.destinationNumber ?? '+2342017001234',
    callerCountryCode: '234',
    callerCarrierName: 'MTN Nigeria',
    callSessionState: 'Active',
    callStartTime: new Date(startedAt).toISOString().replace('T', ' ').slice(0, 19),
  });

  async function post(url: string, fields: Posted): Promise<{ status: number; type: string; body: string }> {
    posts.push(fields);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  }

  async function hangUp(): Promise<void> {
    if (ended) return;
    ended = true;
    waiting = null;
    redirect = null;
    const res = await post(options.callbackUrl, {
      ...base(),
      isActive: '0',
      callSessionState: 'Completed',
      durationInSeconds: String(Math.max(1, Math.round((Date.now() - startedAt) / 1000))),
      currencyCode: 'NGN',
      amount: '12.5',
      hangupCause: 'NORMAL_CLEARING',
    });
    if (res.status !== 200) throw new Error(`The callback refused the end of the call: ${res.status} ${res.body}`);
  }

  async function step(url: string, fields: Posted): Promise<string[]> {
    if (ended) throw new Error('The call has ended.');
    const res = await post(url, fields);
    if (res.status !== 200) throw new Error(`The callback answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (!/^(text|application)\/xml\b/.test(res.type)) throw new Error(`The callback answered ${res.type}, not XML.`);
    const actions = readVoiceXml(res.body);
    heard = [];
    waiting = null;
    redirect = null;
    for (const action of actions) {
      if (action.kind === 'say') heard.push(...action.sentences);
      if (action.kind === 'getDigits') {
        for (const inner of action.say) if (inner.kind === 'say') heard.push(...inner.sentences);
        waiting = action;
        // Anything after the GetDigits runs only when no key comes: the Redirect is kept for silence.
        const after = actions.slice(actions.indexOf(action) + 1);
        const next = after.find((a) => a.kind === 'redirect');
        redirect = next && next.kind === 'redirect' ? next.url : null;
        break;
      }
    }
    if (!waiting) await hangUp();
    return heard;
  }

  return {
    sessionId,
    posts,
    /** Whether the line is waiting for keys, and how many. */
    get waitingFor() {
      return waiting ? { numDigits: waiting.numDigits, finishOnKey: waiting.finishOnKey } : null;
    },
    get ended() {
      return ended;
    },
    /** The sentences of the last answer. */
    get heard() {
      return heard;
    },
    /** The phone rings and the line answers: what it says first. */
    dial: () => step(options.callbackUrl, base()),
    /** Presses keys where the line waits for them (the finishing key is pressed too when it asks for one). */
    press(keys: string) {
      if (!waiting) throw new Error('The line is not waiting for keys.');
      const typed = waiting.finishOnKey && keys.length < waiting.numDigits ? `${keys}${waiting.finishOnKey}` : keys;
      return step(waiting.callbackUrl, { ...base(), dtmfDigits: typed });
    },
    /** Presses nothing until the GetDigits times out: the Redirect is followed, or the call ends. */
    async silence(): Promise<string[]> {
      if (!waiting) throw new Error('The line is not waiting for keys.');
      if (!redirect) {
        await hangUp();
        return [];
      }
      return step(redirect, base());
    },
    hangUp,
  };
}
