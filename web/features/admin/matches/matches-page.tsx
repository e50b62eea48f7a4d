import { Download } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { parseCampaignId, toCampaignId } from '@contract/ids';
import type { MatchPool, MatchState } from '@contract/match-admin';
import { matchVerb } from '@contract/match-words';
import {
  createMatchSchema,
  type CreateMatchInput,
  SPONSOR_LOGO_ALT_MAX,
  SPONSOR_LOGO_ALT_REQUIRED,
  SPONSOR_NAME_MAX,
} from '@contract/matching';
import { formatNaira, nairaToKobo } from '@contract/money';
import { lagosDay } from '@contract/plain-format';
import { ApiError, errorMessage } from '@/lib/api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { Facts } from '@/ui/facts';
import { ErrorMessage } from '@/ui/feedback';
import { FileField, RadioGroup, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { blockLink } from '@/ui/text-link';
import { useActionFeedback } from '../shared/use-action-feedback';
import { downloadReport, reportAddress, useMatchCalls, useMatches } from './matches-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form as an admin fills it: naira as typed, whole Lagos days, campaigns as their page addresses name them. */
const formSchema = z
  .object({
    sponsorName: z
      .string()
      .trim()
      .min(1, "Enter the sponsor's name.")
      .max(SPONSOR_NAME_MAX, `A sponsor's name is at most ${SPONSOR_NAME_MAX} characters.`),
    pool: z.string().refine((v) => nairaToKobo(v) !== null, 'Enter the pool in naira, such as 500000.'),
    ratio: z.enum(['1', '2', '3'], { error: 'Choose how much the sponsor adds.' }),
    opens: z.string().regex(DAY, 'Enter the day the match opens.'),
    closes: z.string().regex(DAY, 'Enter the last day of the match.'),
    cover: z.enum(['all', 'some'], { error: 'Choose which campaigns the match covers.' }),
    campaigns: z.string(),
    logo: fileRule('sponsorLogo', 'a logo', false),
    logoAlt: z
      .string()
      .trim()
      .max(SPONSOR_LOGO_ALT_MAX, `Keep the logo's description to ${SPONSOR_LOGO_ALT_MAX} characters or fewer.`),
  })
  .superRefine((v, ctx) => {
    if (v.logo instanceof File && !v.logoAlt)
      ctx.addIssue({ code: 'custom', path: ['logoAlt'], message: SPONSOR_LOGO_ALT_REQUIRED });
    if (DAY.test(v.opens) && DAY.test(v.closes) && v.closes < v.opens)
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'The last day must be on or after the first.' });
    if (v.cover === 'some') {
      const ids = campaignList(v.campaigns);
      if (ids.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['campaigns'],
          message: 'Enter at least one campaign, such as 12 or org-3.',
        });
      const bad = ids.find((id) => !parseCampaignId(id));
      if (bad)
        ctx.addIssue({
          code: 'custom',
          path: ['campaigns'],
          message: `"${bad}" is not a campaign id: write 12 for a person's campaign, org-3 for an organization's.`,
        });
    }
  });
type MatchForm = z.input<typeof formSchema>;

const campaignList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);

/** A day's window in Lagos (UTC+1 all year): from its first second to its last. */
const opensAt = (day: string) => `${day}T00:00:00+01:00`;
const closesAt = (day: string) => `${day}T23:59:59+01:00`;

/** Which form field each of the server's field names belongs to. */
const FIELD_OF: Record<string, keyof MatchForm> = {
  sponsorName: 'sponsorName',
  poolKobo: 'pool',
  ratio: 'ratio',
  startsAt: 'opens',
  endsAt: 'closes',
  campaignIds: 'campaigns',
  'logo.key': 'logo',
  'logo.alt': 'logoAlt',
  logo: 'logo',
};

function formFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  for (const [name, messages] of Object.entries(fields ?? {})) {
    const field = FIELD_OF[name] ?? FIELD_OF[name.split('.')[0]!];
    if (field && messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

const RATIOS = [
  { value: '1', label: '1 naira for each naira', description: 'Every naira given is doubled.' },
  { value: '2', label: '2 naira for each naira', description: 'Every naira given is tripled.' },
  { value: '3', label: '3 naira for each naira', description: 'Every naira given is quadrupled.' },
];

const COVER = [
  { value: 'all', label: 'Every campaign', description: 'Gifts to any campaign are matched while the pool lasts.' },
  { value: 'some', label: 'Only the campaigns I name', description: 'List their ids below.' },
];

const STATE: Record<MatchState, { word: string; tone: Tone }> = {
  open: { word: 'Open', tone: 'success' },
  upcoming: { word: 'Not open yet', tone: 'info' },
  closed: { word: 'Closed', tone: 'neutral' },
};

function OpenMatchForm({
  onOpened,
  onRefused,
}: {
  onOpened: (sentence: string) => void;
  /** A refusal that names no field (the connection, say), said in the page's banner. */
  onRefused: (sentence: string) => void;
}) {
  const calls = useMatchCalls();
  const empty: MatchForm = {
    sponsorName: '',
    pool: '',
    ratio: '1',
    opens: '',
    closes: '',
    cover: 'all',
    campaigns: '',
    logo: undefined,
    logoAlt: '',
  };
  const form = useZodForm(formSchema, { defaultValues: empty });
  const busy = form.formState.isSubmitting;
  const cover = form.watch('cover');
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        const body: CreateMatchInput = {
          sponsorName: values.sponsorName,
          poolKobo: nairaToKobo(values.pool) ?? 0,
          ratio: Number(values.ratio),
          startsAt: opensAt(values.opens),
          endsAt: closesAt(values.closes),
          campaignIds:
            values.cover === 'all'
              ? null
              : campaignList(values.campaigns).map((id) => toCampaignId(parseCampaignId(id)!)),
        };
        // The contract's own rules (the pool's bounds among them) before anything is sent.
        const checked = createMatchSchema.safeParse(body);
        if (!checked.success) {
          const errors: Record<string, string> = {};
          for (const issue of checked.error.issues) {
            const field = FIELD_OF[issue.path.join('.')] ?? FIELD_OF[String(issue.path[0])];
            if (field && !errors[field]) errors[field] = issue.message;
          }
          helpers.showErrors(errors);
          return;
        }
        try {
          // The logo is uploaded only once the rest is good, then named in the call with its description.
          if (values.logo instanceof File) {
            const key = await (await import('@/lib/uploads')).uploadFile(values.logo, 'sponsorLogo', () => undefined);
            body.logo = { key, alt: values.logoAlt };
          }
          await calls.open(body);
          form.reset(empty);
          onOpened(`${values.sponsorName}'s match is saved.`);
        } catch (error) {
          const errors = formFieldErrors(error);
          if (Object.keys(errors).length) helpers.showErrors(errors);
          else onRefused(errorMessage(error, { noMessage: 'The match could not be saved.' }));
        }
      }}
    >
      <TextField name="sponsorName" label="Sponsor" hint="As donors will read it: “Every naira doubled by …”." />
      <TextField
        name="pool"
        label="Pool"
        hint="The most the sponsor gives, in naira."
        prefix="₦"
        prefixLabel="Naira"
        inputMode="decimal"
      />
      <RadioGroup name="ratio" legend="What the sponsor adds" options={RATIOS} />
      <DateField name="opens" label="Opens" hint="Matching starts at the beginning of this day, Lagos time." required />
      <DateField name="closes" label="Closes" hint="Matching ends at the end of this day, Lagos time." required />
      <RadioGroup name="cover" legend="Campaigns" options={COVER} />
      {cover === 'some' ? (
        <TextField
          name="campaigns"
          label="Campaign ids"
          hint="As in each campaign's address, separated by commas: 12 for a person's campaign, org-3 for an organization's."
          spellCheck={false}
          autoCapitalize="none"
        />
      ) : null}
      <FileField
        name="logo"
        label="Sponsor's logo (optional)"
        hint={`${limitText('sponsorLogo')} Shown small beside “Every naira doubled by …” on campaign pages and at the top of the sponsor's report.`}
        accept={acceptFor('sponsorLogo')}
      />
      <TextField
        name="logoAlt"
        label="Describe the logo"
        isRequired={false}
        hint={`Needed with a logo: what it shows, for people who cannot see it, such as “Zenith Cares logo”. Up to ${SPONSOR_LOGO_ALT_MAX} characters.`}
      />
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Saving...' : 'Open the match'}
      </Button>
    </Form>
  );
}

