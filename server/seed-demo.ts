import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import {
  assistedApplications,
  organizationMembers,
  collectionSlots,
  donationItems,
  donations,
  organizationCampaigns,
  organizationProducts,
  organizationProfiles,
  payments,
  products,
  recipientCampaigns,
  onboardingSubmissions,
  recipientProfiles,
  roles,
  secondFactors,
  siteStats,
  successStories,
  users,
  voicePins,
} from './db/schema/all';
import { PLAIN_PREFIX } from './modules/accounts/second-factor/totp';
import { refreshOrganizationSearchText, refreshRecipientSearchText } from './modules/campaign-core/search-text';
import { isFunded } from './modules/campaign-core/status-rules';
import {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_VOICE_PIN,
  demoAccounts,
  demoAssisted,
  demoOrganizationCampaigns,
  demoOrganizationProducts,
  demoOrganizations,
  demoProducts,
  demoRecipientCampaigns,
  demoRecipients,
  demoCollectionSlots,
  demoStats,
  demoStories,
} from './db/seed/demo-data';
import { hashSecret } from './modules/accounts/secret-hash';

const DAY = 24 * 60 * 60 * 1000;

/** Seeds the demo data when there are no users yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  await seedDemo(db, now);
  return true;
}

export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY - minutes * 60_000);

  await db.transaction(async (tx) => {
    const roleRows = await tx.select().from(roles);
    const roleId = (name: string) => {
      const r = roleRows.find((x) => x.name === name);
      if (!r) throw new Error(`role ${name} missing; run migrations first`);
      return r.id;
    };

    const userIds = new Map<string, number>();
    const addUser = async (
      u: { email: string; firstName: string; lastName: string; phone: string },
      role: string,
      extra: Partial<typeof users.$inferInsert> = {},
    ) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          phoneNumber: u.phone,
          passwordHash,
          roleId: roleId(role),
          emailVerifiedAt: ago(120),
          createdAt: ago(120),
          ...extra,
        })
        .returning({ id: users.id });
      userIds.set(u.email, row!.id);
      // An organization's own account is its first owner (docs/decisions/0075).
      if (role === 'organization')
        await tx
          .insert(organizationMembers)
          .values({ organizationId: row!.id, userId: row!.id, role: 'owner', joinedAt: ago(120), createdAt: ago(120) });
      return row!.id;
    };

    const adminId = await addUser(demoAccounts.admin, demoAccounts.admin.role, { isOnboardingComplete: true });
    // Each onboarded account's first version: verified, except the last recipient's, left waiting so
    // the review queue has something to show.
    const addVersion = async (
      userId: number,
      kind: 'recipient' | 'organization',
      answers: Record<string, unknown>,
      waiting: boolean,
    ) => {
      await tx.insert(onboardingSubmissions).values({
        userId,
        kind,
        version: 1,
        answers,
        status: waiting ? 'submitted' : 'verified',
        reviewedBy: waiting ? null : adminId,
        reviewedAt: waiting ? null : ago(110),
        createdAt: ago(115),
      });
    };
    const donorId = await addUser(demoAccounts.donor, 'donor', { isOnboardingComplete: true });

    for (const [i, r] of demoRecipients.entries()) {
      const id = await addUser(r, 'recipient', { isOnboardingComplete: true });
      await addVersion(
        id,
        'recipient',
        {
          gender: r.gender,
          age: r.age,
          stateOfOrigin: r.state,
          recipientBio: r.bio,
          employmentStatus: r.employment,
          idType: 'NIN',
          idHolder: 'self',
          profilePhotoKey: r.photo ?? null,
          idDocumentKey: r.document ?? null,
        },
        i === demoRecipients.length - 1,
      );
      await tx.insert(recipientProfiles).values({
        userId: id,
        gender: r.gender,
        age: r.age,
        stateOfOrigin: r.state,
        bio: r.bio,
        employmentStatus: r.employment,
        idType: 'NIN',
        ...(r.publicName ? { publicName: r.publicName } : {}),
        ...(r.showState !== undefined ? { showState: r.showState } : {}),
        profilePhotoKey: r.photo ?? null,
        idDocumentKey: r.document ?? null,
      });
    }

    for (const o of demoOrganizations) {
      const id = await addUser(o, 'organization', { isOnboardingComplete: true });
      await addVersion(
        id,
        'organization',
        {
          organizationName: o.organizationName,
          yearOfEstablishment: o.year,
          stateOfOperation: o.state,
          organizationBio: o.bio,
          idType: 'CAC',
          profilePhotoKey: o.logo ?? null,
          idDocumentKey: o.document ?? null,
        },
        false,
      );
      await tx.insert(organizationProfiles).values({
        userId: id,
        organizationName: o.organizationName,
        yearOfEstablishment: o.year,
        stateOfOperation: o.state,
        organizationBio: o.bio,
        idType: 'CAC',
        profilePhotoKey: o.logo ?? null,
        idDocumentKey: o.document ?? null,
      });
    }

    // Two accounts that have signed up but not told us who they are yet: the wizards start here.
    await addUser(demoAccounts.newRecipient, 'recipient');
    // And one with a phone and no email, told of everything by SMS.
    await tx.insert(users).values({
      email: null,
      firstName: demoAccounts.phoneOnly.firstName,
      lastName: demoAccounts.phoneOnly.lastName,
      phoneNumber: demoAccounts.phoneOnly.phone,
      roleId: roleId('recipient'),
      notifyBy: 'sms',
      createdAt: ago(120),
    });
    const newOrgId = await addUser(demoAccounts.newOrganization, 'organization');
    await tx
      .insert(organizationProfiles)
      .values({ userId: newOrgId, organizationName: demoAccounts.newOrganization.organizationName });
    const staffId = await addUser(demoAccounts.staff, demoAccounts.staff.role, { isOnboardingComplete: true });
    // Every admin keeps a second factor (docs/decisions/0070): the demo admins share README's secret.
    await tx.insert(secondFactors).values(
      [adminId, staffId].map((userId) => ({
        userId,
        kind: 'totp' as const,
        name: 'Authenticator app',
        secretSealed: `${PLAIN_PREFIX}${DEMO_TOTP_SECRET}`,
        confirmedAt: ago(120),
        createdAt: ago(120),
      })),
    );

    const caseworkerId = await addUser(demoAccounts.caseworker, 'caseworker', { isOnboardingComplete: true });
    // The README's curl call to the voice line signs in as the demo recipient with this PIN.
    await tx.insert(voicePins).values({
      userId: userIds.get(demoAccounts.recipient.email)!,
      pinHash: await hashSecret(DEMO_VOICE_PIN),
    });
    const caseworkerOrganizationId = userIds.get(demoAssisted.organization)!;
    await tx.insert(organizationMembers).values({
      organizationId: caseworkerOrganizationId,
      userId: caseworkerId,
      role: 'caseworker',
      joinedAt: ago(100),
      createdAt: ago(100),
    });
    await tx.insert(assistedApplications).values({
      recipientId: userIds.get(demoAssisted.recipient)!,
      caseworkerId,
      organizationId: caseworkerOrganizationId,
      consentMethod: 'spoken',
      consentGivenOn: ago(demoAssisted.consentDaysAgo).toISOString().slice(0, 10),
      witnessName: demoAssisted.witnessName,
    });

    const productIds = new Map<string, { id: number; price: number }>();
    for (const p of demoProducts) {
      const [row] = await tx
        .insert(products)
        .values({
          name: p.name,
          description: p.description,
          priceKobo: p.price,
          imageKey: p.image,
          specifications: { ...p.specifications },
        })
        .returning({ id: products.id });
      productIds.set(p.key, { id: row!.id, price: p.price });
    }

    const orgProductIds = new Map<string, { id: number; price: number }>();
    for (const p of demoOrganizationProducts) {
      const [row] = await tx
        .insert(organizationProducts)
        .values({
          name: p.name,
          description: p.description,
          priceKobo: p.price,
          maxQuantity: p.maxQuantity,
          imageUrl: p.image,
          isAvailable: 'isAvailable' in p ? p.isAvailable : true,
          specifications: { ...p.specifications },
        })
        .returning({ id: organizationProducts.id });
      orgProductIds.set(p.key, { id: row!.id, price: p.price });
    }

    let referenceCounter = 0;
    const recordGift = async (
      donor: 'demo' | { name: string; email: string },
      amount: number,
      when: Date,
      item: { recipientCampaignId?: number; organizationCampaignId?: number; units: number },
    ) => {
      referenceCounter += 1;
      const reference = `GOI-DEMO-${String(referenceCounter).padStart(4, '0')}`;
      const who =
        donor === 'demo'
          ? {
              id: donorId,
              email: demoAccounts.donor.email,
              name: `${demoAccounts.donor.firstName} ${demoAccounts.donor.lastName}`,
            }
          : { id: null, email: donor.email, name: donor.name };
      const [d] = await tx
        .insert(donations)
        .values({
          reference,
          donorUserId: who.id,
          donorEmail: who.email,
          donorFullName: who.name,
          totalKobo: amount,
          status: 'paid',
          paidAt: when,
          createdAt: when,
        })
        .returning({ id: donations.id });
      await tx
        .insert(donationItems)
        .values({ donationId: d!.id, ...item, amountKobo: amount, status: 'allocated', createdAt: when });
      await tx.insert(payments).values({
        donationId: d!.id,
        provider: 'sandbox',
        reference,
        amountKobo: amount,
        status: 'success',
        verifiedAt: when,
        createdAt: when,
      });
    };

    for (const [index, c] of demoRecipientCampaigns.entries()) {
      const product = productIds.get(c.product)!;
      const funded = isFunded('recipient', c.status);
      const [row] = await tx
        .insert(recipientCampaigns)
        .values({
          recipientId: userIds.get(c.recipient)!,
          productId: product.id,
          priceKobo: product.price,
          reason: c.reason,
          status: c.status,
          isFeatured: c.featured ?? false,
          adminNotes: c.adminNotes ?? (c.status === 'pending' ? null : 'Campaign approved via admin panel.'),
          unitsFulfilled: funded ? 1 : 0,
          amountRaisedKobo: funded ? product.price : 0,
          deliveryStatus:
            c.status === 'delivered' ? 'delivered' : c.status === 'purchased' ? 'processing_pickup' : null,
          appreciationVideoUrl: c.video ?? null,
          createdAt: ago(c.daysAgo, index),
          updatedAt: ago(Math.max(0, c.daysAgo - 1), index),
        })
        .returning({ id: recipientCampaigns.id });
      if (funded && c.donor) {
        await recordGift(c.donor, product.price, ago(Math.max(0, c.daysAgo - 5)), {
          recipientCampaignId: row!.id,
          units: 1,
        });
      }
    }

    for (const [index, c] of demoOrganizationCampaigns.entries()) {
      const product = orgProductIds.get(c.product)!;
      const unitsFulfilled = (c.gifts ?? []).reduce((sum, g) => sum + g.units, 0);
      const [row] = await tx
        .insert(organizationCampaigns)
        .values({
          organizationId: userIds.get(c.organization)!,
          organizationProductId: product.id,
          quantity: c.quantity,
          unitPriceKobo: product.price,
          totalPriceKobo: product.price * c.quantity,
          unitsFulfilled,
          amountRaisedKobo: unitsFulfilled * product.price,
          reason: c.reason,
          status: c.status,
          adminNotes: c.status === 'pending' ? null : 'Organization campaign approved via admin panel.',
          createdAt: ago(c.daysAgo, index),
          updatedAt: ago(Math.max(0, c.daysAgo - 1), index),
        })
        .returning({ id: organizationCampaigns.id });
      for (const g of c.gifts ?? []) {
        await recordGift(g.donor, g.units * product.price, ago(g.daysAgo), {
          organizationCampaignId: row!.id,
          units: g.units,
        });
      }
    }

    for (const [index, s] of demoStories.entries()) {
      await tx.insert(successStories).values({
        title: s.title,
        recipientName: s.recipientName,
        storyText: s.text,
        imageKey: s.image,
        createdAt: ago(30 + index * 10),
      });
    }

    for (const s of demoStats) {
      await tx.insert(siteStats).values({
        title: s.title,
        statValue: s.value,
        iconName: s.icon,
        displayOrder: s.order,
        isVisible: s.visible,
      });
    }

    // Lagos is UTC+1 all year: the hour there is one less in UTC.
    for (const s of demoCollectionSlots) {
      const startsAt = new Date(now);
      startsAt.setUTCDate(startsAt.getUTCDate() + s.inDays);
      startsAt.setUTCHours(s.lagosHour - 1, 0, 0, 0);
      await tx.insert(collectionSlots).values({ startsAt, capacity: s.capacity });
    }

    await refreshRecipientSearchText(tx as unknown as Db);
    await refreshOrganizationSearchText(tx as unknown as Db);
  });
}

/** For tests: the id of a seeded user by email. */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
