import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationCampaign, createRecipientCampaign, createUser, signInNewAdmin } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { loadSessionUser } from '../accounts/queries';
import {
  adminActionTo,
  adminMove,
  factsOf,
  giftMove,
  releaseMove,
  statusesOf,
  type CampaignKind,
  type OrganizationCampaignStatus,
  type RecipientCampaignStatus,
} from '../campaign-core/status-rules';

// The rule book (campaign-core/status-rules.ts) as the whole app follows it: its pages, checkout,
// admin moves and an owner's open request. Here rather than beside the rule book, which sits below
// the modules these go through.
const kinds: CampaignKind[] = ['recipient', 'organization'];
const an = (kind: CampaignKind) => (kind === 'organization' ? 'an' : 'a');

describe('the rule book in behaviour', () => {
  let ctx: TestContext;
  let adminToken: string;
  let address = 0;
  const nextAddress = () => `10.88.${(++address >> 8) & 255}.${address & 255}`;
  beforeAll(async () => {
    ctx = await startTestApp();
    adminToken = (await signInNewAdmin(ctx.app, ctx.database.db)).token;
  });
  afterAll(() => stopTestApp(ctx));

  async function campaignIn(kind: CampaignKind, status: string) {
    const db = ctx.database.db;
    const ownerId = await createUser(db, kind);
    const id =
      kind === 'recipient'
        ? await createRecipientCampaign(db, { status: status as RecipientCampaignStatus, recipientId: ownerId })
        : await createOrganizationCampaign(db, 4, {
            status: status as OrganizationCampaignStatus,
            organizationId: ownerId,
          });
    return { id, ownerId, ref: kind === 'recipient' ? String(id) : `org-${id}` };
  }

  for (const kind of kinds) {
    for (const status of statusesOf(kind)) {
      const facts = factsOf(kind, status);
      it(`${an(kind)} ${kind} campaign ${status} is ${facts.givable ? '' : 'not '}givable, ${facts.public ? '' : 'not '}public, ${facts.open ? '' : 'not '}open`, async () => {
        const { id, ownerId, ref } = await campaignIn(kind, status);
        const page = await ctx.app.inject({
          method: 'GET',
          url: kind === 'recipient' ? `/api/campaigns/${id}` : `/api/org-campaigns/${id}`,
        });
        expect(page.statusCode, page.body).toBe(facts.public ? 200 : 404);

        const checkout = await ctx.app.inject({
          method: 'POST',
          url: '/api/donations/checkout',
          remoteAddress: nextAddress(),
          payload: {
            donorEmail: `rules.${kind}.${status}@example.org`,
            donorFullName: 'Rule Checker',
            cartItems: [{ campaignId: ref, units: 1 }],
          },
        });
        expect(checkout.statusCode, checkout.body).toBe(facts.givable ? 200 : 409);

        const owner = await loadSessionUser(ctx.database.db, ownerId);
        expect(owner?.canCreateCampaign).toBe(!facts.open);
      });

      it(`${an(kind)} ${kind} campaign ${status} takes exactly the admin status changes the rule book lists`, async () => {
        for (const to of ['approved', 'rejected', 'pending', 'paused', 'closed'] as const) {
          const { ref } = await campaignIn(kind, status);
          const allowed = adminActionTo(kind, status, to) !== undefined;
          const res = await ctx.app.inject({
            method: 'PATCH',
            url: `/api/admin/campaigns/${ref}/status`,
            headers: { authorization: `Bearer ${adminToken}` },
            payload: { status: to, adminNotes: 'Checked against the rule book.' },
          });
          expect(res.statusCode, `${status} to ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
        }
      });
    }

    it(`${an(kind)} ${kind} refund that frees units moves a campaign back only where gifts moved it forward`, () => {
      const move = giftMove(kind);
      const giftTargets = new Set<string>(move.from.flatMap((from) => factsOf(kind, from).gift));
      for (const status of statusesOf(kind)) {
        const back = factsOf(kind, status).release;
        if (back === null) continue;
        // From a status a gift moves into, back to one a gift lands in.
        expect(giftTargets.has(status), status).toBe(true);
        expect(factsOf(kind, back).landing, `${status} to ${back}`).toBe(true);
        expect(releaseMove(kind, status, 0)).toBe(back);
      }
      // Ready for pickup or handed over: never freed.
      for (const action of ['markReadyForPickup', 'markDelivered'] as const) {
        const to = adminMove(kind, action)!.to;
        expect(factsOf(kind, to).release, to).toBeNull();
      }
    });

    it(`${an(kind)} ${kind} gift moves a campaign to the statuses the rule book's gift moves name`, () => {
      const move = giftMove(kind);
      for (const from of move.from) {
        expect(factsOf(kind, from).gift).toContain(move.whenFunded);
        const partly = (move.whenPartly as Record<string, string | undefined>)[from];
        if (partly) expect(factsOf(kind, from).gift).toContain(partly);
      }
      expect(factsOf(kind, move.whenFunded).landing).toBe(false);
    });
  }
});
