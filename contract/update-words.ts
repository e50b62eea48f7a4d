// Zod-free, so the campaign page and the database schema can read them without the schemas.
import { lagosDay } from './plain-format';

/** Campaign updates: news about a campaign for its donors and visitors (docs/decisions/0038). */
export const UPDATE_BODY_MIN = 20;
export const UPDATE_BODY_MAX = 2000;
/** A recipient writes a short note, text only, read by our team before it is shown. */
export const RECIPIENT_UPDATE_MAX = 500;
export const UPDATE_PHOTOS_MAX = 4;
export const UPDATE_ALT_MAX = 200;
export const UPDATE_AUTHOR_ROLES = ['admin', 'organization', 'recipient'] as const;
export type UpdateAuthorRole = (typeof UPDATE_AUTHOR_ROLES)[number];
/** How an update an admin wrote is signed. */
export const UPDATE_TEAM_NAME = 'Gift of Independence team';
export const UPDATES_PAGE_DEFAULT = 10;
export const UPDATES_PAGE_MAX = 50;

/** The date an update is titled with on the page: "Update of 12 November 2026". */
export function updateTitle(createdAt: string): string {
  return `Update of ${lagosDay(createdAt)}`;
}
