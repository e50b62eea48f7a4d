import { use, type ComponentProps } from 'react';
import type { QuantityStepper } from './quantity-stepper';

type Stepper = typeof QuantityStepper;

let loaded: Stepper | undefined;
let pending: Promise<Stepper> | undefined;

/**
 * Starts (or joins) the download of the quantity stepper: only an organization campaign's page
 * shows one, so a recipient campaign's page never downloads it (decision 0050). The server awaits it before it draws such a page; the browser starts it with the
 * page's data.
 */
export const preloadQuantityStepper = (): Promise<Stepper> =>
  (pending ??= import('./quantity-stepper').then((m) => (loaded = m.QuantityStepper)));

/**
 * The quantity stepper, rendered once its code is in. Put it inside its own `<Suspense>`: while the
 * code arrives during hydration React keeps the server's markup of it in place, and the rest of the
 * page comes to life meanwhile.
 */
export function QuantityStepperOnDemand(props: ComponentProps<Stepper>) {
  const Component = loaded ?? use(preloadQuantityStepper());
  return <Component {...props} />;
}
