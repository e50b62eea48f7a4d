import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNaira } from '@contract/money';
import { carrying } from '@/lib/page';
import { useMayAct } from '@/lib/organization-acts';
import { freshUserQuery } from '@/lib/session';
import { Button } from '@/ui/button';
import { CatalogCard, Specifications, truncate } from '@/ui/catalog-card';
import { InfoMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { QuantityStepper } from '@/ui/quantity-stepper';
import { QueryView } from '@/ui/query-view';
import { RequestDialog } from '@/ui/request-dialog';
import { blockLink } from '@/ui/text-link';
import { useCatalog, useMakeRequest, type Product } from './api';
import { areaPath, type RequesterKind } from './area';
import { KINDS, MEMBER_WORDS, units } from './kinds';

/** Why the catalog offers nothing to press (decision 0014): an unfinished profile, or an open request. */
function Notice({ kind }: { kind: RequesterKind }) {
  const me = useQuery(freshUserQuery);
  const requests = useMayAct('manageCampaigns');
  const completes = useMayAct('manageProfile');
  if (!me.data || me.data.canCreateCampaign) return null;
  // A member whose role makes no request, or does not complete the profile, is told who does (docs/decisions/0075).
  if (!requests) return <InfoMessage>{MEMBER_WORDS.readsCatalog}</InfoMessage>;
  if (!me.data.isOnboardingComplete && !completes)
    return <InfoMessage>{MEMBER_WORDS.ownerCompletesProfile}</InfoMessage>;
  const notice = me.data.isOnboardingComplete ? KINDS[kind].catalog.open : KINDS[kind].catalog.unfinished;
  return (
    <InfoMessage>
      {notice.text}{' '}
      <Link to={notice.to} className={blockLink}>
        {notice.link}
      </Link>
      {notice.after}
    </InfoMessage>
  );
}

/** A product's card; where a kind asks for several units, the number is chosen here, up to the product's limit. */
function ProductCard({
  kind,
  product,
  canRequest,
  onRequest,
}: {
  kind: RequesterKind;
  product: Product;
  canRequest: boolean;
  onRequest: (quantity: number) => void;
}) {
  const [quantity, setQuantity] = useState(1);
  const many = KINDS[kind].catalog.units;
  const description = (
    <p className={`${many ? '' : 'flex-1 '}text-gray-800 dark:text-gray-200`}>{truncate(product.description, 100)}</p>
  );
  return (
    <CatalogCard
      name={product.name}
      price={product.price}
      priceLabel={many ? 'Price per unit' : undefined}
      imageUrl={product.image_url}
      image={product.image}
      headingId={`product-${product.id}`}
    >
      {many ? (
        <>
          {description}
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
        </>
      ) : (
        <>
          {description}
          {canRequest ? (
            <Button onClick={() => onRequest(1)} className="w-full">
              Request<span className="sr-only"> {product.name}</span>
            </Button>
          ) : null}
        </>
      )}
    </CatalogCard>
  );
}

export default function CatalogPage({ kind }: { kind: RequesterKind }) {
  const words = KINDS[kind].catalog;
  const catalog = useCatalog(kind);
  const me = useQuery(freshUserQuery);
  const canRequest = me.data?.canCreateCampaign === true;
  const [chosen, setChosen] = useState<{ product: Product; quantity: number } | null>(null);
  const request = useMakeRequest(kind);
  const navigate = useNavigate();

  return (
    <Page title={words.title} wide intro={<p>{words.intro}</p>}>
      <div className="space-y-6">
        <Notice kind={kind} />
        <QueryView query={catalog} failed={words.failed} empty={words.empty}>
          {(products) => (
            <ul aria-label={words.listLabel} className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {products.map((product) => (
                <ProductCard
                  key={product.id}
                  kind={kind}
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
          reasonLabel={words.reasonLabel}
          isOpen
          onOpenChange={(open) => {
            if (!open) setChosen(null);
          }}
          summary={
            <>
              <p>{words.summary(chosen.product.name, chosen.product.price, chosen.quantity)}</p>
              {/* The card cuts the description; the request is made knowing all of it (decision 0014). */}
              <p className="mt-2">{chosen.product.description}</p>
            </>
          }
          failed={words.failedRequest}
          submit={async (reason) => {
            await request(chosen.product.id, chosen.quantity, reason);
            setChosen(null);
            navigate(areaPath(kind, words.after), { state: carrying(words.sent) });
          }}
        />
      ) : null}
    </Page>
  );
}
