import { ProductsManager } from './products-manager';

/** One catalogue serves every organization, so the {orgId} in the product's address does not narrow it. */
export default function AdminOrganizationProductsPage() {
  return <ProductsManager kind="organization" />;
}
