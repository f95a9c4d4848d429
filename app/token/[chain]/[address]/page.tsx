import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { TokenView } from '@/components/token/token-view';
import { isTokenAddressOn, parseChain, tokenPageHref } from '@/components/token/lib/token-links';
import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, CHAIN_IDS } from '@/server/chains/registry';

interface TokenPageProps {
  params: Promise<{ chain: string; address: string }>;
}

export async function generateMetadata({ params }: TokenPageProps): Promise<Metadata> {
  const { chain, address } = await params;
  return { title: `Token ${decodeURIComponent(address).slice(0, 10)}… on ${parseChain(chain) ?? chain}` };
}

export default async function TokenPage({ params }: TokenPageProps) {
  const { chain: chainText, address: rawAddress } = await params;
  const address = decodeURIComponent(rawAddress).trim();
  const chain = parseChain(decodeURIComponent(chainText));
  if (!chain) {
    return (
      <main className="page token-page">
        <h1>Token</h1>
        <p role="alert" className="card token-error">
          There is no chain called “{decodeURIComponent(chainText)}”. Chains: {CHAIN_IDS.join(', ')}.
        </p>
      </main>
    );
  }
  if (!isTokenAddressOn(chain, address)) {
    return (
      <main className="page token-page">
        <h1>Token</h1>
        <p role="alert" className="card token-error">
          “{address}” is not a token address on {CHAINS[chain].name}
          {` (${familyOf(chain).tokenAddressShape}).`}
        </p>
      </main>
    );
  }
  // One address per page: /token/base/… and /token/BASE/… are the same page.
  if (chainText !== chain || rawAddress !== address) redirect(tokenPageHref(chain, address));
  return (
    <main className="page token-page">
      <TokenView chain={chain} address={address} />
    </main>
  );
}
