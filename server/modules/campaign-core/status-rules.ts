import type { OrganizationAction, RecipientAction } from '@contract/admin';
import type { ORGANIZATION_CAMPAIGN_STATUSES, RECIPIENT_CAMPAIGN_STATUSES } from '@contract/campaign-fields';
import type { CampaignKind } from '@contract/ids';

export type RecipientCampaignStatus = (typeof RECIPIENT_CAMPAIGN_STATUSES)[number];
export type OrganizationCampaignStatus = (typeof ORGANIZATION_CAMPAIGN_STATUSES)[number];
export type { CampaignKind };
export type StatusOf<K extends CampaignKind> = K extends 'recipient'
  ? RecipientCampaignStatus
  : OrganizationCampaignStatus;
export type ActionOf<K extends CampaignKind> = K extends 'recipient' ? RecipientAction : OrganizationAction;

/** What one status of one campaign kind allows. */
export type StatusRule<S extends string, A extends string> = {
  /** The status moves an admin makes, by the action that makes each. */
  readonly admin: Readonly<Partial<Record<A, S>>>;
  /** Takes new gifts: checkout may hold its units and the donate button shows (givable). */
  readonly checkout: boolean;
  /**
   * The status moves a recorded gift makes; a status with any lets a paid gift land. Of the
   * targets, the one that lets gifts land is where a gift leaving units unfunded goes, the other
   * where the last unit's gift goes.
   */
  readonly gift: readonly S[];
  /** Shown to visitors: public lists and pages, search, the sitemap. */
  readonly public: boolean;
  /** Counts as the owner's one open request (product notes 4, request eligibility). */
  readonly open: boolean;
  /** Its goal is met: shown as funded, counted as received. */
  readonly funded: boolean;
  /** What else an admin may do in this status, besides the moves in `admin`. */
  readonly actions: readonly A[];
  /**
   * Where a refund that frees a gift's units moves the campaign back to (as `landingOf` places it
   * with the units still funded), the way gifts moved it forward; null where a refund may free none,
   * since the units are bought, closed or handed over.
   */
  readonly release: S | null;
};

type Rules<K extends CampaignKind> = Readonly<Record<StatusOf<K>, StatusRule<StatusOf<K>, ActionOf<K>>>>;

/**
 * The rule book: every status of each campaign kind, one row each (product notes 4). Every status
 * condition in the code, SQL included, is derived from here, and a status with no move out is
 * final. A new status is one row here plus its value in the contract's status list
 * (`contract/campaign-fields.ts`; the type asks for the row), and a generated migration for the
 * column's check, by which the database refuses a status not listed; if the status is public, open
 * or may be featured, the partial indexes and the check that name those statuses change with it.
 * `status-rules.test.ts` compares the database's checks and indexes with this table and looks for
 * status lists written anywhere else.
 */
export const statusRules: { readonly [K in CampaignKind]: Rules<K> } = {
  recipient: {
    pending: {
      admin: { approve: 'approved', reject: 'rejected' },
      checkout: false,
      gift: [],
      public: false,
      open: true,
      funded: false,
      actions: ['editReason'],
      release: null,
    },
    approved: {
      admin: { backToPending: 'pending' },
      checkout: true,
      gift: ['purchased'],
      public: true,
      open: true,
      funded: false,
      actions: ['feature', 'unfeature', 'editReason'],
      release: null,
    },
    // Funded: the device is then bought for the recipient, so a refund gives money back without freeing it.
    purchased: {
      admin: { markReadyForPickup: 'ready_for_pickup', markDelivered: 'delivered' },
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: [],
      release: null,
    },
    ready_for_pickup: {
      admin: { markDelivered: 'delivered' },
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: [],
      release: null,
    },
    delivered: {
      admin: {},
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: ['addVideo'],
      release: null,
    },
    rejected: {
      admin: {},
      checkout: false,
      gift: [],
      public: false,
      open: false,
      funded: false,
      actions: [],
      release: null,
    },
  },
  organization: {
    pending: {
      admin: { approve: 'approved', reject: 'rejected' },
      checkout: false,
      gift: [],
      public: false,
      open: true,
      funded: false,
      actions: [],
      release: null,
    },
    // Only while nothing is raised: approved means no unit is funded yet (decision 0026).
    approved: {
      admin: { pause: 'paused', close: 'closed', backToPending: 'pending' },
      checkout: true,
      gift: ['partially_fulfilled', 'fulfilled'],
      public: true,
      open: true,
      funded: false,
      actions: ['viewDonations'],
      release: null,
    },
    partially_fulfilled: {
      admin: { pause: 'paused', close: 'closed' },
      checkout: true,
      gift: ['partially_fulfilled', 'fulfilled'],
      public: true,
      open: true,
      funded: false,
      actions: ['recordDelivery', 'viewDonations'],
      release: 'approved',
    },
    // Takes no new gift, but a gift already held at checkout still lands (decision 0026).
    paused: {
      admin: { resume: 'approved', close: 'closed' },
      checkout: false,
      gift: ['paused', 'fulfilled'],
      public: true,
      open: true,
      funded: false,
      actions: ['recordDelivery', 'viewDonations'],
      release: 'paused',
    },
    fulfilled: {
      admin: { markReadyForPickup: 'ready_for_pickup', markDelivered: 'delivered' },
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: ['recordDelivery', 'viewDonations'],
      release: 'approved',
    },
    // Closed early: what was raised stays, and the units it funded are still handed over.
    closed: {
      admin: { markReadyForPickup: 'ready_for_pickup', markDelivered: 'delivered' },
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: false,
      actions: ['recordDelivery', 'viewDonations'],
      release: null,
    },
    ready_for_pickup: {
      admin: { markDelivered: 'delivered' },
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: ['recordDelivery', 'viewDonations'],
      release: null,
    },
    delivered: {
      admin: {},
      checkout: false,
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: ['recordDelivery', 'viewDonations'],
      release: null,
    },
    rejected: {
      admin: {},
      checkout: false,
      gift: [],
      public: false,
      open: false,
      funded: false,
      actions: [],
      release: null,
    },
  },
};

