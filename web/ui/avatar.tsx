const palette = [
  'bg-orange-200 text-orange-950',
  'bg-sky-200 text-sky-950',
  'bg-emerald-200 text-emerald-950',
  'bg-violet-200 text-violet-950',
];

/**
 * The sizes avatars come in, as classes: no inline style, which the CSP refuses in markup the server
 * draws (decision 0022). Initials are set at about 2/5 of the size.
 */
const sizes = { 36: 'size-9 text-sm', 64: 'size-16 text-2xl', 120: 'size-30 text-5xl' } as const;

/** The person's photo, or their initials on a colour chosen from their name when there is none. */
export function Avatar({ name, src, size = 64 }: { name: string; src: string | null; size?: keyof typeof sizes }) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className={`shrink-0 rounded-full object-cover ${sizes[size]}`}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  const colour = palette[[...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % palette.length];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ${sizes[size]} ${colour}`}
    >
      {initials || '?'}
    </span>
  );
}
