import { AlertCircle, CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import { Label, RadioGroup } from 'react-aria-components';
import { formatNaira } from '@contract/money';
import { CHANNEL_NAMES, PAYMENT_CHANNELS, isPayLater, type PaymentChannel } from '@contract/payment-channels';
import { apiRequest } from '@/lib/api';
import { Button } from '@/ui/button';
import { ChoiceCard } from '@/ui/choice-card';
import { ModalDialog } from '@/ui/dialog';
import { Spinner } from './spinner';
import { TEST_MODE_NOTICE, messageFor } from './messages';

const known = (channel: string): channel is PaymentChannel => (PAYMENT_CHANNELS as readonly string[]).includes(channel);

/**
 * Stands in for the payment provider's window when the server runs the sandbox provider, offering
 * the same ways of paying. Card and bank pay at once; USSD and bank transfer confirm later, as a
 * real bank does: the payment stays under way until the sandbox's sweep or its signed webhook says
 * the bank confirmed. Closing it (Cancel, Escape or a click outside) is what closing the real window
 * is: the page asks once whether a payment is on its way.
 */
export function TestPaymentDialog({
  reference,
  amountKobo,
  shownKobo,
  channels,
  onCharged,
  onCancel,
}: {
  reference: string;
  amountKobo: number;
  /** The total the page showed before the server priced the gift. */
  shownKobo: number;
  /** The ways of paying the checkout offers. */
  channels: string[];
  onCharged: () => void;
  onCancel: () => void;
}) {
  const descriptionId = useId();
  const offered = channels.filter(known);
  const [channel, setChannel] = useState<PaymentChannel>(offered.includes('card') ? 'card' : (offered[0] ?? 'card'));
  const [charging, setCharging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatNaira(amountKobo);

  async function pay() {
    if (charging) return;
    setCharging(true);
    setError(null);
    try {
      await apiRequest('/payments/sandbox/charge', { method: 'POST', body: JSON.stringify({ reference, channel }) });
    } catch (e) {
      setCharging(false);
      setError(messageFor(e));
      return;
    }
    onCharged();
  }

  const cancel = () => {
    if (!charging) onCancel();
  };

  return (
    <ModalDialog
      title="Test payment"
      icon={<CreditCard aria-hidden="true" className="size-6 shrink-0" />}
      size="sm"
      isOpen
      dismissable={!charging}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      describedBy={descriptionId}
    >
      <p id={descriptionId} className="mt-3 text-gray-800 dark:text-gray-200">
        <strong>{TEST_MODE_NOTICE}</strong> This test payment stands in for the payment window.
      </p>
      {offered.length > 1 ? (
        <RadioGroup
          value={channel}
          onChange={(value) => {
            if (known(value)) setChannel(value);
          }}
          isReadOnly={charging}
          className="mt-4"
        >
          <Label className="text-lg font-bold">How to pay</Label>
          <div className="mt-2 space-y-2">
            {offered.map((c) => (
              <ChoiceCard
                key={c}
                value={c}
                compact
                label={CHANNEL_NAMES[c]}
                description={
                  isPayLater(c) ? 'Confirms later: your bank confirms it after a few minutes.' : 'Paid at once.'
                }
              />
            ))}
          </div>
        </RadioGroup>
      ) : null}
      <dl className="mt-4 space-y-3 rounded-lg border border-gray-300 p-4 dark:border-gray-600">
        <div>
          <dt className="text-sm text-gray-700 dark:text-gray-300">Amount</dt>
          <dd className="text-2xl font-bold">{amount}</dd>
        </div>
        <div>
          <dt className="text-sm text-gray-700 dark:text-gray-300">Payment reference</dt>
          <dd className="font-mono text-base break-all">{reference}</dd>
        </div>
      </dl>
      {shownKobo !== amountKobo ? (
        <p className="mt-3 text-gray-800 dark:text-gray-200">
          This is the current price, which differs from the {formatNaira(shownKobo)} shown before.
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg border-2 border-red-700 bg-red-50 px-3 py-2 font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
      <div role="status">
        {charging ? (
          <span className="mt-4 flex items-center gap-2 text-gray-800 dark:text-gray-200">
            <Spinner /> Paying...
          </span>
        ) : null}
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          // Focus starts on the action, with the dialog's title and description read with it.
          autoFocus
          onClick={pay}
          aria-disabled={charging || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          Pay {amount}
        </Button>
        <Button
          variant="secondary"
          onClick={cancel}
          aria-disabled={charging || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