/** A row with what follows from it. */
export type StatusFacts<K extends CampaignKind> = StatusRule<StatusOf<K>, ActionOf<K>> & {
  status: StatusOf<K>;
  /** Takes new gifts (checkout). */
  givable: boolean;
  /** A paid gift may land: a gift may move it on. */
  landing: boolean;
  /** No move out, by anyone. */
  final: boolean;
  /** Every status it may move to, admin moves first. */
  moves: StatusOf<K>[];
  /** Everything an admin may do in it, the moves first (the order a screen offers them). */
  adminActions: ActionOf<K>[];
};

export function statusesOf<K extends CampaignKind>(kind: K): StatusOf<K>[] {
  return Object.keys(statusRules[kind]) as StatusOf<K>[];
}

export function factsOf<K extends CampaignKind>(kind: K, status: StatusOf<K>): StatusFacts<K> {
  const rule = (statusRules[kind] as Record<string, StatusRule<StatusOf<K>, ActionOf<K>>>)[status]!;
  const adminMoves = Object.values(rule.admin) as StatusOf<K>[];
  return {
    ...rule,
    status,
    givable: rule.checkout,
    landing: rule.gift.length > 0,
    final: adminMoves.length === 0 && rule.gift.length === 0,
    moves: [...adminMoves, ...rule.gift],
    adminActions: [...(Object.keys(rule.admin) as ActionOf<K>[]), ...rule.actions],
  };
}

/** The statuses of a kind for which `test` holds, in the table's order: what a status condition in SQL names. */
export function statusesWhere<K extends CampaignKind>(
  kind: K,
  test: (facts: StatusFacts<K>) => boolean,
): StatusOf<K>[] {
  return statusesOf(kind).filter((status) => test(factsOf(kind, status)));
}

const byKind = (test: (facts: StatusFacts<CampaignKind>) => boolean) => ({
  recipient: statusesWhere('recipient', test),
  organization: statusesWhere('organization', test),
});

/** Statuses that take gifts. */
export const GIVABLE_STATUSES = byKind((s) => s.givable);
/** Statuses a paid gift may land in: those that take new gifts, and a paused one honouring a hold. */
export const LANDING_STATUSES = byKind((s) => s.landing);
/** Statuses a visitor may see. */
export const PUBLIC_STATUSES = byKind((s) => s.public);
/** Statuses that count as the owner's one open request. */
export const OPEN_STATUSES = byKind((s) => s.open);
/** Statuses whose goal is met. */
export const FUNDED_STATUSES = byKind((s) => s.funded);
/** Statuses waiting for an admin's review: those an admin may approve from. */
export const REVIEW_STATUSES = byKind((s) => s.adminActions.includes('approve'));
/** Recipient statuses in which a campaign may be featured on the home page. */
export const FEATURABLE_STATUSES = statusesWhere('recipient', (s) => s.adminActions.includes('feature'));

export const isGivable = (kind: CampaignKind, status: string): boolean =>
  (GIVABLE_STATUSES[kind] as readonly string[]).includes(status);