function ReportLinks({ pool }: { pool: MatchPool }) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (kind: 'csv' | 'pdf') => {
    if (busy) return;
    setBusy(kind);
    setFailure(null);
    try {
      await downloadReport(pool.id, kind);
      announce(`${pool.sponsorName}'s report is downloaded.`);
    } catch (error) {
      const message = errorMessage(error, { noMessage: 'The report could not be downloaded. Please try again.' });
      setFailure(message);
      announce(message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div>
      <ul className="flex flex-wrap gap-x-6 gap-y-1">
        {(['pdf', 'csv'] as const).map((kind) => (
          <li key={kind}>
            <a
              href={reportAddress(pool.id, kind)}
              download
              aria-busy={busy === kind || undefined}
              onClick={(event) => {
                event.preventDefault();
                void save(kind);
              }}
              className={`${blockLink} gap-2`}
            >
              <Download aria-hidden="true" className="size-5 shrink-0" />
              {busy === kind ? 'Downloading...' : `Sponsor's report (${kind.toUpperCase()})`}
              <span className="sr-only"> for {pool.sponsorName}</span>
            </a>
          </li>
        ))}
      </ul>
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
    </div>
  );
}

function PoolCard({ pool, onClosed }: { pool: MatchPool; onClosed: (sentence: string) => void }) {
  const calls = useMatchCalls();
  const [asking, setAsking] = useState(false);
  const headingId = `match-${pool.id}`;
  const state = STATE[pool.state];
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-3">
            {pool.logoUrl ? (
              <img
                src={pool.logoUrl}
                alt={pool.logoAlt ?? ''}
                className="h-10 w-auto max-w-32 rounded bg-white object-contain p-1 ring-1 ring-gray-300 dark:ring-gray-600"
              />
            ) : null}
            <h3 id={headingId} className="text-xl font-bold">
              {pool.sponsorName}
            </h3>
          </div>
          <StatusBadge tone={state.tone}>{state.word}</StatusBadge>
        </div>
        <p>
          Every naira {matchVerb(pool.ratio)}, {lagosDay(pool.startsAt)} to {lagosDay(pool.endsAt)}, on{' '}
          {pool.allCampaigns ? 'every campaign' : pool.campaigns.map((c) => `${c.title} (${c.id})`).join('; ')}.
        </p>
        <Facts
          layout="compact"
          facts={[
            ['Pool', formatNaira(pool.poolKobo)],
            ['Given', formatNaira(pool.givenKobo)],
            ['Held by checkouts', formatNaira(pool.heldKobo)],
            ['Returned', formatNaira(pool.returnedKobo)],
            ['Left', formatNaira(pool.remainingKobo)],
          ]}
        />
        <ReportLinks pool={pool} />
        {pool.state !== 'closed' ? (
          <div className="mt-auto">
            <Button variant="danger" onClick={() => setAsking(true)}>
              Close early<span className="sr-only"> {pool.sponsorName}'s match</span>
            </Button>
          </div>
        ) : null}
      </article>
      {asking ? (
        <ConfirmDialog
          title={`Close ${pool.sponsorName}'s match now?`}
          isOpen
          onOpenChange={(open) => {
            if (!open) setAsking(false);
          }}
          confirmLabel="Close the match"
          busyLabel="Closing..."
          variant="danger"
          failed="The match could not be closed."
          onConfirm={async () => {
            await calls.close(pool.id);
            setAsking(false);
            onClosed(`${pool.sponsorName}'s match is closed.`);
          }}
        >
          <p>
            Gifts started from now on are not matched, and campaign pages stop saying so. Checkouts already under way
            keep the match they were shown. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

/**
 * /admin/matches: sponsors' match pools (decision 0080). Open one, see what each gave, held and
 * returned, download the sponsor's report, and close one early after confirming.
 */
export default function MatchesPage() {
  const matches = useMatches();
  const { run, view } = useActionFeedback();
  // The page's one banner says each outcome once: a success politely, a refusal as an alert.
  const said = (sentence: string) => void run(async () => sentence, sentence).catch(() => undefined);
  const refused = (sentence: string) =>
    void run(async () => Promise.reject(new Error(sentence)), sentence).catch(() => undefined);
  return (
    <Page
      title="Match pools"
      wide
      intro={
        <p>
          A sponsor matches gifts to campaigns while a window is open, up to its pool. Campaign pages, previews and
          checkout say so while it lasts.
        </p>
      }
    >
      {view}
      <Section title="Open a match" id="match-open">
        <OpenMatchForm onOpened={said} onRefused={refused} />
      </Section>
      <Section title="Pools" id="match-list">
        <QueryView query={matches} failed="Could not fetch the match pools." empty="No match pools yet.">
          {(pools) => (
            <ul aria-label="Match pools, newest first" className="grid gap-4 lg:grid-cols-2">
              {pools.map((p) => (
                <PoolCard key={p.id} pool={p} onClosed={said} />
              ))}
            </ul>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
