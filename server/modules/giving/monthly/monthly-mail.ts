import { formatNaira } from '@contract/money';
import { MONTHLY_MAX_PAUSE_MONTHS } from '@contract/monthly-giving';
import { CENTRE, escapeHtml, simpleHtml } from '../../../providers/mail/layout';
import type { MailMessage } from '../../../providers/mail/mail';
import { dayWords, periodWords } from './monthly-calendar';

/** A monthly gift as its mails name it. */
export type MonthlyMailFacts = {
  to: string;
  donorFullName: string;
  amountKobo: number;
  /** "the Independence Fund", or the campaign's product and organization. */
  targetName: string;
  /** Where the donor manages the gift: My monthly giving, or the signed link for a guest. */
  manageLink: string;
};

function monthlyMail(
  facts: MonthlyMailFacts,
  subject: string,
  lines: string[],
  action?: { words: string; link: string },
): MailMessage {
  const manage = `See and change your monthly gift: ${facts.manageLink}`;
  const actionText = action ? `${action.words}: ${action.link}` : '';
  return {
    to: facts.to,
    subject,
    text: [`Dear ${facts.donorFullName},`, ...lines, actionText, manage, CENTRE].filter(Boolean).join('\n\n'),
    html: simpleHtml(subject, [
      `Dear ${escapeHtml(facts.donorFullName)},`,
      ...lines.map(escapeHtml),
      ...(action ? [`<a href="${escapeHtml(action.link)}">${escapeHtml(action.words)}</a>.`] : []),
      `<a href="${escapeHtml(facts.manageLink)}">See and change your monthly gift</a>.`,
    ]),
  };
}

const what = (facts: MonthlyMailFacts) =>
  `your monthly gift of ${formatNaira(facts.amountKobo)} to ${facts.targetName}`;

export const monthlyMails = {
  started: (facts: MonthlyMailFacts, next: Date) =>
    monthlyMail(facts, 'Your monthly gift has started', [
      `Thank you: ${what(facts)} has started. Your receipt for this month comes in a separate email.`,
      `We will charge the same card next on ${dayWords(next)}, and on the same day every month, with a receipt each time. You can change the amount, pause for up to ${MONTHLY_MAX_PAUSE_MONTHS} months or cancel whenever you like.`,
    ]),
  oneOff: (facts: MonthlyMailFacts) =>
    monthlyMail(facts, 'Your gift was received, but it cannot repeat each month', [
      `Thank you for your gift to ${facts.targetName}. Your receipt comes in a separate email.`,
      'The card you paid with cannot be charged again each month, so this gift was made once. To give monthly, please start again with another debit or credit card.',
    ]),
  amountChanged: (facts: MonthlyMailFacts, next: Date | null) =>
    monthlyMail(facts, 'Your monthly gift has changed', [
      `You changed ${what(facts)}.`,
      next
        ? `The new amount is charged from ${dayWords(next)}. Charges already made stay as they were.`
        : 'Charges already made stay as they were.',
    ]),
  paused: (facts: MonthlyMailFacts, until: Date) =>
    monthlyMail(facts, 'Your monthly gift is paused', [
      `You paused ${what(facts)}. Nothing will be charged until ${dayWords(until)}, when it starts again by itself.`,
      'You can start it again sooner, or cancel it, whenever you like.',
    ]),
  resumed: (facts: MonthlyMailFacts, next: Date) =>
    monthlyMail(facts, 'Your monthly gift has started again', [
      `Thank you: ${what(facts)} has started again. The next charge is on ${dayWords(next)}.`,
    ]),
  cancelled: (facts: MonthlyMailFacts) =>
    monthlyMail(facts, 'Your monthly gift is cancelled', [
      `You cancelled ${what(facts)}. Nothing more will be charged, and we no longer keep your card's details.`,
      'Every gift you made stays on record, with its receipt. Thank you for giving.',
    ]),
  cardDeclined: (facts: MonthlyMailFacts, period: string, retryAt: Date, updateLink: string) =>
    monthlyMail(
      facts,
      'Your monthly gift could not be charged',
      [
        `Your card was declined for ${what(facts)} for ${periodWords(period)}. Nothing was taken.`,
        `We will try the card again on ${dayWords(retryAt)}. If the card has changed, you can pay with another card now; it will be used from then on.`,
      ],
      { words: 'Pay with another card', link: updateLink },
    ),
  pausedAfterDeclines: (facts: MonthlyMailFacts, period: string, updateLink: string) =>
    monthlyMail(
      facts,
      'Your monthly gift is paused: the card was declined',
      [
        `We tried your card four times over a week for ${what(facts)} for ${periodWords(period)}, and it was declined each time. Nothing was taken.`,
        'Your monthly gift is paused, not lost. Pay with another card to start it again, or cancel it if you prefer.',
      ],
      { words: 'Pay with another card', link: updateLink },
    ),
  campaignEnded: (facts: MonthlyMailFacts, fundLink: string) =>
    monthlyMail(
      facts,
      'Your monthly gift has ended: the campaign is complete',
      [
        `${facts.targetName} no longer needs gifts, so ${what(facts)} has ended and nothing more will be charged. Thank you for helping it get there.`,
        'If you would like to keep giving each month, the Independence Fund buys devices for the people who have waited longest.',
      ],
      { words: 'Give monthly to the Independence Fund', link: fundLink },
    ),
};
