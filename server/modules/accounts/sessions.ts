import { and, eq, sql } from 'drizzle-orm';
import type { AuthReply } from '@contract/auth';
import { SECURITY_PATH } from '@contract/second-factor';
import { selectRows, type Db } from '../../db/client';
import { sessions } from '../../db/schema/all';
import { enqueueMail, enqueueSms, enqueueWhatsApp } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { messagesFor, noticeMail, wakeNotices, type Notice } from '../notifications/tell-user';
import { notifyAndFindAddress } from '../notifications/queries';
import { loadSessionUser } from './queries';
import { browserName, networkPrefix, type SignInClient } from './sign-in-client';
import { randomToken, sha256 } from './tokens';

export type SessionDeps = { db: Db; jobs: JobQueue; baseUrl: string; sessionDays: number };

/**
 * Opens a session for a person who has proved who they are, and answers what the web app stores:
 * the token and the user. `secondFactor` says the proof included a second factor, which then counts
 * for the acts that ask for one again (docs/decisions/0071). A browser the account has never signed
 * in from before is told of by mail, and by SMS or WhatsApp where the person chose it.
 */
export async function openSession(
  deps: SessionDeps,
  userId: number,
  client: SignInClient,
  proof: { secondFactor: boolean },
): Promise<AuthReply> {
  const token = randomToken();
  const userAgent = client.userAgent?.slice(0, 300) ?? null;
  const [seen] = await selectRows<{ any: boolean; same: boolean }>(
    deps.db,
    sql`select count(*) > 0 as any, coalesce(bool_or(user_agent is not distinct from ${userAgent}), false) as same
          from sessions where user_id = ${userId}`,
  );
  const prefix = networkPrefix(client.ip);
  const newBrowser = Boolean(seen?.any && !seen.same);
  // The session and the notice of a new browser are written together: one never exists without the other.
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(days => ${deps.sessionDays})`,
      userAgent,
      networkPrefix: prefix,
      lastSeenAt: sql`now()`,
      secondFactorAt: proof.secondFactor ? sql`now()` : null,
    });
    if (newBrowser) await tellOfNewBrowser({ ...deps, db: tx }, userId, browserName(userAgent), prefix);
  });
  if (newBrowser) wakeNotices(deps.jobs);
  const user = await loadSessionUser(deps.db, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return { token, user };
}

async function tellOfNewBrowser(deps: SessionDeps, userId: number, browser: string, prefix: string | null) {
  const where = prefix ? `${browser}, on the network ${prefix}` : browser;
  const notice: Notice = {
    subject: 'A new sign-in to your Gift of Independence account',
    message: `Your account was signed in to from a browser it had not used before: ${where}.`,
    details: [
      'If this was you, there is nothing to do.',
      'If it was not, change your password now and sign out the sessions you do not know in your security settings.',
    ],
    link: SECURITY_PATH,
    sms: `Gift of Independence: your account was signed in to from a new browser (${browser}). Not you? Change your password now or call our help line.`,
  };
  const user = await notifyAndFindAddress(deps.db, userId, notice.message, notice.link);
  if (!user) return;
  const { mail, sms, whatsapp } = messagesFor(deps.baseUrl, user, notice);
  // By mail always where there is an address, whatever else the person chose.
  const byMail = mail ?? (user.email ? noticeMail(deps.baseUrl, user.email, user.firstName, notice) : null);
  if (byMail) await enqueueMail(deps.jobs, deps.db, byMail);
  if (sms) await enqueueSms(deps.jobs, deps.db, sms);
  if (whatsapp) await enqueueWhatsApp(deps.jobs, deps.db, whatsapp);
}

/** Marks a session seen now, at most once every five minutes, so the sessions list is true without a write per request. */
export async function touchSession(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < now() - interval '5 minutes')`,
      ),
    );
}
