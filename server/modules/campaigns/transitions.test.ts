import { describe, expect, it } from 'vitest';
import { ORGANIZATION_CAMPAIGN_STATUSES, RECIPIENT_CAMPAIGN_STATUSES } from '@contract/campaign-fields';
import { AppError } from '../../http/errors';
import { assertTransition, campaignTransitions, canTransition } from './transitions';

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('campaign status transitions', () => {
  it('names every status the database allows, and only those', () => {
    expect(Object.keys(campaignTransitions.recipient).sort()).toEqual([...RECIPIENT_CAMPAIGN_STATUSES].sort());
    expect(Object.keys(campaignTransitions.organization).sort()).toEqual([...ORGANIZATION_CAMPAIGN_STATUSES].sort());
  });

  it.each([
    ['recipient', 'pending', 'approved'],
    ['recipient', 'pending', 'rejected'],
    ['recipient', 'approved', 'pending'],
    ['recipient', 'approved', 'purchased'],
    ['recipient', 'purchased', 'delivered'],
    ['organization', 'pending', 'approved'],
    ['organization', 'pending', 'rejected'],
    ['organization', 'approved', 'partially_fulfilled'],
    ['organization', 'approved', 'fulfilled'],
    ['organization', 'partially_fulfilled', 'partially_fulfilled'],
    ['organization', 'partially_fulfilled', 'fulfilled'],
  ] as const)('lets a %s campaign go from %s to %s', (kind, from, to) => {
    expect(canTransition(kind, from, to)).toBe(true);
    expect(() => assertTransition(kind, from, to)).not.toThrow();
  });

  it.each([
    ['recipient', 'pending', 'purchased', 'This campaign is waiting for review, so it cannot be marked purchased.'],
    ['recipient', 'rejected', 'approved', 'This campaign is rejected, so it cannot be marked approved.'],
    ['recipient', 'delivered', 'pending', 'This campaign is delivered, so it cannot be marked waiting for review.'],
    ['recipient', 'approved', 'approved', 'This campaign is already approved.'],
    [
      'organization',
      'fulfilled',
      'partially_fulfilled',
      'This campaign is fully funded, so it cannot be marked partly funded.',
    ],
    [
      'organization',
      'pending',
      'fulfilled',
      'This campaign is waiting for review, so it cannot be marked fully funded.',
    ],
    ['organization', 'rejected', 'rejected', 'This campaign is already rejected.'],
  ] as const)('refuses a %s campaign going from %s to %s with a 409 in words', (kind, from, to, message) => {
    const error = refusal(() => assertTransition(kind, from, to));
    expect(error.status).toBe(409);
    expect(error.message).toBe(message);
    expect(error.replyCode).toBe('invalid_campaign_transition');
  });

  it('ends at rejected and delivered', () => {
    expect(campaignTransitions.recipient.rejected).toEqual([]);
    expect(campaignTransitions.recipient.delivered).toEqual([]);
    expect(campaignTransitions.organization.delivered).toEqual([]);
    expect(campaignTransitions.organization.rejected).toEqual([]);
  });
});
