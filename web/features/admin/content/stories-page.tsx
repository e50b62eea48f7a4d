import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { STORY_IMAGE_REQUIRED, storyFieldsSchema, type Story } from '@contract/content';
import { ApiError } from '@/lib/api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { uploadFile } from '@/lib/uploads';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ModalDialog } from '@/ui/dialog';
import { FileField, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { dateFormat } from '../shared/admin-format';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';
import { useAdminStories, useContentChange } from './content-api';
import { ResponsiveImage } from '@/ui/responsive-image';

const CREATE_FAILED = 'Failed to create story.';
const UPLOAD_FAILED = 'Failed to upload story image to S3.';

const createSchema = storyFieldsSchema.extend({
  image: fileRule('storyImage', 'an image', true, STORY_IMAGE_REQUIRED),
});
const editSchema = storyFieldsSchema.extend({ image: fileRule('storyImage', 'an image', false) });
type StoryForm = z.input<typeof createSchema>;

/** Sends the image first (product notes 5: the story needs it), then the story; the image's own failure has the product's sentence. */
async function sendImage(file: File | null | undefined): Promise<string | undefined> {
  if (!(file instanceof File)) return undefined;
  try {
    return await uploadFile(file, 'storyImage', () => undefined);
  } catch (error) {
    throw new ApiError(
      error instanceof ApiError ? error.status : 0,
      error instanceof ApiError && error.kind === 'server' && error.status === 400 ? error.message : UPLOAD_FAILED,
    );
  }
}

function StoryFields({ imageHint }: { imageHint: string }) {
  return (
    <>
      <TextField name="title" label="Title" />
      <TextField name="recipient_name" label="Recipient's name" />
      <TextField name="story_text" label="Story" rows={6} />
      <FileField
        name="image"
        label="Image"
        hint={`${imageHint} ${limitText('storyImage')}`}
        accept={acceptFor('storyImage')}
      />
    </>
  );
}

function StoryCard({ story, run }: { story: Story; run: Run }) {
  const [open, setOpen] = useState<null | 'edit' | 'delete'>(null);
  const change = useContentChange();
  const form = useZodForm(editSchema, {
    defaultValues: {
      title: story.title,
      recipient_name: story.recipient_name,
      story_text: story.story_text,
      image: null,
    },
  });
  const busy = form.formState.isSubmitting;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const headingId = `story-${story.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
      >
        {story.image_url ? (
          <ResponsiveImage
            image={story.image}
            src={story.image_url}
            sizes="card"
            width={400}
            height={300}
            className="aspect-4/3 w-full rounded-lg object-cover"
          />
        ) : null}
        <h3 id={headingId} className="text-lg font-bold">
          {story.title}
        </h3>
        <p className="text-gray-700 dark:text-gray-300">
          {story.recipient_name},{' '}
          <time dateTime={story.created_at}>{dateFormat.format(new Date(story.created_at))}</time>
        </p>
        <p className="line-clamp-4">{story.story_text}</p>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen('edit')}>
            <Pencil aria-hidden="true" className="size-5" />
            Edit<span className="sr-only"> {story.title}</span>
          </Button>
          <Button variant="danger" onClick={() => setOpen('delete')}>
            <Trash2 aria-hidden="true" className="size-5" />
            Delete<span className="sr-only"> {story.title}</span>
          </Button>
        </div>
      </article>
      {open === 'edit' ? (
        <ModalDialog title={`Edit "${story.title}"`} isOpen onOpenChange={close} dismissable={!busy} size="lg">
          <Form
            form={form}
            className="mt-4 space-y-5"
            onSubmit={async ({ image, ...words }, helpers) => {
              try {
                await run(
                  async () =>
                    change(`/stories/admin/${story.id}`, 'PUT', { ...words, imageKey: await sendImage(image) }),
                  'Failed to update story.',
                );
                setOpen(null);
              } catch (error) {
                helpers.showServerErrors(error);
              }
            }}
          >
            <StoryFields imageHint="Leave empty to keep the current image." />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setOpen(null)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" aria-disabled={busy || undefined}>
                {busy ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </Form>
        </ModalDialog>
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title="Delete this story?"
          isOpen
          onOpenChange={close}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          variant="danger"
          failed="Failed to delete story."
          onConfirm={async () => {
            await run(() => change(`/stories/admin/${story.id}`, 'DELETE'), 'Failed to delete story.');
            setOpen(null);
          }}
        >
          <p>"{story.title}" and its image are removed from the site. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

/** Manage Success Stories (product notes 2): the stories the home page tells, published, edited and deleted. */
export default function AdminStoriesPage() {
  const stories = useAdminStories();
  const change = useContentChange();
  const { run, view } = useActionFeedback();
  const empty: StoryForm = { title: '', recipient_name: '', story_text: '', image: null };
  const form = useZodForm(createSchema, { defaultValues: empty });
  const busy = form.formState.isSubmitting;
  return (
    <Page
      title="Manage Success Stories"
      wide
      intro={<p>The stories of people whose devices were delivered. New stories show on the home page at once.</p>}
    >
      {view}
      <Section title="Add a story" id="story-add">
        <Form
          form={form}
          onSubmit={async ({ image, ...words }, helpers) => {
            try {
              await run(
                async () => change('/stories/admin', 'POST', { ...words, imageKey: await sendImage(image) }),
                CREATE_FAILED,
              );
              form.reset(empty);
            } catch (error) {
              helpers.showServerErrors(error);
            }
          }}
        >
          <StoryFields imageHint="A photo of the recipient with their device, shared with their consent." />
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Publishing...' : 'Publish Story'}
          </Button>
        </Form>
      </Section>
      <Section title="Stories" id="story-list">
        <QueryView query={stories} failed="Could not fetch stories." empty="No stories yet.">
          {(rows) => (
            <ul aria-label="Stories, newest first" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {rows.map((s) => (
                <StoryCard key={s.id} story={s} run={run} />
              ))}
            </ul>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
