// No zod here: pages that only show these limits need not load the schema library to do so.

export const HOLD_MINUTES = 15;

/**
 * The longest PAY_LATER_HOLD_MINUTES may be: how long a checkout whose transfer or USSD payment is
 * under way may keep units from other donors (docs/decisions/0031).
 */
export const PAY_LATER_HOLD_MAX_MINUTES = 120;

/**
 * Bounds on what one checkout and one donor may hold at once, so a single unpaid checkout can never
 * take every open unit away from other donors (docs/decisions/0006).
 */
export const CHECKOUT_LIMITS = {
  /** Units of one organization campaign in one checkout (a recipient campaign is always exactly 1). */
  unitsPerCampaign: 20,
  /** Different campaigns in one checkout. */
  campaignsPerCheckout: 10,
  /** Unpaid checkouts whose hold has not lapsed, per donor email. */
  openPerEmail: 3,
  /** Unpaid checkouts whose hold has not lapsed, per client address. */
  openPerAddress: 5,
  /**
   * Holds lengthened while a bank confirms, per donor email; per address they are bounded only by
   * openPerAddress, since many donors share a carrier address. Past this a payment is still awaited
   * but its hold is not lengthened (docs/decisions/0031).
   */
  awaitingPerDonor: 2,
} as const;

export const TOO_MANY_CAMPAIGNS = `A single payment can include at most ${CHECKOUT_LIMITS.campaignsPerCheckout} campaigns. Please remove some from your gift bag and give to them in a second payment.`;
export const tooManyUnits = (label: string) =>
  `${label} can take at most ${CHECKOUT_LIMITS.unitsPerCampaign} units in one payment`;
