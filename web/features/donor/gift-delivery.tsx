import type { CampaignDeliveries } from '@contract/deliveries';
import { ResponsiveImage } from '@/ui/responsive-image';
import { VideoModal } from '@/ui/video-modal';

const dayFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-NG');

/**
 * What an organization gift's campaign has handed over so far (decision 0039): units delivered of
 * units funded, and each delivery's date, note, photos with their descriptions and video.
 */
export function GiftDelivery({ delivery, name }: { delivery: CampaignDeliveries; name: string }) {
  const { units_delivered: delivered, units_funded: funded, deliveries } = delivery;
  return (
    <div className="min-w-56 space-y-3">
      <p className="flex min-h-11 items-center font-semibold">
        {countFormat.format(delivered)} of {countFormat.format(funded)} units delivered
      </p>
      {deliveries.length > 0 ? (
        <ul className="space-y-3" aria-label={`Deliveries to ${name}`}>
          {deliveries.map((d) => {
            const day = dayFormat.format(new Date(`${d.delivered_on}T00:00:00Z`));
            return (
              <li key={d.id} className="space-y-2">
                <p>
                  <time dateTime={d.delivered_on}>{day}</time>: {countFormat.format(d.units)}{' '}
                  {d.units === 1 ? 'unit' : 'units'}
                </p>
                {d.note ? <p className="text-gray-700 dark:text-gray-300">{d.note}</p> : null}
                {d.photos.length > 0 ? (
                  <ul className="flex flex-wrap gap-2">
                    {d.photos.map((photo) => (
                      <li key={photo.url}>
                        <ResponsiveImage
                          image={photo.image}
                          src={photo.url}
                          sizes="thumbnail"
                          alt={photo.alt}
                          width={120}
                          height={90}
                          className="h-24 w-32 rounded-lg border border-gray-300 object-cover dark:border-gray-700"
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {d.video_url ? (
                  <VideoModal
                    kind="delivery"
                    name={deliveries.length > 1 ? `${name}, ${day}` : name}
                    url={d.video_url}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
