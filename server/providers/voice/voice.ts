/**
 * What the voice line says and asks, as data (docs/decisions/0067): the modules build a reply, the
 * provider's adapter turns it into what the provider reads back. Sentences are short and plain, and
 * spoken slowly.
 */
export type VoiceReply = {
  /** Spoken in order, each a sentence or two. */
  say: string[];
  /** A recording to play after the sentences (an address the provider can fetch). */
  play?: string;
  /**
   * Wait for keys after the sentences. Without it the call ends once everything is said, unless
   * `dial` passes it to a person.
   */
  ask?: { digits: number; timeoutSeconds: number; finishOnKey?: '#' | '*' };
  /** Pass the call to these numbers (+234...) after the sentences. */
  dial?: string[];
};

/** One request the provider makes about a call, in our words. */
export type VoiceCallEvent =
  | { kind: 'active'; sessionId: string; callerNumber: string; digits: string | null }
  | { kind: 'ended'; sessionId: string; callerNumber: string; durationSeconds: number | null };

/** A voice provider's wire format: what it posts to our callback, and what it reads back. */
export interface VoiceLine {
  readonly description: string;
  /** The form fields of one callback; null when they are not a call we can answer. */
  readEvent(form: Record<string, string | undefined>): VoiceCallEvent | null;
  /** The reply's body and content type; `callbackUrl` is where the provider posts the keys pressed. */
  render(reply: VoiceReply, callbackUrl: string): { contentType: string; body: string };
}
