import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CatalogProduct } from '@contract/requests';
import { formatNaira } from '@contract/money';
import { freshUserQuery } from '@/lib/session';
import { Button } from '@/ui/button';
import { CatalogCard, truncate } from '@/ui/catalog-card';
import { InfoMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { RequestDialog } from '@/ui/request-dialog';
import { blockLink } from '@/ui/text-link';
import { useCatalog, useRequestDevice } from './api';

export const REQUEST_SENT = 'Your request has been submitted for review.';

function Notice() {
  const me = useQuery(freshUserQuery);
  if (!me.data || me.data.canCreateCampaign) return null;
  if (!me.data.isOnboardingComplete) {
    return (
      <InfoMessage>
        Complete your profile before making a request.{' '}
        <Link to="/onboarding" className={blockLink}>
          Complete your profile
        </Link>
      </InfoMessage>
    );
  }
  return (
    <InfoMessage>
      You already have an active request, so the catalog is closed for now.{' '}
      <Link to="/recipient/status" className={blockLink}>
        View its status
      </Link>
    </InfoMessage>
  );
}

export default function RecipientCatalogPage() {
  const catalog = useCatalog();
  const me = useQuery(freshUserQuery);
  const canRequest = me.data?.canCreateCampaign === true;
  const [chosen, setChosen] = useState<CatalogProduct | null>(null);
  const request = useRequestDevice();
  const navigate = useNavigate();

  return (
    <Page
      title="Device Catalog"
      wide
      intro={<p>Choose one device that would help you most. Our team reviews every request.</p>}
    >
      <div className="space-y-6">
        <Notice />
        <QueryView
          query={catalog}
          failed="Could not fetch the product catalog."
          empty="No products are available in the catalog at this time."
        >
          {(products) => (
            <ul aria-label="Devices you can request" className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {products.map((product) => (
                <CatalogCard
                  key={product.id}
                  name={product.name}
                  price={product.price}
                  imageUrl={product.image_url}
                  image={product.image}
                  headingId={`product-${product.id}`}
                >
                  <p className="flex-1 text-gray-800 dark:text-gray-200">{truncate(product.description, 100)}</p>
                  {canRequest ? (
                    <Button onClick={() => setChosen(product)} className="w-full">
                      Request<span className="sr-only"> {product.name}</span>
                    </Button>
                  ) : null}
                </CatalogCard>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      {chosen ? (
        <RequestDialog
          key={chosen.id}
          title={`Request ${chosen.name}`}
          isOpen
          onOpenChange={(open) => {
            if (!open) setChosen(null);
          }}
          summary={
            <>
              <p>
                {chosen.name}, {formatNaira(chosen.price)}. Donors fund it; you pay nothing.
              </p>
              <p className="mt-2">{chosen.description}</p>
            </>
          }
          failed="Failed to submit your campaign request."
          submit={async (reason) => {
            await request(chosen.id, reason);
            setChosen(null);
            navigate('/recipient/status', { state: { message: REQUEST_SENT } });
          }}
        />
      ) : null}
    </Page>
  );
}
