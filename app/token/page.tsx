import type { Metadata } from 'next';
import { TokenLanding } from '@/components/token/token-landing';

export const metadata: Metadata = { title: 'Tokens' };

export default function TokensPage() {
  return (
    <main className="page token-page">
      <TokenLanding />
    </main>
  );
}
