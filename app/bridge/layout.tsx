import type { ReactNode } from 'react';
import './bridge.css';

export default function BridgeLayout({ children }: { children: ReactNode }) {
  return children;
}
