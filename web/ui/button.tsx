import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-semibold transition-colors cursor-pointer';

const variants: Record<Variant, string> = {
  // Near-black text on the brand orange: 6.3:1.
  primary: 'bg-brand text-gray-950 hover:bg-orange-500 active:bg-orange-700',
  secondary:
    'border-2 border-gray-800 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-200 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
  ghost: 'text-gray-900 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`;
}

/**
 * A native button: it is already focusable, keyboard-operable and announced correctly, and it keeps
 * the home page's JavaScript small. Richer widgets (dialogs, menus, sliders) use React Aria.
 *
 * `disabled` never reaches the element: a disabled button loses focus to the page, which leaves a
 * screen reader user nowhere (a submit button pressed with Enter is disabled while its form is sent).
 * It is said with `aria-disabled` instead, the button stays where it is in the tab order, and a
 * press does nothing, not even submit its form.
 */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  disabled,
  onClick,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; children: ReactNode }) {
  const inert = Boolean(disabled) || props['aria-disabled'] === true || props['aria-disabled'] === 'true';
  return (
    <button
      {...props}
      type={type}
      aria-disabled={inert || undefined}
      onClick={(event) => {
        if (inert) event.preventDefault();
        else onClick?.(event);
      }}
      className={buttonClass(variant, disabled ? `cursor-not-allowed opacity-60 ${className}` : className)}
    >
      {children}
    </button>
  );
}
