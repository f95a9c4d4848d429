import type { BridgeChain } from '../bridge-chain';

/**
 * A destination chain whose payments stop just before they are signed, until the test lets them go: an
 * instance caught in the middle of a fill.
 */
export function stallAtSigning(chain: BridgeChain): { chain: BridgeChain; signing: Promise<void>; letGo: () => void } {
  let reachedSigning!: () => void;
  const signing = new Promise<void>((resolve) => {
    reachedSigning = resolve;
  });
  let letGo!: () => void;
  const goOn = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const stalled: BridgeChain = Object.assign(Object.create(chain) as BridgeChain, {
    async signPayment(input: Parameters<BridgeChain['signPayment']>[0]) {
      reachedSigning();
      await goOn;
      return chain.signPayment(input);
    },
  });
  return { chain: stalled, signing, letGo };
}
