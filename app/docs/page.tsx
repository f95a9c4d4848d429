import type { Metadata } from 'next';
import { ApiReferenceLoader } from '@/components/docs/api-reference-loader';

export const metadata: Metadata = { title: 'API reference' };

export default function DocsPage() {
  return <ApiReferenceLoader />;
}
