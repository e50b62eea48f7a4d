import { ProductsManager } from './products-manager';

export default function AdminProductsPage() {
  return <ProductsManager kind="recipient" />;
}