export const acceptsGift = (kind: CampaignKind, status: string): boolean =>
  (LANDING_STATUSES[kind] as readonly string[]).includes(status);
export const isFunded = (kind: CampaignKind, status: string): boolean =>
  (FUNDED_STATUSES[kind] as readonly string[]).includes(status);

/** The statuses an admin action may be taken in. */
export function statusesAllowing<K extends CampaignKind>(kind: K, action: ActionOf<K>): StatusOf<K>[] {
  return statusesWhere(kind, (s) => s.adminActions.includes(action));
}

/**
 * The status move an admin action makes: the statuses it starts from and the one it ends in, or
 * undefined for an action that moves nothing. One action always ends in one status.
 */
export function adminMove<K extends CampaignKind>(
  kind: K,
  action: ActionOf<K>,
): { from: StatusOf<K>[]; to: StatusOf<K> } | undefined {
  const from = statusesWhere(kind, (s) => action in s.admin);
  const targets = new Set(from.map((s) => (statusRules[kind] as Rules<K>)[s].admin[action]!));
  if (targets.size === 0) return undefined;
  if (targets.size > 1) throw new Error(`The ${kind} action ${action} must end in one status.`);
  return { from, to: [...targets][0]! };
}

/** The admin action that moves a campaign of this kind from `from` to `to`, if the rule book has one. */
export function adminActionTo<K extends CampaignKind>(
  kind: K,
  from: StatusOf<K>,
  to: StatusOf<K>,
): ActionOf<K> | undefined {
  const moves = (statusRules[kind] as Rules<K>)[from]?.admin ?? {};
  return (Object.entries(moves) as [ActionOf<K>, StatusOf<K>][]).find(([, target]) => target === to)?.[0];
}

/** The statuses from which some admin action moves a campaign of this kind to `to`. */
export function statusesMovingTo<K extends CampaignKind>(kind: K, to: StatusOf<K>): StatusOf<K>[] {
  return statusesWhere(kind, (s) => Object.values(s.admin).includes(to));
}

/**
 * The move a recorded gift makes: from the statuses a gift may land in, to `whenFunded` when it
 * funds the last unit, otherwise to the target that still lets gifts land, which each from-status
 * names itself (`whenPartly`, by from-status; absent for a kind whose gift always funds it).
 */
export function giftMove<K extends CampaignKind>(
  kind: K,
): { from: StatusOf<K>[]; whenFunded: StatusOf<K>; whenPartly: Partial<Record<StatusOf<K>, StatusOf<K>>> } {
  const from = statusesWhere(kind, (s) => s.landing);
  const funded = new Set<StatusOf<K>>();
  const whenPartly: Partial<Record<StatusOf<K>, StatusOf<K>>> = {};
  for (const status of from) {
    const targets = (statusRules[kind] as Rules<K>)[status].gift;
    const open = targets.filter((s) => factsOf(kind, s).landing);
    const closed = targets.filter((s) => !factsOf(kind, s).landing);
    if (closed.length !== 1 || open.length > 1)
      throw new Error(
        `A ${kind} gift from ${status} must end in one status that lets no gift land and at most one that does.`,
      );
    funded.add(closed[0]!);
    if (open[0]) whenPartly[status] = open[0];
  }
  if (funded.size !== 1) throw new Error(`A ${kind} gift that funds the last unit must end in one status.`);
  return { from, whenFunded: [...funded][0]!, whenPartly };
}

/**
 * Where an admin move to `to` lands for a campaign with `unitsFulfilled` units funded: a move back
 * into a status that takes gifts, made once some units are funded, lands where a partial gift from
 * that status goes (resuming a paused campaign half funded makes it partially fulfilled).
 */
export function landingOf<K extends CampaignKind>(kind: K, to: StatusOf<K>, unitsFulfilled: number): StatusOf<K> {
  if (unitsFulfilled <= 0 || !factsOf(kind, to).landing) return to;
  return giftMove(kind).whenPartly[to] ?? to;
}

/**
 * Where a refund that frees units moves a campaign now in `status`, with `unitsLeft` units still
 * funded after it; undefined when the rule book lets no refund free units there.
 */
export function releaseMove<K extends CampaignKind>(
  kind: K,
  status: StatusOf<K>,
  unitsLeft: number,
): StatusOf<K> | undefined {
  const to = factsOf(kind, status).release;
  return to === null ? undefined : landingOf(kind, to, unitsLeft);
}

/** The statuses in which a refund may free a gift's units. */
export const RELEASABLE_STATUSES = byKind((s) => s.release !== null);
