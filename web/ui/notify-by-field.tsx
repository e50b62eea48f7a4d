import { NOTIFY_BY, NOTIFY_BY_WORDS, type NotifyBy } from '@contract/sms';
import { RadioGroup } from './fields';

const NOTIFY_BY_HINTS: Record<NotifyBy, string> = {
  email: 'We write to your email address.',
  sms: 'We send a short text message to your phone. It works on any phone.',
  both: 'We write to your email address and send a text message to your phone.',
  whatsapp: 'Messages come to the WhatsApp on your phone number; if WhatsApp cannot deliver one, it comes by SMS.',
};

/** The choice of how to be told, offered the same way at onboarding and in settings. */
export function NotifyByField({ hint, choices = NOTIFY_BY }: { hint?: string; choices?: readonly NotifyBy[] }) {
  return (
    <RadioGroup
      name="notifyBy"
      legend="How should we tell you about your request?"
      hint={hint}
      options={choices.map((value) => ({
        value,
        label: NOTIFY_BY_WORDS[value],
        description: NOTIFY_BY_HINTS[value],
      }))}
    />
  );
}
