import { ProgressSteps } from '@/components/swap/progress-steps';
import type { TrackerStep } from './lib/bridge-progress';

/** The steps of a bridge request, each with its transaction on its chain's explorer once there is one. */
export function BridgeSteps({ steps }: { steps: readonly TrackerStep[] }) {
  return <ProgressSteps label="Bridge progress" steps={steps} noteOf={(step) => step.note} />;
}
