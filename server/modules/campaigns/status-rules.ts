import type { OrganizationAction, RecipientAction } from '@contract/admin';
import type { CampaignKind } from '@contract/ids';
import type { organizationCampaignStatuses, recipientCampaignStatuses } from '../../db/schema/campaigns';

export type RecipientCampaignStatus = (typeof recipientCampaignStatuses)[number];
export type OrganizationCampaignStatus = (typeof organizationCampaignStatuses)[number];
export type { CampaignKind };
export type StatusOf<K extends CampaignKind> = K extends 'recipient'
  ? RecipientCampaignStatus
  : OrganizationCampaignStatus;
export type ActionOf<K extends CampaignKind> = K extends 'recipient' ? RecipientAction : OrganizationAction;

/** What one status of one campaign kind allows. */
export type StatusRule<S extends string, A extends string> = {
  /** The status moves an admin makes, by the action that makes each. */
  readonly admin: Readonly<Partial<Record<A, S>>>;
  /**
   * The status moves a recorded gift makes. A status with any takes gifts (givable); the target
   * that still takes gifts is where a gift leaving units unfunded goes, the other where the last
   * unit's gift goes.
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
};

type Rules<K extends CampaignKind> = Readonly<Record<StatusOf<K>, StatusRule<StatusOf<K>, ActionOf<K>>>>;

/**
 * The rule book: every status of each campaign kind, one row each (product notes 4). Every status
 * condition in the code, SQL included, is derived from here, and a status with no move out is
 * final. A new status is one row here plus its value in the schema's status list (the type asks for
 * the row); if it is public, open or may be featured, the partial indexes and the check that name
 * those statuses change with it in a migration. `status-rules.test.ts` compares the database's
 * indexes and checks with this table and looks for status lists written anywhere else.
 */
export const statusRules: { readonly [K in CampaignKind]: Rules<K> } = {
  recipient: {
    pending: {
      admin: { approve: 'approved', reject: 'rejected' },
      gift: [],
      public: false,
      open: true,
      funded: false,
      actions: ['editReason'],
    },
    approved: {
      admin: { backToPending: 'pending' },
      gift: ['purchased'],
      public: true,
      open: true,
      funded: false,
      actions: ['feature', 'unfeature', 'editReason'],
    },
    purchased: {
      admin: { markDelivered: 'delivered' },
      gift: [],
      public: true,
      open: false,
      funded: true,
      actions: [],
    },
    delivered: { admin: {}, gift: [], public: true, open: false, funded: true, actions: ['addVideo'] },
    rejected: { admin: {}, gift: [], public: false, open: false, funded: false, actions: [] },
  },
  organization: {
    pending: {
      admin: { approve: 'approved', reject: 'rejected' },
      gift: [],
      public: false,
      open: true,
      funded: false,
      actions: [],
    },
    approved: {
      admin: {},
      gift: ['partially_fulfilled', 'fulfilled'],
      public: true,
      open: true,
      funded: false,
      actions: ['viewDonations'],
    },
    partially_fulfilled: {
      admin: {},
      gift: ['partially_fulfilled', 'fulfilled'],
      public: true,
      open: true,
      funded: false,
      actions: ['viewDonations'],
    },
    fulfilled: { admin: {}, gift: [], public: true, open: false, funded: true, actions: ['viewDonations'] },
    rejected: { admin: {}, gift: [], public: false, open: false, funded: false, actions: [] },
  },
};

/** A row with what follows from it. */
export type StatusFacts<K extends CampaignKind> = StatusRule<StatusOf<K>, ActionOf<K>> & {
  status: StatusOf<K>;
  /** Takes gifts: a gift may move it on. */
  givable: boolean;
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
    givable: rule.gift.length > 0,
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

/** The admin action that moves a campaign of this kind to `to`, if any. */
export function adminActionTo<K extends CampaignKind>(kind: K, to: StatusOf<K>): ActionOf<K> | undefined {
  const actions = new Set(
    statusesOf(kind).flatMap(
      (s) =>
        Object.entries((statusRules[kind] as Rules<K>)[s].admin)
          .filter(([, target]) => target === to)
          .map(([action]) => action) as ActionOf<K>[],
    ),
  );
  if (actions.size > 1) throw new Error(`More than one ${kind} action moves to ${to}.`);
  return [...actions][0];
}

/**
 * The move a recorded gift makes: from the givable statuses to `whenFunded` when the gift funds
 * the last unit, otherwise to `whenPartly` (the gift target that still takes gifts, if the kind has one).
 */
export function giftMove<K extends CampaignKind>(
  kind: K,
): { from: StatusOf<K>[]; whenFunded: StatusOf<K>; whenPartly: StatusOf<K> | undefined } {
  const from = statusesWhere(kind, (s) => s.givable);
  const targets = [...new Set(from.flatMap((s) => (statusRules[kind] as Rules<K>)[s].gift))];
  const open = targets.filter((s) => factsOf(kind, s).givable);
  const closed = targets.filter((s) => !factsOf(kind, s).givable);
  if (closed.length !== 1 || open.length > 1)
    throw new Error(`A ${kind} gift must end in one status that takes no more gifts and at most one that does.`);
  return { from, whenFunded: closed[0]!, whenPartly: open[0] };
}
