import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mail';
import { cardFactsById } from './card-facts';
import { cardMail } from './card-mail';
import { renderCard } from './card-pdf';
import { cardWords } from './card-words';

export type CardDeps = { db: Db; mailer: Mailer; config: Pick<Config, 'charity'>; baseUrl: string };

/**
 * Draws and mails one dedicated gift's card, when its job runs: the PDF and the words come from
 * what the database holds then, so no card or address sits in the job table. A gift that is no
 * longer paid, or whose dedication was erased, sends nothing. A failed send throws and is retried.
 */
export async function sendCard(deps: CardDeps, donationId: number): Promise<void> {
  const facts = await cardFactsById(deps.db, donationId);
  if (!facts) return;
  const words = cardWords(facts, deps.baseUrl);
  const pdf = await renderCard(words, deps.config.charity.name);
  await deps.mailer.send(cardMail(facts.notifyEmail, words, pdf));
}
