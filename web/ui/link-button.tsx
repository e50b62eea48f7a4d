import { useLinkKit, type KitLinkProps } from '@/lib/link-kit';
import { buttonClass, type Variant } from './button';

/** A link that looks like a button, through the link kit, so an island of a light page can hold one (decision 0058). */
export function LinkButton({ variant = 'primary', className = '', ...props }: KitLinkProps & { variant?: Variant }) {
  const { Link } = useLinkKit();
  return <Link {...props} className={buttonClass(variant, className)} />;
}
