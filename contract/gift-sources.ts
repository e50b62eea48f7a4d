/**
 * Where a visit that led to a gift came from: the `?ref=` a share link carries (docs/decisions/0032).
 * Zod-free, so the campaign page's share links and the entry's visit capture can read it.
 */
export const GIFT_SOURCES = ['whatsapp', 'facebook', 'x', 'email', 'qr', 'copy'] as const;
export type GiftSource = (typeof GIFT_SOURCES)[number];

export const isGiftSource = (value: unknown): value is GiftSource =>
  typeof value === 'string' && (GIFT_SOURCES as readonly string[]).includes(value);

/** How the admin dashboard names each source; gifts with none came some other way. */
export const GIFT_SOURCE_WORDS: Record<GiftSource | 'direct', string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  x: 'X',
  email: 'Email',
  qr: 'QR code or poster',
  copy: 'Copied link',
  direct: 'Direct or unknown',
};
