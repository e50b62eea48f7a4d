import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrganizationProduct } from '@contract/requests';
import { formatNaira } from '@contract/money';
import { freshUserQuery } from '@/lib/session';
import { Button } from '@/ui/button';
import { CatalogCard, Specifications, truncate } from '@/ui/catalog-card';
import { InfoMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { QuantityStepper } from '@/ui/quantity-stepper';
import { RequestDialog } from '@/ui/request-dialog';
import { blockLink } from '@/ui/text-link';
import { useOrganizationCatalog, useRequestUnits } from './api';

export const ORG_REQUEST_SENT = "Your organization's campaign request has been submitted for review!";
const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

function Notice() {
  const me = useQuery(freshUserQuery);
  if (!me.data || me.data.canCreateCampaign) return null;
  if (!me.data.isOnboardingComplete) {
    return (
      <InfoMessage>
        Complete your organization&rsquo;s profile before making a request.{' '}
        <Link to="/onboarding" className={blockLink}>
          Complete the profile
        </Link>
      </InfoMessage>
    );
  }
  return (
    <InfoMessage>
      Your organization already has an active request. View its status on your{' '}
      <Link to="/organization/dashboard" className={blockLink}>
        dashboard
      </Link>
      .
    </InfoMessage>
  );
}

function ProductCard({
  product,
  canRequest,
  onRequest,
}: {
  product: OrganizationProduct;
  canRequest: boolean;
  onRequest: (quantity: number) => void;
}) {
  const [quantity, setQuantity] = useState(1);
  return (
    <CatalogCard
      name={product.name}
      price={product.price}
      priceLabel="Price per unit"
      imageUrl={product.image_url}
      image={product.image}
      headingId={`product-${product.id}`}
    >
      <p className="text-gray-800 dark:text-gray-200">{truncate(product.description, 100)}</p>
      <Specifications specs={product.specifications} />
      <div className="mt-auto space-y-3 pt-2">
        <QuantityStepper
          label={`Quantity of ${product.name}`}
          value={quantity}
          min={1}
          max={product.max_quantity}
          onChange={setQuantity}
          description={`From 1 to ${product.max_quantity} units.`}
        />
        <p className="text-lg">
          Total price: <output className="font-bold tabular-nums">{formatNaira(product.price * quantity)}</output>
        </p>
        {canRequest ? (
          <Button onClick={() => onRequest(quantity)} className="w-full">
            Request {units(quantity)}
            <span className="sr-only"> of {product.name}</span>
          </Button>
        ) : null}
      </div>
    </CatalogCard>
  );
}

export default function OrganizationCatalogPage() {
  const catalog = useOrganizationCatalog();
  const me = useQuery(freshUserQuery);
  const canRequest = me.data?.canCreateCampaign === true;
  const [chosen, setChosen] = useState<{ product: OrganizationProduct; quantity: number } | null>(null);
  const request = useRequestUnits();
  const navigate = useNavigate();

  return (
    <Page
      title="Organization Product Catalog"
      wide
      intro={<p>Choose a product and the number of units your organization needs. Donors fund each unit.</p>}
    >
      <div className="space-y-6">
        <Notice />
        <QueryView
          query={catalog}
          failed="Could not fetch the organization product catalog."
          empty="No products are available in the organization catalog at this time."
        >
          {(products) => (
            <ul
              aria-label="Products your organization can request"
              className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3"
            >
              {products.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  canRequest={canRequest}
                  onRequest={(quantity) => setChosen({ product, quantity })}
                />
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      {chosen ? (
        <RequestDialog
          key={chosen.product.id}
          title={`Request ${chosen.product.name}`}
          reasonLabel="Why does your organization need these units?"
          isOpen
          onOpenChange={(open) => {
            if (!open) setChosen(null);
          }}
          summary={
            <p>
              {units(chosen.quantity)} of {chosen.product.name} at {formatNaira(chosen.product.price)} each:{' '}
              {formatNaira(chosen.product.price * chosen.quantity)} in total, funded by donors.
            </p>
          }
          failed="Failed to submit your organization campaign request."
          submit={async (reason) => {
            await request(chosen.product.id, chosen.quantity, reason);
            setChosen(null);
            navigate('/organization/dashboard', { state: { message: ORG_REQUEST_SENT } });
          }}
        />
      ) : null}
    </Page>
  );
}
