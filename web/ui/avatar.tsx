const palette = ['bg-orange-200 text-orange-950', 'bg-sky-200 text-sky-950', 'bg-emerald-200 text-emerald-950', 'bg-violet-200 text-violet-950'];

/** The person's photo, or their initials on a colour chosen from their name when there is none. */
export function Avatar({ name, src, size = 64 }: { name: string; src: string | null; size?: number }) {
  if (src) {
    return <img src={src} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
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
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ${colour}`}
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials || '?'}
    </span>
  );
}
