import { ownOnboardingReviewSchema } from '@contract/onboarding-review';
import { apiGet } from './api';

/**
 * The person's latest onboarding version: where its review stands, and its answers for the wizard.
 * One key and one fetcher, so the dashboard and the correction wizard share one cache entry.
 */
export const OWN_REVIEW_KEY = ['onboarding-review'] as const;
export const fetchOwnReview = async () => ownOnboardingReviewSchema.parse(await apiGet<unknown>('/onboarding/review'));
